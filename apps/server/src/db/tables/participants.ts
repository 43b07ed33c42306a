import { type Demographic, PARTICIPANT_STATES, PARTICIPANT_TYPES, STREAM_KINDS } from '@limbus/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { type ScreenGeometryRecord, testSetups } from './test-setups.js';
import { tests } from './tests.js';

/** A point the participant was asked to look at: px of the eye stream's frame, first and last epoch ms. */
export type ValidationTargetRecord = { x: number; y: number; start: number; end: number };

export const participantTypeEnum = pgEnum('participant_type', PARTICIPANT_TYPES);
export const participantStateEnum = pgEnum('participant_state', PARTICIPANT_STATES);
export const streamKindEnum = pgEnum('stream_kind', STREAM_KINDS);

/**
 * A participant of a test (spec 2 §3). Its sample streams are files (participant_streams names
 * them); `real_id` is the recorder's own id, unique per test, which makes uploads idempotent.
 */
export const participants = pgTable(
  'participants',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    realId: text('real_id').notNull(),
    type: participantTypeEnum('type').notNull().default('default'),
    state: participantStateEnum('state').notNull().default('recording'),
    demographic: jsonb('demographic')
      .$type<Demographic>()
      .notNull()
      .default({ age: null, gender: null, education: null }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** File key of the screen recording. */
    video: text('video'),
    totalClicks: integer('total_clicks').notNull().default(0),
    favourite: boolean('favourite').notNull().default(false),
    /** A researcher left the participant out of the test's metrics (low data quality, docs/gaze-analytics.md). */
    excludedFromMetrics: boolean('excluded_from_metrics').notNull().default(false),
    /** EEG signal quality the lab reported when finishing (share of the recording with good contact, 0–1); null when not sent. */
    eegQuality: real('eeg_quality'),
    /** Validation targets the lab showed (px of the eye stream's frame, epoch ms): gaze accuracy is measured on them. */
    validationTargets: jsonb('validation_targets').$type<ValidationTargetRecord[]>().notNull().default([]),
    /** The recorder that created the participant: its geometry applies unless the participant has its own. */
    setupId: integer('setup_id').references((): AnyPgColumn => testSetups.id, { onDelete: 'set null' }),
    /** The participant's own screen and viewing distance (sent when finishing); null: the setup's. */
    geometry: jsonb('geometry').$type<ScreenGeometryRecord>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('participants_test_real_id_idx').on(table.testId, table.realId),
    check('participants_total_clicks_check', sql`${table.totalClicks} >= 0`),
  ],
);

/** One row per stored stream file, written only after the file is complete. */
export const participantStreams = pgTable(
  'participant_streams',
  {
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    kind: streamKindEnum('kind').notNull(),
    fileKey: text('file_key').notNull(),
    sampleCount: integer('sample_count').notNull(),
    /** Size of the stored (brotli-compressed) file. */
    byteSize: integer('byte_size').notNull(),
    /** Epoch milliseconds; null for an empty stream. */
    firstTimestamp: doublePrecision('first_timestamp'),
    lastTimestamp: doublePrecision('last_timestamp'),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.participantId, table.kind] })],
);
