import type { Erasure, ErasureVerification } from '@limbus/contract';
import type { ErasureWithNames } from './erasures.repository.js';

const seconds = (date: Date | null) => (date === null ? null : Math.floor(date.getTime() / 1000));

/** An erasure row as its receipt: no personal data (the pseudonym, the salted hash, counts). */
export function toErasure(row: ErasureWithNames): Erasure {
  return {
    id: row.id,
    test_id: row.testId,
    participant_id: row.participantId,
    subject: row.subject,
    subject_hash: row.subjectHash,
    subject_salt: row.subjectSalt,
    state: row.state,
    requested_by:
      row.requestedById === null ? null : { id: row.requestedById, label: row.requestedByLabel ?? '' },
    requested_at: seconds(row.requestedAt),
    erased_by: row.erasedById === null ? null : { id: row.erasedById, label: row.erasedByLabel ?? '' },
    started_at: seconds(row.startedAt),
    finished_at: seconds(row.finishedAt),
    removed: row.removed,
    pending_files: row.pendingFiles.length,
    is_verified: row.isVerified,
    verification: (row.verification as ErasureVerification | null) ?? null,
  };
}
