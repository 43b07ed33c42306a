import type { AuditDetail, ConsentMethod, ConsentPurpose, ConsentStream } from '@limbus/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.js';
import { belongsTo, createdAt, updatedAt } from './columns.js';
import { participants } from './recordings.js';
import { tests } from './user-tests.js';

// Participants' data rights (docs/data-rights.md): consent terms and records, retention
// policies, erasures with their receipts, and the audit trail.

/** A version of a test's consent terms: the text participants agree to, its streams and purposes. */
export const consentTerms = pgTable(
  'consent_terms',
  {
    id: serial('id').primaryKey(),
    testId: belongsTo('test_id', () => tests.id),
    /** 1, 2, … per test; a new text is a new version, never an edit. */
    version: integer('version').notNull(),
    text: text('text').notNull(),
    streams: jsonb('streams').$type<ConsentStream[]>().notNull(),
    purposes: jsonb('purposes').$type<ConsentPurpose[]>().notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('consent_terms_test_version_idx').on(table.testId, table.version)],
);

/**
 * One state of a participant's consent: what was granted under which terms, when and how. The
 * newest is in force; the older ones are its history (a withdrawal adds a row with less granted).
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: serial('id').primaryKey(),
    participantId: belongsTo('participant_id', () => participants.id),
    termsId: belongsTo('terms_id', () => consentTerms.id),
    streams: jsonb('streams').$type<ConsentStream[]>().notNull(),
    purposes: jsonb('purposes').$type<ConsentPurpose[]>().notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
    method: text('method').$type<ConsentMethod>().notNull(),
    recordedById: integer('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('consent_records_participant_idx').on(table.participantId, table.id)],
);

/**
 * How long a company's data is kept, per kind (days): raw screen and voice recordings after the
 * test is done, raw streams after the recording, derived results after the test is done (null: as
 * long as the test). A company without a row has the defaults (docs/data-rights.md).
 */
export const retentionPolicies = pgTable(
  'retention_policies',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    recordingsDays: integer('recordings_days').notNull(),
    streamsDays: integer('streams_days').notNull(),
    derivedDays: integer('derived_days'),
    updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('retention_policies_days_check', sql`${table.recordingsDays} > 0 and ${table.streamsDays} > 0`),
  ],
);

export const ERASURE_STATES = ['requested', 'erasing', 'pending', 'verified', 'failed'] as const;
export type ErasureState = (typeof ERASURE_STATES)[number];

/**
 * An erasure of one participant and, once done, its receipt. It keeps no personal data: the
 * participant's id (a number that names nothing once its rows are gone), the pseudonym its audit
 * entries carry, and a salted hash of its real_id, which proves the receipt is about a given
 * person only to someone who already knows that person's real_id.
 */
export const erasures = pgTable(
  'erasures',
  {
    id: serial('id').primaryKey(),
    companyId: belongsTo('company_id', () => companies.id),
    testId: integer('test_id').notNull(),
    participantId: integer('participant_id').notNull(),
    subject: text('subject').notNull(),
    subjectSalt: text('subject_salt').notNull(),
    subjectHash: text('subject_hash').notNull(),
    state: text('state').$type<ErasureState>().notNull(),
    requestedById: integer('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    erasedById: integer('erased_by_id').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The identifiers the verification searches for (ids, real_id, storage keys); cleared once verified. */
    targets: jsonb('targets').$type<Record<string, unknown>>(),
    /** What was removed: rows per table, files, recomputed results. */
    removed: jsonb('removed').$type<Record<string, number>>().notNull().default({}),
    /** Storage keys that could not be deleted yet; retried until none is left. */
    pendingFiles: jsonb('pending_files').$type<string[]>().notNull().default([]),
    isVerified: boolean('is_verified').notNull().default(false),
    /** What the verification searched and found (tables and files searched, matches). */
    verification: jsonb('verification').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('erasures_test_participant_idx').on(table.testId, table.participantId),
    index('erasures_company_idx').on(table.companyId, table.id),
  ],
);

/**
 * The audit trail: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE, migration 0024)
 * and hash-chained: each entry's hash covers its content and the hash before it, so that an
 * altered, removed or reordered entry is found (modules/audit). No foreign keys: an entry outlives
 * the user, test or company it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    seq: integer('seq').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: integer('actor_id'),
    actorLabel: text('actor_label').notNull(),
    companyId: integer('company_id'),
    testId: integer('test_id'),
    /** The participant's pseudonym (participants.audit_subject). */
    subject: text('subject'),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<AuditDetail>().notNull(),
    address: text('address'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    index('audit_log_company_idx').on(table.companyId, table.seq),
    index('audit_log_test_idx').on(table.testId, table.seq),
  ],
);
