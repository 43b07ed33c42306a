import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@limbus/contract';
import type { AuditRow } from './audit.repository.js';

export type AuditNames = {
  companies: Map<number, string>;
  tests: Map<number, string>;
  participants: Map<string, string>;
};

const isAuditAction = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);

/** An entry as the trail answers it, with the names its ids have today (none once removed). */
export function toAuditEntry(row: AuditRow, names: AuditNames): AuditEntry {
  if (!isAuditAction(row.action))
    throw new Error(`audit entry ${row.seq} has an unknown action ${row.action}`);
  return {
    seq: row.seq,
    at: Math.floor(row.at.getTime() / 1000),
    actor: { id: row.actorId, label: row.actorLabel },
    company:
      row.companyId === null ? null : { id: row.companyId, name: names.companies.get(row.companyId) ?? null },
    test: row.testId === null ? null : { id: row.testId, name: names.tests.get(row.testId) ?? null },
    participant:
      row.subject === null
        ? null
        : { subject: row.subject, label: names.participants.get(row.subject) ?? null },
    action: row.action,
    detail: row.detail,
    address: row.address,
  };
}

/** The CSV columns of an export, in order. */
export const AUDIT_CSV_COLUMNS = [
  'seq',
  'at',
  'actor_id',
  'actor',
  'company_id',
  'company',
  'test_id',
  'test',
  'participant',
  'action',
  'detail',
  'address',
  'hash',
] as const;

export function toAuditCsvRow(row: AuditRow, names: AuditNames): (string | number | null)[] {
  const entry = toAuditEntry(row, names);
  return [
    entry.seq,
    row.at.toISOString(),
    entry.actor.id,
    entry.actor.label,
    entry.company?.id ?? null,
    entry.company?.name ?? null,
    entry.test?.id ?? null,
    entry.test?.name ?? null,
    entry.participant ? (entry.participant.label ?? `erased (${entry.participant.subject})`) : null,
    entry.action,
    JSON.stringify(entry.detail),
    entry.address,
    row.hash,
  ];
}
