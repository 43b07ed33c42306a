import type { ReelCaptionLanguage, ReelClipRecord, ReelState, ShareLinkScope } from '@limbus/contract';
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
import { insights } from './results.js';
import { tests } from './user-tests.js';

/**
 * A share link (issue 29; docs/decisions/share-links.md): a done test's results or one insight for
 * visitors without an account. Only the token's SHA-256 is stored; the token is answered once.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: serial('id').primaryKey(),
    companyId: belongsTo('company_id', () => companies.id),
    testId: belongsTo('test_id', () => tests.id),
    /**
     * 'test', 'insight' or 'reel'. An insight link and a reel link name their insight: a reel is
     * one per insight (evidence_reels.insight_id is unique), so the insight names the reel, and the
     * link outlives a reel deleted and made again (it shows the insight's published reel, if any).
     */
    scope: text('scope').$type<ShareLinkScope>().notNull(),
    insightId: integer('insight_id').references(() => insights.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** argon2id, as users' passwords; null: no password. */
    passwordHash: text('password_hash'),
    allowRecordings: boolean('allow_recordings').notNull().default(false),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    views: integer('views').notNull().default(0),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('share_links_token_hash_idx').on(table.tokenHash),
    index('share_links_company_idx').on(table.companyId, table.createdAt),
    check(
      'share_links_scope_check',
      sql`(${table.scope} = 'test' and ${table.insightId} is null) or (${table.scope} in ('insight', 'reel') and ${table.insightId} is not null)`,
    ),
  ],
);

/**
 * An insight's evidence reel (issue 29; docs/decisions/share-links.md): its clips in order, what
 * the last render made of them, and whether the insight's clients see it.
 */
export const evidenceReels = pgTable(
  'evidence_reels',
  {
    id: serial('id').primaryKey(),
    insightId: belongsTo('insight_id', () => insights.id),
    state: text('state').$type<ReelState>().notNull().default('draft'),
    published: boolean('published').notNull().default(false),
    captionLanguage: text('caption_language').$type<ReelCaptionLanguage>().notNull().default('original'),
    clips: jsonb('clips').$type<ReelClipRecord[]>().notNull().default([]),
    /** Participants of the insight's points left out: no consent to show their screen recording. */
    leftOut: integer('left_out').notNull().default(0),
    /** The MP4 of the last render that finished; null before one did. */
    fileKey: text('file_key'),
    /** The points whose clips that file shows: clients see it only while every one may still be shown. */
    renderedPointIds: jsonb('rendered_point_ids').$type<number[]>().notNull().default([]),
    /** How far the render in hand is, 0–100. */
    progress: integer('progress').notNull().default(0),
    /** Why the last render failed, for the researcher. */
    message: text('message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('evidence_reels_insight_idx').on(table.insightId),
    check('evidence_reels_progress_check', sql`${table.progress} between 0 and 100`),
  ],
);
