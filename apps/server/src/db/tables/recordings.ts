import {
  CAPTURE_STATES,
  type Demographic,
  EMOTIONS,
  LABEL_MATCH_TYPES,
  PARTICIPANT_SOURCES,
  PARTICIPANT_STATES,
  PARTICIPANT_TYPES,
  STREAM_KINDS,
} from '@limbus/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
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
import { belongsTo, createdAt, updatedAt } from './columns.js';
import { type ScreenGeometryRecord, testQuestions, testSetups, tests } from './user-tests.js';

// Recorded participants, their streams and uploads, and what researchers mark on them: significant points, tags, page titles (labels), sections and heatmap pages.

/** Why data of a participant was removed while the participant stays. */
export type RemovalReason = 'retention' | 'withdrawal';
/** Removed kinds of data (`screen` or a stream kind) with when (ISO) and why. */
export type RemovedData = Partial<Record<string, { at: string; reason: RemovalReason }>>;

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
    testId: belongsTo('test_id', () => tests.id),
    realId: text('real_id').notNull(),
    type: participantTypeEnum('type').notNull().default('default'),
    state: participantStateEnum('state').notNull().default('recording'),
    /** lab, or webcam for a remote cohort's participant (issue 30, docs/remote-studies.md). */
    source: text('source', { enum: PARTICIPANT_SOURCES }).notNull().default('lab'),
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
    /** The pseudonym of the participant's audit entries and erasure receipt (docs/data-rights.md). */
    auditSubject: text('audit_subject')
      .notNull()
      .default(sql`substr(md5(random()::text || clock_timestamp()::text), 1, 16)`),
    /** Data removed while the participant stays, by kind (screen, a stream): when and why. */
    removedData: jsonb('removed_data').$type<RemovedData>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('participants_test_real_id_idx').on(table.testId, table.realId),
    check('participants_total_clicks_check', sql`${table.totalClicks} >= 0`),
    check('participants_source_check', sql`${table.source} in ('lab', 'webcam')`),
  ],
);

/** One row per stored stream file, written only after the file is complete. */
export const participantStreams = pgTable(
  'participant_streams',
  {
    participantId: belongsTo('participant_id', () => participants.id),
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

/**
 * Stream batches a recorder sent for a participant still recording: each is its own chunk file
 * `ingest/<participantId>/<kind>/<seq>.lmbs`, and this row is written only once the file is in
 * place. The finish call merges them in seq order into the participant's stream and removes them.
 */
export const ingestBatches = pgTable(
  'ingest_batches',
  {
    participantId: belongsTo('participant_id', () => participants.id),
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

export const emotionEnum = pgEnum('emotion', EMOTIONS);
export const labelMatchTypeEnum = pgEnum('label_match_type', LABEL_MATCH_TYPES);

/** Emotion peaks found by detection; researchers comment, tag and mark false positives. */
export const significantPoints = pgTable(
  'significant_points',
  {
    id: serial('id').primaryKey(),
    participantId: belongsTo('participant_id', () => participants.id),
    emotion: emotionEnum('emotion').notNull(),
    /** Epoch milliseconds of the peak. */
    timestampTop: doublePrecision('timestamp_top').notNull(),
    score: real('score').notNull().default(0),
    ranking: integer('ranking').notNull().default(0),
    comment: text('comment').notNull().default(''),
    translation: text('translation').notNull().default(''),
    falsePositive: boolean('false_positive').notNull().default(false),
    /** Set when a researcher changed the point: a recomputation keeps it. */
    edited: boolean('edited').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('significant_points_participant_idx').on(table.participantId, table.timestampTop)],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    testId: belongsTo('test_id', () => tests.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (table) => [uniqueIndex('tags_test_name_idx').on(table.testId, sql`lower(${table.name})`)],
);

export const significantPointTags = pgTable(
  'significant_point_tags',
  {
    significantPointId: belongsTo('significant_point_id', () => significantPoints.id),
    tagId: belongsTo('tag_id', () => tags.id),
  },
  (table) => [
    primaryKey({ columns: [table.significantPointId, table.tagId] }),
    index('significant_point_tags_tag_idx').on(table.tagId),
  ],
);

/** Page titles of a test; sections and page visits point at them. */
export const labels = pgTable(
  'labels',
  {
    id: serial('id').primaryKey(),
    testId: belongsTo('test_id', () => tests.id),
    name: text('name').notNull(),
    urls: jsonb('urls').$type<string[]>().notNull().default([]),
    matchType: labelMatchTypeEnum('match_type').notNull().default('starts_with'),
  },
  (table) => [index('labels_test_idx').on(table.testId)],
);

/** Parts of a participant's recording marked by a researcher, each linked to a page title. */
export const sections = pgTable(
  'sections',
  {
    id: serial('id').primaryKey(),
    participantId: belongsTo('participant_id', () => participants.id),
    labelId: integer('label_id').references(() => labels.id, { onDelete: 'set null' }),
    /** Epoch milliseconds. */
    timestampStart: doublePrecision('timestamp_start').notNull(),
    timestampEnd: doublePrecision('timestamp_end').notNull(),
  },
  (table) => [index('sections_participant_idx').on(table.participantId, table.timestampStart)],
);

/**
 * Heatmap pages of a test (spec 3 §2): gaze and clicks of the visits whose URL matches are drawn
 * over the screenshot (a file of the store, `heatmap-screenshots/<test>/<name>`). The latest
 * server-side capture keeps its state, progress (0–100) and the message shown when it failed.
 */
export const heatmaps = pgTable(
  'heatmaps',
  {
    id: serial('id').primaryKey(),
    testId: belongsTo('test_id', () => tests.id),
    name: text('name').notNull().default(''),
    url: text('url').notNull().default(''),
    matchType: labelMatchTypeEnum('match_type').notNull().default('exact'),
    screenshot: text('screenshot'),
    /** The screenshot's size in px, read from its header when stored (null for rows from before 0022 until read). */
    screenshotWidth: integer('screenshot_width'),
    screenshotHeight: integer('screenshot_height'),
    captureState: text('capture_state', { enum: CAPTURE_STATES }),
    captureProgress: integer('capture_progress').notNull().default(0),
    captureMessage: text('capture_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('heatmaps_test_idx').on(table.testId)],
);

/** A participant's answer to one question; one per question and participant. */
export const answers = pgTable(
  'answers',
  {
    id: serial('id').primaryKey(),
    questionId: belongsTo('question_id', () => testQuestions.id),
    participantId: belongsTo('participant_id', () => participants.id),
    text: text('text').notNull().default(''),
    /** The open answer in the test's translation language, as a significant point's comment has; '' for none. */
    translation: text('translation').notNull().default(''),
    /** 1 to 5 for scale questions. */
    score: integer('score'),
    checked: boolean('checked').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('answers_question_participant_idx').on(table.questionId, table.participantId),
    index('answers_participant_idx').on(table.participantId),
    check('answers_score_check', sql`${table.score} is null or ${table.score} between 1 and 5`),
  ],
);
