import { createHash } from 'node:crypto';
import { AUDIT_MESSAGES, type AuditDetail } from '@limbus/contract';

/** What an entry's hash covers: everything it says, and its place in the chain. */
export type ChainedContent = {
  seq: number;
  at: Date;
  actorId: number | null;
  actorLabel: string;
  companyId: number | null;
  testId: number | null;
  subject: string | null;
  action: string;
  detail: AuditDetail;
  address: string | null;
};

export type ChainedEntry = ChainedContent & { prevHash: string; hash: string };

/** The hash before the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * SHA-256 over the hash before and the entry's content as JSON with its keys in one order (the
 * detail's keys sorted), so that the same entry always hashes the same, on any engine.
 */
export function entryHash(content: ChainedContent, prevHash: string): string {
  const canonical = JSON.stringify([
    prevHash,
    content.seq,
    content.at.toISOString(),
    content.actorId,
    content.actorLabel,
    content.companyId,
    content.testId,
    content.subject,
    content.action,
    Object.entries(content.detail).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    content.address,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

export type ChainCheck =
  | { isIntact: true; entries: number }
  | { isIntact: false; entries: number; brokenAt: number; reason: string };

/**
 * Walks the entries in the order of their positions and checks each against the one before: the
 * positions run 1, 2, 3 … without a gap (a gap is a removed entry), each entry names the hash of
 * the one before (else the chain was rewritten from there), and its hash is that of its content
 * (else it was altered).
 */
export async function checkChain(entries: AsyncIterable<ChainedEntry>): Promise<ChainCheck> {
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  let count = 0;
  for await (const entry of entries) {
    const broken = (reason: string): ChainCheck => ({
      isIntact: false,
      entries: count,
      brokenAt: entry.seq,
      reason,
    });
    if (entry.seq !== expectedSeq) return broken(AUDIT_MESSAGES.removed(entry.seq));
    if (entry.prevHash !== prevHash) return broken(AUDIT_MESSAGES.relinked(entry.seq));
    if (entryHash(entry, prevHash) !== entry.hash) return broken(AUDIT_MESSAGES.altered(entry.seq));
    count += 1;
    expectedSeq += 1;
    prevHash = entry.hash;
  }
  return { isIntact: true, entries: count };
}
