import { SUPPORT_STATUSES } from '@limbus/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
import { companies, users } from './accounts.js';
import { belongsTo, createdAt, updatedAt } from './columns.js';

// The resources library, the support chat and the durable jobs.

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
    resourceId: belongsTo('resource_id', () => resources.id),
    tagId: belongsTo('tag_id', () => resourceTags.id),
  },
  (table) => [
    primaryKey({ columns: [table.resourceId, table.tagId] }),
    index('resource_tag_links_tag_idx').on(table.tagId),
  ],
);

export const supportStatusEnum = pgEnum('support_status', SUPPORT_STATUSES);

/** A support chat conversation (DESIGN §4): started by a user of a company, answered by the provider's staff. */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: serial('id').primaryKey(),
    companyId: belongsTo('company_id', () => companies.id),
    /** The starter; only they and staff see the conversation. */
    userId: belongsTo('user_id', () => users.id),
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
    conversationId: belongsTo('conversation_id', () => supportConversations.id),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Plain text, at most 5000 characters. */
    body: text('body').notNull(),
    isStaff: boolean('is_staff').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('support_messages_conversation_idx').on(table.conversationId, table.id)],
);

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
    /** How far a running job has come, 0–100, for jobs that say (screen recordings); null otherwise. */
    progress: integer('progress'),
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
