import type { ShareLinkScope } from '@limbus/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { companies, insights, profiles, shareLinks, tests } from '../../db/schema.js';

/** A link with the names its list and its visitor's shell show. */
export type ShareLinkRow = {
  id: number;
  companyId: number;
  companyName: string;
  testId: number;
  testName: string;
  testType: 'essential' | 'professional';
  scope: ShareLinkScope;
  insightId: number | null;
  insightAssignedId: number | null;
  insightTitle: string | null;
  expiresAt: Date;
  passwordHash: string | null;
  allowRecordings: boolean;
  createdBy: string | null;
  createdAt: Date;
  views: number;
  lastViewedAt: Date | null;
  revokedAt: Date | null;
};

const creatorName = sql<
  string | null
>`nullif(trim(${profiles.firstName} || ' ' || ${profiles.lastName}), '')`;

const selectLinks = (db: Executor) =>
  db
    .select({
      id: shareLinks.id,
      companyId: shareLinks.companyId,
      companyName: companies.name,
      testId: shareLinks.testId,
      testName: tests.name,
      testType: tests.testType,
      scope: shareLinks.scope,
      insightId: shareLinks.insightId,
      insightAssignedId: insights.assignedId,
      insightTitle: insights.title,
      expiresAt: shareLinks.expiresAt,
      passwordHash: shareLinks.passwordHash,
      allowRecordings: shareLinks.allowRecordings,
      createdBy: creatorName,
      createdAt: shareLinks.createdAt,
      views: shareLinks.views,
      lastViewedAt: shareLinks.lastViewedAt,
      revokedAt: shareLinks.revokedAt,
    })
    .from(shareLinks)
    .innerJoin(companies, eq(companies.id, shareLinks.companyId))
    .innerJoin(tests, eq(tests.id, shareLinks.testId))
    .leftJoin(insights, eq(insights.id, shareLinks.insightId))
    .leftJoin(profiles, eq(profiles.userId, shareLinks.createdById));

export async function findLinkRow(db: Executor, id: number): Promise<ShareLinkRow | null> {
  const [row] = await selectLinks(db).where(eq(shareLinks.id, id));
  return row ?? null;
}

export async function findLinkRowByTokenHash(db: Executor, tokenHash: string): Promise<ShareLinkRow | null> {
  const [row] = await selectLinks(db).where(eq(shareLinks.tokenHash, tokenHash));
  return row ?? null;
}

/** The company's links, newest first. */
export function listLinkRows(db: Executor, companyId: number): Promise<ShareLinkRow[]> {
  return selectLinks(db)
    .where(eq(shareLinks.companyId, companyId))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
}

export async function insertLinkRow(
  db: Executor,
  values: {
    companyId: number;
    testId: number;
    scope: ShareLinkScope;
    insightId: number | null;
    tokenHash: string;
    expiresAt: Date;
    passwordHash: string | null;
    allowRecordings: boolean;
    createdById: number;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await db.insert(shareLinks).values(values).returning({ id: shareLinks.id });
  if (!row) throw new Error('share link not inserted');
  return row.id;
}

/** Revokes the link; a link revoked before keeps its first time. */
export async function revokeLinkRow(db: Executor, id: number, at: Date): Promise<void> {
  await db
    .update(shareLinks)
    .set({ revokedAt: sql`coalesce(${shareLinks.revokedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(shareLinks.id, id));
}

export async function countViewRow(db: Executor, id: number, at: Date): Promise<void> {
  await db
    .update(shareLinks)
    .set({ views: sql`${shareLinks.views} + 1`, lastViewedAt: at })
    .where(eq(shareLinks.id, id));
}

/** The insight of a test by its id (an insight link's insight). */
export async function findTestInsight(
  db: Executor,
  testId: number,
  insightId: number,
): Promise<{ id: number; assignedId: number } | null> {
  const [row] = await db
    .select({ id: insights.id, assignedId: insights.assignedId })
    .from(insights)
    .where(and(eq(insights.testId, testId), eq(insights.id, insightId)));
  return row ?? null;
}
