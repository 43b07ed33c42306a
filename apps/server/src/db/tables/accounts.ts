import { ROLES, TEST_TYPES } from '@limbus/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, updatedAt } from './columns.js';

// Companies, users and their sign-in tokens, contracts and bundles, and the rate limits of sign-in.

export const roleEnum = pgEnum('role', ROLES);
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
  /**
   * The language the user reads participants' words in (ISO 639-1, contract's LANGUAGES); '' until
   * they choose one, when the browser's language decides (issue 26).
   */
  language: text('language').notNull().default(''),
});

/** Refresh, confirmation (activation and invitation) and reset tokens; only their SHA-256 is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
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

export const testTypeEnum = pgEnum('test_type', TEST_TYPES);

export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    companyId: belongsTo('company_id', () => companies.id),
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
    contractId: belongsTo('contract_id', () => contracts.id),
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

/**
 * Rate limit counters shared by several API processes (RATE_LIMIT_STORE=postgres): one row per
 * route and client key, counting until `reset_at`.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
