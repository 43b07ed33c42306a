import { type ConsentPurpose, type ConsentStream, GENERATED_VIEWER_PREFIX } from '@limbus/contract';
import { and, asc, count, eq, notLike, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { companies, consentRecords, consentTerms, participants, tests, users } from '../../db/schema.js';

export type CompanyTestRow = {
  id: number;
  name: string;
  participants: number;
  termsVersion: number | null;
  streams: ConsentStream[] | null;
  purposes: ConsentPurpose[] | null;
};

/** People, not a video test's aggregate nor its generated viewers: no one's data. */
const isPerson = and(
  eq(participants.type, 'default'),
  notLike(participants.realId, `${GENERATED_VIEWER_PREFIX}%`),
);

/** A company's tests, oldest first, with their people and their newest consent terms. */
export async function listCompanyTestRows(db: Executor, companyId: number): Promise<CompanyTestRow[]> {
  const newestTerms = (column: AnyPgColumn) => sql`(
    select ${column} from ${consentTerms}
    where ${consentTerms.testId} = ${tests.id}
    order by ${consentTerms.version} desc limit 1)`;
  return db
    .select({
      id: tests.id,
      name: tests.name,
      participants: count(participants.id),
      termsVersion: sql<number | null>`${newestTerms(consentTerms.version)}`,
      streams: sql<ConsentStream[] | null>`${newestTerms(consentTerms.streams)}`,
      purposes: sql<ConsentPurpose[] | null>`${newestTerms(consentTerms.purposes)}`,
    })
    .from(tests)
    .leftJoin(participants, and(eq(participants.testId, tests.id), isPerson))
    .where(eq(tests.companyId, companyId))
    .groupBy(tests.id)
    .orderBy(asc(tests.id));
}

export type CurrentGrantRow = { streams: ConsentStream[] | null; purposes: ConsentPurpose[] | null };

/** The consent in force of every person in a company's tests; null where one has none. */
export async function listCurrentGrantRows(db: Executor, companyId: number): Promise<CurrentGrantRow[]> {
  const newestRecord = (column: AnyPgColumn) => sql`(
    select ${column} from ${consentRecords}
    where ${consentRecords.participantId} = ${participants.id}
    order by ${consentRecords.id} desc limit 1)`;
  return db
    .select({
      streams: sql<ConsentStream[] | null>`${newestRecord(consentRecords.streams)}`,
      purposes: sql<ConsentPurpose[] | null>`${newestRecord(consentRecords.purposes)}`,
    })
    .from(participants)
    .innerJoin(tests, eq(tests.id, participants.testId))
    .where(and(eq(tests.companyId, companyId), isPerson));
}

/** How many users a company has. */
export async function countCompanyUsers(db: Executor, companyId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(eq(users.companyId, companyId));
  return row?.total ?? 0;
}

/** The provider's own company (the first flagged as provider) with its users; null when there is none. */
export async function findProviderRow(db: Executor) {
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      address: companies.address,
      postalCode: companies.postalCode,
      city: companies.city,
      users: sql<number>`(select count(*)::int from ${users} where ${users.companyId} = ${companies.id})`,
    })
    .from(companies)
    .where(eq(companies.isProvider, true))
    .orderBy(asc(companies.id))
    .limit(1);
  return row ?? null;
}
