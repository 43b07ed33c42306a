import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate limit counters shared by several API processes (RATE_LIMIT_STORE=postgres): one row per
 * route and client key, counting until `reset_at`.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
