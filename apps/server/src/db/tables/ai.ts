import { CAPTURE_STATES } from '@limbus/contract';
import { index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.js';
import { tags } from './annotations.js';
import { createdAt, updatedAt } from './columns.js';
import { tests } from './tests.js';

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
