import { PLATFORMS, TARGET_GROUPS, TEST_STATES } from '@limbus/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bundles, companies, testTypeEnum, users } from './accounts.js';
import { belongsTo, createdAt, updatedAt } from './columns.js';

// Tests with their categories, flows, metrics and questionnaires, and the lab recorders (test setups) that record them.

export const platformEnum = pgEnum('platform', PLATFORMS);
export const testStateEnum = pgEnum('test_state', TEST_STATES);
export const targetGroupEnum = pgEnum('target_group', TARGET_GROUPS);

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
    companyId: belongsTo('company_id', () => companies.id),
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
    /** When the test last became done: the retention of its recordings counts from here. */
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('tests_company_idx').on(table.companyId, table.updatedAt)],
);

export const TEST_METRIC_KINDS = ['pages', 'tags'] as const;

/** Page and tag metrics of a test, recomputed by a job after each finished participant. */
export const testMetrics = pgTable(
  'test_metrics',
  {
    testId: belongsTo('test_id', () => tests.id),
    kind: text('kind', { enum: TEST_METRIC_KINDS }).notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.testId, table.kind] })],
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
    testId: belongsTo('test_id', () => tests.id),
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
