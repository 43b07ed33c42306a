import { PLATFORMS, ROLES, TARGET_GROUPS, TEST_STATES, TEST_TYPES } from '@limbus/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('role', ROLES);
export const testTypeEnum = pgEnum('test_type', TEST_TYPES);
export const platformEnum = pgEnum('platform', PLATFORMS);
export const testStateEnum = pgEnum('test_state', TEST_STATES);
export const targetGroupEnum = pgEnum('target_group', TARGET_GROUPS);
export const tokenKindEnum = pgEnum('token_kind', ['refresh', 'confirmation', 'reset']);

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
    categoryId: integer('category_id'),
    flowId: integer('flow_id'),
    brandName: text('brand_name').notNull().default(''),
    comments: text('comments').notNull().default(''),
    deliveryDate: text('delivery_date').notNull().default(''),
    externalApp: boolean('external_app').notNull().default(false),
    minimumParticipantsForMetrics: integer('minimum_participants_for_metrics').notNull().default(5),
    translationLanguage: text('translation_language').notNull().default(''),
    video: text('video'),
    timing: text('timing').notNull().default(''),
    addons: jsonb('addons').$type<string[]>().notNull().default([]),
    report: text('report'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('tests_company_idx').on(table.companyId, table.updatedAt)],
);
