import type { AuditAction, AuditDetail, AuditEntry, AuditQuery, AuditVerification } from '@limbus/contract';
import { AUDIT_MESSAGES, AUDIT_PAGE_SIZE } from '@limbus/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { signedInUserOf } from '../../http/authenticate.js';
import { type Column, writeExport } from '../../http/export-writer.js';
import type { Actor } from '../../http/policy.js';
import { authorizeFound, isStaff } from '../../http/policy.js';
import { AUDIT_CSV_COLUMNS, type AuditNames, toAuditCsvRow, toAuditEntry } from './audit.mappers.js';
import {
  type AuditFilter,
  type AuditRow,
  appendAuditRow,
  eachAuditRow,
  eachChainedEntry,
  findAuditNames,
  listAuditRows,
} from './audit.repository.js';
import { checkChain } from './audit-chain.js';

/** Who did something and from where: a signed-in user with its address, or the system. */
export type AuditContext = {
  /** A user (id and e-mail address), a named machine such as a lab recorder (id null), or null: the system. */
  actor: { id: number | null; label: string } | null;
  address: string | null;
};

/** Work the product does by itself (retention, jobs). */
export const SYSTEM_CONTEXT: AuditContext = { actor: null, address: null };
const SYSTEM_LABEL = 'Limbus (automatic)';

/** The signed-in user of a request, by the e-mail address it has now, and the client's address. */
export function auditContextOf(request: FastifyRequest): AuditContext {
  const { user } = signedInUserOf(request);
  return { actor: { id: user.id, label: user.email }, address: request.ip };
}

export type AuditEvent = {
  action: AuditAction;
  companyId: number | null;
  testId: number | null;
  /** The participant's pseudonym (its `auditSubject`), when the event is about one. */
  subject?: string | null;
  detail?: AuditDetail;
};

/** Appends an entry to the trail. */
export async function recordAudit(
  deps: Pick<Deps, 'db' | 'clock'>,
  context: AuditContext,
  event: AuditEvent,
) {
  await appendAuditRow(deps.db, {
    at: deps.clock(),
    actorId: context.actor?.id ?? null,
    actorLabel: context.actor?.label ?? SYSTEM_LABEL,
    companyId: event.companyId,
    testId: event.testId,
    subject: event.subject ?? null,
    action: event.action,
    detail: event.detail ?? {},
    address: context.address,
  });
}

/**
 * The filter an actor may read: staff any company's (none: all); a company admin their own
 * company's only (none means their own, another is not found); anyone else nothing.
 */
function readableFilter(actor: Actor, query: Omit<AuditQuery, 'before'>): AuditFilter {
  const companyId = query.company_id ?? (isStaff(actor) ? undefined : (actor.companyId ?? undefined));
  authorizeFound(actor, 'audit.read', 'The company', { companyId: companyId ?? null });
  const until =
    query.to === undefined ? undefined : new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000);
  return {
    companyId,
    testId: query.test_id,
    action: query.action,
    from: query.from === undefined ? undefined : new Date(`${query.from}T00:00:00Z`),
    until,
  };
}

async function namesOf(deps: Pick<Deps, 'db'>, rows: readonly AuditRow[]): Promise<AuditNames> {
  const unique = <T>(values: (T | null)[]) => [
    ...new Set(values.filter((value): value is T => value !== null)),
  ];
  return findAuditNames(deps.db, {
    companyIds: unique(rows.map((row) => row.companyId)),
    testIds: unique(rows.map((row) => row.testId)),
    subjects: unique(rows.map((row) => row.subject)),
  });
}

/** A page of the trail, newest first. */
export async function listAudit(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  query: AuditQuery,
): Promise<{ data: AuditEntry[]; next_before: number | null }> {
  const filter = { ...readableFilter(actor, query), before: query.before };
  const rows = await listAuditRows(deps.db, filter, AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const names = await namesOf(deps, page);
  const last = page.at(-1);
  return {
    data: page.map((row) => toAuditEntry(row, names)),
    next_before: rows.length > AUDIT_PAGE_SIZE && last ? last.seq : null,
  };
}

const CSV_COLUMNS: Column[] = AUDIT_CSV_COLUMNS.map((name) => ({ name, unit: '' }));

/** The entries the filters select as CSV, oldest first, written while they are read. */
export function exportAudit(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  query: Omit<AuditQuery, 'before'>,
): AsyncGenerator<string> {
  const filter = readableFilter(actor, query);
  async function* rows() {
    let batch: AuditRow[] = [];
    const flush = async function* () {
      const names = await namesOf(deps, batch);
      for (const row of batch) yield toAuditCsvRow(row, names);
      batch = [];
    };
    for await (const row of eachAuditRow(deps.db, filter)) {
      batch.push(row);
      if (batch.length >= 500) yield* flush();
    }
    yield* flush();
  }
  return writeExport('csv', 'audit', CSV_COLUMNS, rows());
}

/** Checks the whole chain (docs/data-rights.md: what it finds, and what only an anchor would). */
export async function verifyAudit(deps: Pick<Deps, 'db' | 'clock'>): Promise<AuditVerification> {
  const result = await checkChain(eachChainedEntry(deps.db));
  return {
    entries: result.entries,
    is_intact: result.isIntact,
    broken_at: result.isIntact ? null : result.brokenAt,
    reason: result.isIntact ? AUDIT_MESSAGES.intact : result.reason,
    checked_at: Math.floor(deps.clock().getTime() / 1000),
  };
}
