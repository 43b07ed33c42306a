import { bigint, doublePrecision, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { participants, streamKindEnum } from './participants.js';

/**
 * Stream batches a recorder sent for a participant still recording: each is its own chunk file
 * `ingest/<participantId>/<kind>/<seq>.lmbs`, and this row is written only once the file is in
 * place. The finish call merges them in seq order into the participant's stream and removes them.
 */
export const ingestBatches = pgTable(
  'ingest_batches',
  {
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    kind: streamKindEnum('kind').notNull(),
    seq: integer('seq').notNull(),
    sampleCount: integer('sample_count').notNull(),
    /** Epoch milliseconds; null for an empty batch. */
    firstTimestamp: doublePrecision('first_timestamp'),
    lastTimestamp: doublePrecision('last_timestamp'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.participantId, table.kind, table.seq] })],
);

/** A resumable video upload in progress: the bytes so far are the part file `uploads/<participantId>.part`. */
export const videoUploads = pgTable('video_uploads', {
  participantId: integer('participant_id')
    .primaryKey()
    .references(() => participants.id, { onDelete: 'cascade' }),
  /** The size announced when the upload started, in bytes. */
  size: bigint('size', { mode: 'number' }).notNull(),
  filename: text('filename').notNull().default(''),
  createdAt: createdAt(),
});
