import { GENERATED_VIEWER_PREFIX } from '@limbus/contract';
import { and, asc, eq, notExists, notLike, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { consentRecords, consentTerms, participants, significantPoints, tests } from '../db/schema.js';

/** The demo's consent rows, written as they are: terms and recorder consents (demo-consent.ts). */

/** Tests without any consent terms. */
export async function listTestsWithoutTerms(
  db: Executor,
): Promise<{ id: number; startedAt: Date | null; createdAt: Date }[]> {
  return db
    .select({ id: tests.id, startedAt: tests.startedAt, createdAt: tests.createdAt })
    .from(tests)
    .where(
      notExists(
        db.select({ id: consentTerms.id }).from(consentTerms).where(eq(consentTerms.testId, tests.id)),
      ),
    )
    .orderBy(asc(tests.id));
}

export async function insertTermsVersion(
  db: Executor,
  values: Omit<typeof consentTerms.$inferInsert, 'version'>,
): Promise<void> {
  await db
    .insert(consentTerms)
    .values({ ...values, version: 1 })
    .onConflictDoNothing();
}

/**
 * People (type default, not generated viewers) of tests with terms who have no consent record,
 * with their test's first terms, their start and source, and how many significant points they have.
 */
export async function listParticipantsWithoutConsent(db: Executor) {
  return db
    .select({
      id: participants.id,
      testId: participants.testId,
      startedAt: participants.startedAt,
      source: participants.source,
      termsId: consentTerms.id,
      points: sql<number>`(select count(*)::int from ${significantPoints} where ${significantPoints.participantId} = ${participants.id})`,
    })
    .from(participants)
    .innerJoin(consentTerms, and(eq(consentTerms.testId, participants.testId), eq(consentTerms.version, 1)))
    .where(
      and(
        eq(participants.type, 'default'),
        notLike(participants.realId, `${GENERATED_VIEWER_PREFIX}%`),
        notExists(
          db
            .select({ id: consentRecords.id })
            .from(consentRecords)
            .where(eq(consentRecords.participantId, participants.id)),
        ),
      ),
    )
    .orderBy(asc(participants.testId), asc(participants.id));
}

export async function insertConsentRecords(
  db: Executor,
  rows: (typeof consentRecords.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(consentRecords).values(rows);
}
