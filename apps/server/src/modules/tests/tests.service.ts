import { RECENT_TESTS_ON_HOME, type TestDetail, type TestSummary } from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { notFound } from '../../http/app-error.js';
import { type Actor, authorize, seesEveryTest } from '../../http/policy.js';
import { toUnixSeconds } from '../users/users.mappers.js';
import { findTestDetailRow, findTestVideoKey, listTestRows, type TestListRow } from './tests.repository.js';

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
  return rows.map(toTestSummary);
}

function toTestSummary(row: TestListRow): TestSummary {
  return {
    id: row.id,
    name: row.name,
    test_type: row.testType,
    platform: row.platform,
    state: row.state,
    company_id: row.companyId,
    company: { id: row.companyId, name: row.companyName, licence_analysis: row.companyLicenceAnalysis },
    updated_at: toUnixSeconds(row.updatedAt),
    created_at: toUnixSeconds(row.createdAt),
  };
}

/** One test: 404 when there is none, 403 when it belongs to a company the actor may not read. */
export async function getTest(deps: Deps, actor: Actor, id: number): Promise<TestDetail> {
  const row = await findTestDetailRow(deps.db, id);
  if (!row) throw notFound('The test');
  authorize(actor, 'test.read', row);
  return {
    ...toTestSummary(row),
    purpose: row.purpose,
    scenario: row.scenario,
    url: row.url,
    addons: row.addons,
    internal_state: row.internalState === 'video_processing' ? 'video_processing' : null,
    video: row.video ? deps.signedUrls.sign(testVideoPath(row.id), deps.clock()) : null,
  };
}

export const testVideoPath = (testId: number) => `/api/v1/tests/${testId}/video`;

/** The key of the test's video; 404 when it has none (the URL was signed when the test was read). */
export async function testVideoKey(deps: Deps, testId: number): Promise<string> {
  const key = await findTestVideoKey(deps.db, testId);
  if (!key) throw notFound('The video of this test');
  return key;
}
