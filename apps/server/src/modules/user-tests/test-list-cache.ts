import type { TestSummary } from '@limbus/contract';
import type { ChangeListener } from '../../db/change-listener.js';
import type { Database } from '../../db/client.js';
import { createNoticedCache, type NoticedCache } from '../../http/noticed-cache.js';
import { toTestSummary } from './user-tests.mappers.js';
import { listTestRows } from './user-tests.repository.js';

/** A company's tests (null: every company's), newest first, as GET /tests answers them. */
export type TestListCache = NoticedCache<number | null, TestSummary[]>;

/**
 * The test list is the most read call (every home and tests page): each company's list is kept in
 * memory and forgotten when one of its tests, the company or a requester of its tests changes
 * (migration 0021's notices on tests, 0017's and 0020's on companies, users and profiles).
 */
export function createTestListCache(db: Database, changes: ChangeListener): TestListCache {
  return createNoticedCache({
    changes,
    load: async (companyId: number | null) => (await listTestRows(db, { companyId })).map(toTestSummary),
    isStaleAfter: (change, companyId, list) => {
      if ('userId' in change) return list.some((test) => test.requester_id === change.userId);
      // An erased participant: the lists' counts of participants change (rare: forget them all).
      if ('participantId' in change) return true;
      const changedCompanyId = 'companyId' in change ? change.companyId : change.testsOfCompanyId;
      return companyId === null || companyId === changedCompanyId;
    },
  });
}
