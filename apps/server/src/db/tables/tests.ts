import { PLATFORMS, TARGET_GROUPS, TEST_STATES } from '@limbus/contract';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { bundles, testTypeEnum } from './contracts.js';

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

/** Test categories and flows (spec 2 §3: a test's category_id and flow_id); reference data (db/reference-data.ts). */
export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const flows = pgTable('flows', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});
