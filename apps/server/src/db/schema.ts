import {
  CAPTURE_STATES,
  type Demographic,
  EMOTIONS,
  LABEL_MATCH_TYPES,
  MOMENT_KINDS,
  PARTICIPANT_STATES,
  PARTICIPANT_TYPES,
  PLATFORMS,
  ROLES,
  STREAM_KINDS,
  SUPPORT_STATUSES,
  TARGET_GROUPS,
  TEST_STATES,
  TEST_TYPES,
  VIDEO_SERIES_KINDS,
} from '@limbus/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
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

/** A point the participant was asked to look at: px of the eye stream's frame, first and last epoch ms. */
export type ValidationTargetRecord = { x: number; y: number; start: number; end: number };

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('role', ROLES);
export const testTypeEnum = pgEnum('test_type', TEST_TYPES);
export const platformEnum = pgEnum('platform', PLATFORMS);
export const testStateEnum = pgEnum('test_state', TEST_STATES);
export const targetGroupEnum = pgEnum('target_group', TARGET_GROUPS);
export const tokenKindEnum = pgEnum('token_kind', ['refresh', 'confirmation', 'reset']);
export const participantTypeEnum = pgEnum('participant_type', PARTICIPANT_TYPES);
export const participantStateEnum = pgEnum('participant_state', PARTICIPANT_STATES);
export const streamKindEnum = pgEnum('stream_kind', STREAM_KINDS);
export const emotionEnum = pgEnum('emotion', EMOTIONS);
export const labelMatchTypeEnum = pgEnum('label_match_type', LABEL_MATCH_TYPES);

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull().unique(),
});

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'set null' }),
    adminId: integer('admin_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    consultantId: integer('consultant_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    businessDeveloperId: integer('business_developer_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    licenceAnalysis: boolean('licence_analysis').notNull().default(false),
    licenceResearch: boolean('licence_research').notNull().default(false),
    /** The demo company: its users all have role demo (spec: company 1). */
    isDemo: boolean('is_demo').notNull().default(false),
    /** The provider's own company: resource authoring and the insights wizard (spec: company 2). */
    isProvider: boolean('is_provider').notNull().default(false),
    /** The language of generated insights (spec 3 §7: Dutch). */
    aiInsightLanguage: text('ai_insight_language').notNull().default('Dutch'),
    /** Tokens the company's AI calls may use per calendar month (UTC). */
    aiMonthlyTokenBudget: integer('ai_monthly_token_budget').notNull().default(2_000_000),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('companies_name_lower_idx').on(sql`lower(${table.name})`)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** Null until an invited user sets a password. */
    passwordHash: text('password_hash'),
    role: roleEnum('role').notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** In every access token; raised by a sign-out or password reset, which ends the tokens issued before. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('users_email_idx').on(table.email), index('users_company_idx').on(table.companyId)],
);

export const profiles = pgTable('profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  newsletter: boolean('newsletter').notNull().default(false),
});

export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    comments: text('comments').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    index('contracts_company_idx').on(table.companyId),
    check('contracts_dates_check', sql`${table.startDate} < ${table.endDate}`),
  ],
);

export const bundles = pgTable(
  'bundles',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    testType: testTypeEnum('test_type').notNull(),
    tests: integer('tests').notNull(),
    /** Tests of this bundle consumed by requested tests; never above `tests`. */
    requested: integer('requested').notNull().default(0),
    comments: text('comments').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    index('bundles_contract_idx').on(table.contractId),
    check('bundles_requested_check', sql`${table.requested} >= 0 AND ${table.requested} <= ${table.tests}`),
  ],
);

/** Refresh, confirmation (activation and invitation) and reset tokens; only their SHA-256 is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: tokenKindEnum('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Refresh tokens of one sign-in share a family; reuse of a rotated one revokes the family. */
    familyId: text('family_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('auth_tokens_hash_idx').on(table.tokenHash),
    index('auth_tokens_family_idx').on(table.familyId),
    index('auth_tokens_user_idx').on(table.userId),
  ],
);

