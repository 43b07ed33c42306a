import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { auditLog, companies, participants, tests } from '../../db/schema.js';
import { type ChainedContent, type ChainedEntry, entryHash, GENESIS_HASH } from './audit-chain.js';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditEntry = Omit<ChainedContent, 'seq'>;

/** One lock for the whole trail: appends take their place in the chain one at a time. */
const CHAIN_LOCK = 'limbus-audit-chain';

/**
 * Appends an entry at the end of the chain. The chain's lock (a transaction-level advisory lock,
 * so that processes sharing one PostgreSQL take turns) is held from reading the last entry to
 * writing the new one: two appends can never claim the same place or the same hash before.
 */
export async function appendAuditRow(db: Database, entry: NewAuditEntry): Promise<AuditRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${CHAIN_LOCK}))`);
    const [last] = await tx
      .select({ seq: auditLog.seq, hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.seq))
      .limit(1);
    const content = { ...entry, seq: (last?.seq ?? 0) + 1 };
    const prevHash = last?.hash ?? GENESIS_HASH;
    const [row] = await tx
      .insert(auditLog)
      .values({ ...content, prevHash, hash: entryHash(content, prevHash) })
      .returning();
    if (!row) throw new Error('insert returned no audit entry');
    return row;
  });
}

export type AuditFilter = {
  companyId?: number | undefined;
  testId?: number | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  until?: Date | undefined;
  before?: number | undefined;
};

function filterOf(filter: AuditFilter): SQL | undefined {
  return and(
    filter.companyId === undefined ? undefined : eq(auditLog.companyId, filter.companyId),
    filter.testId === undefined ? undefined : eq(auditLog.testId, filter.testId),
    filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
    filter.from === undefined ? undefined : gte(auditLog.at, filter.from),
    filter.until === undefined ? undefined : lt(auditLog.at, filter.until),
    filter.before === undefined ? undefined : lt(auditLog.seq, filter.before),
  );
}

/** Entries the filter selects, newest first; at most `limit`. */
export async function listAuditRows(db: Executor, filter: AuditFilter, limit: number): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(filterOf(filter)).orderBy(desc(auditLog.seq)).limit(limit);
}

/** Every entry the filter selects, oldest first, read in pages (an export of the whole trail). */
export async function* eachAuditRow(
  db: Executor,
  filter: AuditFilter,
  pageSize = 1000,
): AsyncGenerator<AuditRow> {
  let after = 0;
  for (;;) {
    const page = await db
      .select()
      .from(auditLog)
      .where(and(filterOf(filter), sql`${auditLog.seq} > ${after}`))
      .orderBy(asc(auditLog.seq))
      .limit(pageSize);
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < pageSize) return;
    after = last.seq;
  }
}

/** The whole chain, oldest first, as the check reads it. */
export function eachChainedEntry(db: Executor): AsyncGenerator<ChainedEntry> {
  return eachAuditRow(db, {});
}

/** The names the entries refer to by id: companies, tests, and participants by their pseudonym. */
export async function findAuditNames(
  db: Executor,
  ids: { companyIds: number[]; testIds: number[]; subjects: string[] },
): Promise<{
  companies: Map<number, string>;
  tests: Map<number, string>;
  participants: Map<string, string>;
}> {
  const [companyRows, testRows, participantRows] = await Promise.all([
    ids.companyIds.length === 0
      ? []
      : db
          .select({ id: companies.id, name: companies.name })
          .from(companies)
          .where(inArray(companies.id, ids.companyIds)),
    ids.testIds.length === 0
      ? []
      : db.select({ id: tests.id, name: tests.name }).from(tests).where(inArray(tests.id, ids.testIds)),
    ids.subjects.length === 0
      ? []
      : db
          .select({ subject: participants.auditSubject, realId: participants.realId })
          .from(participants)
          .where(inArray(participants.auditSubject, ids.subjects)),
  ]);
  return {
    companies: new Map(companyRows.map((row) => [row.id, row.name])),
    tests: new Map(testRows.map((row) => [row.id, row.name])),
    participants: new Map(participantRows.map((row) => [row.subject, row.realId])),
  };
}
