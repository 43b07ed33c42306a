import { jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** A screen and viewing distance as stored (px, mm, mm); docs/gaze-analytics.md, Geometry. */
export type ScreenGeometryRecord = {
  widthPx: number;
  heightPx: number;
  widthMm: number;
  heightMm: number;
  distanceMm: number;
};

export type TestSetupStatus = {
  eeg: boolean;
  eye: boolean;
  mouse: boolean;
  tapp: boolean;
  recorder: boolean;
  redis: boolean;
};

/** Lab recorders: they authenticate with a per-setup key (stored hashed) and report status by heartbeat. */
export const testSetups = pgTable(
  'test_setups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ip: text('ip').notNull().default(''),
    keyHash: text('key_hash').notNull(),
    status: jsonb('status')
      .$type<TestSetupStatus>()
      .notNull()
      .default({ eeg: false, eye: false, mouse: false, tapp: false, recorder: false, redis: false }),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
    /** The setup's screen and viewing distance; null: the documented default. */
    geometry: jsonb('geometry').$type<ScreenGeometryRecord>(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('test_setups_key_hash_idx').on(table.keyHash)],
);