/** The Test entity of spec 2 §3. Questions, associations and results live in their own tables. */
export const tests = pgTable(
  'tests',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    purpose: text('purpose').notNull().default(''),
    testType: testTypeEnum('test_type').notNull().default('professional'),
    platform: platformEnum('platform').notNull().default('desktop'),
    state: testStateEnum('state').notNull().default('draft'),
    internalState: text('internal_state'),
    translation: text('translation').notNull().default('English'),
    focusElements: jsonb('focus_elements').$type<string[]>().notNull().default([]),
    scenario: text('scenario').notNull().default(''),
    url: text('url').notNull().default(''),
    stopMoment: text('stop_moment').notNull().default(''),
    targetGroup: targetGroupEnum('target_group').notNull().default('default'),
    customTarget: text('custom_target').notNull().default(''),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requesterId: integer('requester_id').references(() => users.id, { onDelete: 'set null' }),
    researcherId: integer('researcher_id').references(() => users.id, { onDelete: 'set null' }),
    categoryId: integer('category_id').references((): AnyPgColumn => categories.id, { onDelete: 'set null' }),
    flowId: integer('flow_id').references((): AnyPgColumn => flows.id, { onDelete: 'set null' }),
    brandName: text('brand_name').notNull().default(''),
    comments: text('comments').notNull().default(''),
    deliveryDate: text('delivery_date').notNull().default(''),
    externalApp: boolean('external_app').notNull().default(false),
    minimumParticipantsForMetrics: integer('minimum_participants_for_metrics').notNull().default(5),
    translationLanguage: text('translation_language').notNull().default(''),
    video: text('video'),
    timing: text('timing').notNull().default(''),
    addons: jsonb('addons').$type<string[]>().notNull().default([]),
    /** The associations a researcher chose to show on a video test's qualitative feedback (at most 5). */
    shownAssociationIds: jsonb('shown_association_ids').$type<number[]>().notNull().default([]),
    /** The bundle whose credit the test consumed when it left draft; given back when it is deleted or set back to draft. */
    creditBundleId: integer('credit_bundle_id').references(() => bundles.id, { onDelete: 'set null' }),
    report: text('report'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('tests_company_idx').on(table.companyId, table.updatedAt)],
);

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

/** Emotion peaks found by detection; researchers comment, tag and mark false positives. */
export const significantPoints = pgTable(
  'significant_points',
  {
    id: serial('id').primaryKey(),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
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
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (table) => [uniqueIndex('tags_test_name_idx').on(table.testId, sql`lower(${table.name})`)],
);

export const significantPointTags = pgTable(
  'significant_point_tags',
  {
    significantPointId: integer('significant_point_id')
      .notNull()
      .references(() => significantPoints.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
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
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    urls: jsonb('urls').$type<string[]>().notNull().default([]),
    matchType: labelMatchTypeEnum('match_type').notNull().default('starts_with'),
  },
  (table) => [index('labels_test_idx').on(table.testId)],
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
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
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

/** Parts of a participant's recording marked by a researcher, each linked to a page title. */
export const sections = pgTable(
  'sections',
  {
    id: serial('id').primaryKey(),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    labelId: integer('label_id').references(() => labels.id, { onDelete: 'set null' }),
    /** Epoch milliseconds. */
    timestampStart: doublePrecision('timestamp_start').notNull(),
    timestampEnd: doublePrecision('timestamp_end').notNull(),
  },
  (table) => [index('sections_participant_idx').on(table.participantId, table.timestampStart)],
);

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

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const jobStateEnum = pgEnum('job_state', JOB_STATES);

/**
 * Durable background jobs of the in-process runner (jobs/job-runner.ts). A running job holds a
 * lease (`locked_until`); when its process dies, another claim takes it once the lease is over.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: jobStateEnum('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The claim walks the queued and running jobs in its order and stops at the first due one; an
  // index on (state, run_after) cannot give that order, so each claim sorted every due job.
  (table) => [
    index('jobs_due_idx').on(table.runAfter, table.id).where(sql`${table.state} in ('queued', 'running')`),
  ],
);

/**
 * Rate limit counters shared by several API processes (RATE_LIMIT_STORE=postgres): one row per
 * route and client key, counting until `reset_at`.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const TEST_METRIC_KINDS = ['pages', 'tags'] as const;

/** Page and tag metrics of a test, recomputed by a job after each finished participant. */
export const testMetrics = pgTable(
  'test_metrics',
  {
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TEST_METRIC_KINDS }).notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.testId, table.kind] })],
);

export const supportStatusEnum = pgEnum('support_status', SUPPORT_STATUSES);

/** A support chat conversation (DESIGN §4): started by a user of a company, answered by the provider's staff. */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The starter; only they and staff see the conversation. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    status: supportStatusEnum('status').notNull().default('open'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    index('support_conversations_user_idx').on(table.userId),
    index('support_conversations_last_message_idx').on(table.lastMessageAt),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Plain text, at most 5000 characters. */
    body: text('body').notNull(),
    isStaff: boolean('is_staff').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('support_messages_conversation_idx').on(table.conversationId, table.id)],
);

