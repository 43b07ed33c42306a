import type { RemoteCohort, RemoteCohortState } from '@limbus/contract';
import type { CohortRow } from './remote-studies.repository.js';

const toUnixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Revoked first: a closed cohort stays closed whatever its count or date. */
export function cohortStateOf(
  row: Pick<CohortRow, 'revokedAt' | 'expiresAt' | 'participantsCreated' | 'cap'>,
  now: Date,
): RemoteCohortState {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.participantsCreated >= row.cap ? 'full' : 'open';
}

export function toRemoteCohort(row: CohortRow, now: Date): RemoteCohort {
  return {
    id: row.id,
    test_id: row.testId,
    cap: row.cap,
    participants: row.participantsCreated,
    expires_at: toUnixSeconds(row.expiresAt),
    redirect_url: row.redirectUrl,
    created_by: row.createdBy,
    created_at: toUnixSeconds(row.createdAt),
    revoked_at: row.revokedAt ? toUnixSeconds(row.revokedAt) : null,
    state: cohortStateOf(row, now),
  };
}
