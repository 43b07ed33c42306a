import type { ConsentRecord, ConsentTerms } from '@limbus/contract';
import { CONSENT_PURPOSES, CONSENT_STREAMS } from '@limbus/contract';
import type { ConsentRecordRow, ConsentTermsRow } from './consent.repository.js';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Streams and purposes in the contract's order, whatever order they were stored in. */
export const inOrder = <T extends string>(all: readonly T[], granted: readonly T[]): T[] =>
  all.filter((item) => granted.includes(item));

export function toConsentTerms(row: ConsentTermsRow): ConsentTerms {
  return {
    id: row.id,
    test_id: row.testId,
    version: row.version,
    text: row.text,
    streams: inOrder(CONSENT_STREAMS, row.streams),
    purposes: inOrder(CONSENT_PURPOSES, row.purposes),
    created_by: row.createdBy,
    created_at: seconds(row.createdAt),
  };
}

export function toConsentRecord(row: ConsentRecordRow): ConsentRecord {
  return {
    id: row.id,
    version: row.version,
    streams: inOrder(CONSENT_STREAMS, row.streams),
    purposes: inOrder(CONSENT_PURPOSES, row.purposes),
    given_at: seconds(row.givenAt),
    method: row.method,
    recorded_by: row.recordedBy,
    created_at: seconds(row.createdAt),
  };
}
