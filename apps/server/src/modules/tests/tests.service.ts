import { RECENT_TESTS_ON_HOME, type TestSummary } from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { type Actor, seesEveryTest } from '../../http/policy.js';
import { toUnixSeconds } from '../users/users.mappers.js';
import { listTestRows } from './tests.repository.js';

/** Client users see their company's tests; provider staff see every company's. */
export async function listTests(
  deps: Deps,
  actor: Actor,
  options: { homepage: boolean },
): Promise<TestSummary[]> {
  const seesAll = seesEveryTest(actor);
  if (!seesAll && actor.companyId === null) return [];
  const rows = await listTestRows(deps.db, {
    companyId: seesAll ? null : actor.companyId,
    limit: options.homepage ? RECENT_TESTS_ON_HOME : undefined,
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    test_type: row.testType,
    platform: row.platform,
    state: row.state,
    company_id: row.companyId,
    company: { id: row.companyId, name: row.companyName, licence_analysis: row.companyLicenceAnalysis },
    updated_at: toUnixSeconds(row.updatedAt),
    created_at: toUnixSeconds(row.createdAt),
  }));
}
