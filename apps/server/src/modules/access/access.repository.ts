import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { consentRecords, consentTerms, tests, users } from '../../db/schema.js';

/**
 * A participant's consent history, oldest first, with the terms' version and text each state was
 * given under. Read here, from the tables of the data-rights foundation, so that the access export
 * does not wait on the consent module's own reads.
 */
export async function listConsentHistoryRows(db: Executor, participantId: number) {
  return db
    .select({
      id: consentRecords.id,
      version: consentTerms.version,
      termsText: consentTerms.text,
      termsStreams: consentTerms.streams,
      termsPurposes: consentTerms.purposes,
      streams: consentRecords.streams,
      purposes: consentRecords.purposes,
      givenAt: consentRecords.givenAt,
      method: consentRecords.method,
      recordedBy: users.email,
      createdAt: consentRecords.createdAt,
    })
    .from(consentRecords)
    .innerJoin(consentTerms, eq(consentTerms.id, consentRecords.termsId))
    .leftJoin(users, eq(users.id, consentRecords.recordedById))
    .where(eq(consentRecords.participantId, participantId))
    .orderBy(asc(consentRecords.id));
}
export type ConsentHistoryRow = Awaited<ReturnType<typeof listConsentHistoryRows>>[number];

/** The test's name, for the export's metadata. */
export async function findTestName(db: Executor, testId: number): Promise<string | null> {
  const [row] = await db.select({ name: tests.name }).from(tests).where(eq(tests.id, testId));
  return row?.name ?? null;
}