/** Test categories and flows (spec 2 §3: a test's category_id and flow_id); reference data (db/reference-data.ts). */
export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const flows = pgTable('flows', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const QUESTION_KINDS = ['open', 'scale', 'association'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/**
 * A test's questionnaire: open questions, scale questions (evaluations, answered 1 to 5 between
 * two captions) and associations. `is_default` marks the ones every test of its kind starts with.
 */
export const testQuestions = pgTable(
  'test_questions',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: QUESTION_KINDS }).notNull(),
    text: text('text').notNull(),
    description: text('description').notNull().default(''),
    captionLow: text('caption_low').notNull().default(''),
    captionHigh: text('caption_high').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    index('test_questions_test_idx').on(table.testId, table.kind, table.position),
    check(
      'test_questions_kind_check',
      sql.raw(`kind in (${QUESTION_KINDS.map((kind) => `'${kind}'`).join(', ')})`),
    ),
  ],
);

/** A participant's answer to one question; one per question and participant. */
export const answers = pgTable(
  'answers',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => testQuestions.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
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

/** Researchers group significant points into insights (spec 2 §3 Insight). */
export const insights = pgTable(
  'insights',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('insights_test_assigned_idx').on(table.testId, table.assignedId)],
);

export const insightSignificantPoints = pgTable(
  'insight_significant_points',
  {
    insightId: integer('insight_id')
      .notNull()
      .references(() => insights.id, { onDelete: 'cascade' }),
    significantPointId: integer('significant_point_id')
      .notNull()
      .references(() => significantPoints.id, { onDelete: 'cascade' }),
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
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
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

/** The knowledge library (spec 2 §3 Resource): written by the provider, read by everyone once published. */
export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** Sanitized HTML. */
    body: text('body').notNull().default(''),
    resourceType: integer('resource_type').notNull().default(0),
    date: date('date', { mode: 'string' }).notNull().defaultNow(),
    author: text('author').notNull().default(''),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** File key of the cover image. */
    image: text('image'),
    published: boolean('published').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('resources_published_idx').on(table.published, table.date),
    check('resources_type_check', sql`${table.resourceType} between 0 and 4`),
  ],
);

export const resourceTags = pgTable(
  'resource_tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
  },
  (table) => [uniqueIndex('resource_tags_name_idx').on(sql`lower(${table.name})`)],
);

export const resourceTagLinks = pgTable(
  'resource_tag_links',
  {
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => resourceTags.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.resourceId, table.tagId] }),
    index('resource_tag_links_tag_idx').on(table.tagId),
  ],
);

/** A company's folder of predictions (spec 3 /predictions/projects; real, not the spec's placeholders). */
export const predictionProjects = pgTable(
  'prediction_projects',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requesterId: integer('requester_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('prediction_projects_company_idx').on(table.companyId, table.id)],
);

/** Predicted attention on an uploaded screenshot (spec 3 §3 Prediction/heatmap); images in the file store. */
export const predictions = pgTable(
  'predictions',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requesterId: integer('requester_id').references(() => users.id, { onDelete: 'set null' }),
    /** The project it is filed in; deleting the project leaves its predictions unfiled. */
    projectId: integer('project_id').references(() => predictionProjects.id, { onDelete: 'set null' }),
    /** The test's heatmap page whose screenshot it predicts (measured against predicted); kept when the page goes. */
    heatmapId: integer('heatmap_id').references(() => heatmaps.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    application: text('application').notNull().default(''),
    /** Format of the uploaded screenshot: 'png' or 'jpg'. */
    imageFormat: text('image_format').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** When the model's images were stored; null before the first generation. */
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    peekthroughAttentionShare: real('peekthrough_attention_share'),
    /** The latest generation job: null when none was asked for (or made by the seed directly). */
    generationState: text('generation_state', { enum: CAPTURE_STATES }),
    generationProgress: integer('generation_progress').notNull().default(0),
    generationMessage: text('generation_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('predictions_company_idx').on(table.companyId, table.id),
    index('predictions_project_idx').on(table.projectId),
    check('predictions_image_format_check', sql`${table.imageFormat} in ('png', 'jpg')`),
  ],
);

/** A box drawn on a prediction (spec 3 §3 Area of interest); `value` is its share of the attention. */
export const areasOfInterest = pgTable(
  'areas_of_interest',
  {
    id: serial('id').primaryKey(),
    predictionId: integer('prediction_id')
      .notNull()
      .references(() => predictions.id, { onDelete: 'cascade' }),
    /** n of the default name 'Box {n}': one more than the prediction's highest so far. */
    ordinal: integer('ordinal').notNull(),
    name: text('name'),
    top: real('top').notNull(),
    left: real('left').notNull(),
    width: real('width').notNull(),
    height: real('height').notNull(),
    value: real('value'),
    createdAt: createdAt(),
  },
  (table) => [index('areas_of_interest_prediction_idx').on(table.predictionId, table.id)],
);

/** AI tokens a company used per calendar month (UTC, 'YYYY-MM'), as the model reported them. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
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
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
