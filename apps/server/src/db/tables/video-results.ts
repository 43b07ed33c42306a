import { MOMENT_KINDS, VIDEO_SERIES_KINDS } from '@limbus/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { labels } from './annotations.js';
import { updatedAt } from './columns.js';
import { participants } from './participants.js';

/**
 * A consultant's note on a scene of a video test (spec 3 §3): one per kind (summary 0,
 * explanation 1, suggestion 2) and scene, the scene being the label of the video section.
 */
export const consultancyNotes = pgTable(
  'consultancy_notes',
  {
    id: serial('id').primaryKey(),
    labelId: integer('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
    noteType: integer('note_type').notNull(),
    note: text('note').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('consultancy_notes_label_type_idx').on(table.labelId, table.noteType),
    check('consultancy_notes_type_check', sql`${table.noteType} between 0 and 2`),
  ],
);

/** Moments of a video test's aggregate participant (joy, attention, frustration, spread, fluency). */
export const moments = pgTable(
  'moments',
  {
    id: serial('id').primaryKey(),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    emotion: text('emotion', { enum: MOMENT_KINDS }).notNull(),
    /** Milliseconds. */
    start: doublePrecision('start').notNull(),
    end: doublePrecision('end').notNull(),
  },
  (table) => [
    index('moments_participant_idx').on(table.participantId, table.start),
    check(
      'moments_emotion_check',
      sql.raw(`emotion in (${MOMENT_KINDS.map((kind) => `'${kind}'`).join(', ')})`),
    ),
  ],
);

/**
 * Spread and fluency of a video test's aggregate participant (video_heatmap): value k belongs to
 * k × step_ms after the video's start; null where it is undefined (fewer than two viewers).
 */
export const videoSeries = pgTable(
  'video_series',
  {
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: VIDEO_SERIES_KINDS }).notNull(),
    stepMs: doublePrecision('step_ms').notNull(),
    values: jsonb('values').$type<(number | null)[]>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.participantId, table.kind] }),
    check(
      'video_series_kind_check',
      sql.raw(`kind in (${VIDEO_SERIES_KINDS.map((kind) => `'${kind}'`).join(', ')})`),
    ),
  ],
);

/**
 * The mean scores over the whole video of a video test's aggregate participant (video_heatmap),
 * 0 to 1, written by processing: the norms compare a test's scenes with these of other tests.
 */
export const videoScoreMeans = pgTable('video_score_means', {
  participantId: integer('participant_id')
    .primaryKey()
    .references(() => participants.id, { onDelete: 'cascade' }),
  joy: doublePrecision('joy').notNull(),
  attention: doublePrecision('attention').notNull(),
  frustration: doublePrecision('frustration').notNull(),
});
