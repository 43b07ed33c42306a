import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.js';
import { belongsTo, createdAt } from './columns.js';
import { participants } from './recordings.js';
import { tests } from './user-tests.js';

/**
 * A test's remote cohort (issue 30, docs/remote-studies.md): its participant link, of which only
 * the token's SHA-256 is stored, a cap on the participants it creates, an expiry and the panel's
 * completion redirect. `participants_created` is counted under the row's lock, never past `cap`.
 */
export const remoteCohorts = pgTable(
  'remote_cohorts',
  {
    id: serial('id').primaryKey(),
    companyId: belongsTo('company_id', () => companies.id),
    testId: belongsTo('test_id', () => tests.id),
    tokenHash: text('token_hash').notNull(),
    cap: integer('cap').notNull(),
    participantsCreated: integer('participants_created').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** With placeholders such as {participant_id}; null: the session ends without a redirect. */
    redirectUrl: text('redirect_url'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('remote_cohorts_token_hash_idx').on(table.tokenHash),
    index('remote_cohorts_test_idx').on(table.testId, table.createdAt),
    check('remote_cohorts_cap_check', sql`${table.cap} between 1 and 10000`),
    check('remote_cohorts_created_check', sql`${table.participantsCreated} between 0 and ${table.cap}`),
  ],
);

/**
 * A remote participant's session: the short-lived credential that uploads that one participant's
 * data and ends its session (token hashed), and the panel's id of the participant, which the
 * completion redirect sends back. Erasing the participant erases it.
 */
export const remoteSessions = pgTable(
  'remote_sessions',
  {
    id: serial('id').primaryKey(),
    cohortId: belongsTo('cohort_id', () => remoteCohorts.id),
    participantId: belongsTo('participant_id', () => participants.id),
    tokenHash: text('token_hash').notNull(),
    externalId: text('external_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('remote_sessions_token_hash_idx').on(table.tokenHash),
    uniqueIndex('remote_sessions_participant_idx').on(table.participantId),
    uniqueIndex('remote_sessions_external_id_idx').on(table.cohortId, table.externalId),
  ],
);
