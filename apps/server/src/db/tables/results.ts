import { CAPTURE_STATES, COHORTS, MOMENT_KINDS, VIDEO_SERIES_KINDS } from '@limbus/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.js';
import { belongsTo, createdAt, updatedAt } from './columns.js';
import { labels, participants, significantPoints, tags } from './recordings.js';
import { tests } from './user-tests.js';

// Results written on recordings: insights and suggestions, the video test's notes, moments and series, and the AI's usage and insight generations.

/** Researchers group significant points into insights (spec 2 §3 Insight). */
export const insights = pgTable(
  'insights',
  {
    id: serial('id').primaryKey(),
    testId: belongsTo('test_id', () => tests.id),
    /** The insight's number within its test, from 1. */
    assignedId: integer('assigned_id').notNull(),
    title: text('title').notNull(),
    behaviorComment: text('behavior_comment').notNull().default(''),
    eegComment: text('eeg_comment').notNull().default(''),
    eyeTrackingComment: text('eye_tracking_comment').notNull().default(''),
    touchTrackingComment: text('touch_tracking_comment').notNull().default(''),
    explanation: text('explanation').notNull().default('...'),
    summary: text('summary').notNull().default('...'),
    suggestion: text('suggestion').notNull().default(''),
    focusPoint: text('focus_point').notNull().default(''),
    highlightId: integer('highlight_id').references(() => significantPoints.id, { onDelete: 'set null' }),
    /** File key of the highlight image. */
    highlightImage: text('highlight_image'),
    /** An erasure removed points this insight cited: the researcher keeps or rewrites it. */
    evidenceWithdrawnAt: timestamp('evidence_withdrawn_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('insights_test_assigned_idx').on(table.testId, table.assignedId)],
);

export const insightSignificantPoints = pgTable(
  'insight_significant_points',
  {
    insightId: belongsTo('insight_id', () => insights.id),
    significantPointId: belongsTo('significant_point_id', () => significantPoints.id),
  },
  (table) => [
    primaryKey({ columns: [table.insightId, table.significantPointId] }),
    index('insight_significant_points_point_idx').on(table.significantPointId),
  ],
);

/** Suggestions of a test, ranked from 1 (spec 2 §3 Suggestion); texts are sanitized HTML. */
export const suggestions = pgTable(
  'suggestions',
  {
    id: serial('id').primaryKey(),
    testId: belongsTo('test_id', () => tests.id),
    title: text('title').notNull(),
    suggestion: text('suggestion').notNull().default(''),
    additionalInfo: text('additional_info').notNull().default(''),
    rank: integer('rank').notNull().default(0),
    effort: integer('effort'),
    impact: integer('impact'),
    nextStep: integer('next_step'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    insightId: integer('insight_id').references(() => insights.id, { onDelete: 'set null' }),
    done: boolean('done').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('suggestions_test_idx').on(table.testId, table.rank),
    check('suggestions_effort_check', sql`${table.effort} is null or ${table.effort} between 1 and 3`),
    check('suggestions_impact_check', sql`${table.impact} is null or ${table.impact} between 1 and 3`),
    check('suggestions_next_step_check', sql`${table.nextStep} is null or ${table.nextStep} between 1 and 4`),
  ],
);

/**
 * A consultant's note on a scene of a video test (spec 3 §3): one per kind (summary 0,
 * explanation 1, suggestion 2) and scene, the scene being the label of the video section.
 */
export const consultancyNotes = pgTable(
  'consultancy_notes',
  {
    id: serial('id').primaryKey(),
    labelId: belongsTo('label_id', () => labels.id),
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
    participantId: belongsTo('participant_id', () => participants.id),
    emotion: text('emotion', { enum: MOMENT_KINDS }).notNull(),
    /** Milliseconds. */
    start: doublePrecision('start').notNull(),
    end: doublePrecision('end').notNull(),
    /** Whose gaze a spread or fluency moment is: everyone's, or one cohort's (video_cohort_heatmaps). */
    cohort: text('cohort', { enum: COHORTS }).notNull().default('all'),
  },
  (table) => [
    index('moments_participant_idx').on(table.participantId, table.start),
    check(
      'moments_emotion_check',
      sql.raw(`emotion in (${MOMENT_KINDS.map((kind) => `'${kind}'`).join(', ')})`),
    ),
    check(
      'moments_cohort_check',
      sql.raw(`cohort in (${COHORTS.map((cohort) => `'${cohort}'`).join(', ')})`),
    ),
  ],
);

/**
 * A cohort's own gaze result of a video test with both cohorts, written by processing beside
 * everyone's: its heatmap video (a file key; null without the test's video) and how many viewers
 * it counts. Its spread and fluency moments are moments of that cohort.
 */
export const videoCohortHeatmaps = pgTable(
  'video_cohort_heatmaps',
  {
    participantId: belongsTo('participant_id', () => participants.id),
    cohort: text('cohort', { enum: ['lab', 'remote'] }).notNull(),
    viewers: integer('viewers').notNull(),
    /** Of them, the viewers with EEG emotions (webcam viewers have none). */
    emotionViewers: integer('emotion_viewers').notNull(),
    video: text('video'),
  },
  (table) => [
    primaryKey({ columns: [table.participantId, table.cohort] }),
    check('video_cohort_heatmaps_cohort_check', sql`${table.cohort} in ('lab', 'remote')`),
  ],
);

/**
 * Spread and fluency of a video test's aggregate participant (video_heatmap): value k belongs to
 * k × step_ms after the video's start; null where it is undefined (fewer than two viewers).
 */
export const videoSeries = pgTable(
  'video_series',
  {
    participantId: belongsTo('participant_id', () => participants.id),
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

/** AI tokens a company used per calendar month (UTC, 'YYYY-MM'), as the model reported them. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    companyId: belongsTo('company_id', () => companies.id),
    month: text('month').notNull(),
    tokens: integer('tokens').notNull().default(0),
    calls: integer('calls').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.month] })],
);

/**
 * Insight generations of the wizard (POST /tests/{id}/ai/insights), run by a `generate_insight`
 * job: queued, running, done with the proposal, or failed with the code and message the screen
 * shows. Read by the user who asked (requester) and provider staff.
 */
export const aiInsightGenerations = pgTable(
  'ai_insight_generations',
  {
    id: serial('id').primaryKey(),
    testId: belongsTo('test_id', () => tests.id),
    requesterId: belongsTo('requester_id', () => users.id),
    /** Null once the tag is removed: the job then fails with the reason. */
    tagId: integer('tag_id').references(() => tags.id, { onDelete: 'set null' }),
    focusPoint: text('focus_point').notNull().default(''),
    state: text('state', { enum: CAPTURE_STATES }).notNull().default('queued'),
    /** Runs started on it; a run finishes only the attempt it started (a runner taken over may still answer). */
    attempts: integer('attempts').notNull().default(0),
    /** The InsightProposal of the contract once done. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('ai_insight_generations_test_idx').on(table.testId, table.id)],
);
