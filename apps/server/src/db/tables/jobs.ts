import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

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
