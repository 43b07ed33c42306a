import { RECENT_TESTS_ON_HOME, type TestDetail, type TestSummary } from '@limbus/contract';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../http/app-error.js';
import { loadFor } from '../../http/load-for.js';
import { type Actor, seesEveryTest } from '../../http/policy.js';
import { heatmapPagesOf } from '../heatmaps/heatmaps.service.js';
import type { TestListCache } from './test-list-cache.js';
import { toTestDetail } from './user-tests.mappers.js';
import {
  findTestDetailRow,
  findTestVideoKey,
  listAnswerRows,
  listCategoryRows,
  listFinishedParticipantRefs,
  listFlowRows,
  listQuestionRows,
  listTagRefs,
  type TestDetailRow,
  updateTestRow,
} from './user-tests.repository.js';

/** Client users see their company's tests; provider staff see every company's. */
export async function listTests(
  testLists: TestListCache,
  actor: Actor,
  options: { homepage: boolean },
): Promise<TestSummary[]> {
  const seesAll = seesEveryTest(actor);
  if (!seesAll && actor.companyId === null) return [];
  const list = await testLists.get(seesAll ? null : actor.companyId);
  return options.homepage ? list.slice(0, RECENT_TESTS_ON_HOME) : list;
}

/** One test: 404 when there is none, 403 when it belongs to a company the actor may not read. */
export async function getTest(deps: Deps, actor: Actor, id: number): Promise<TestDetail> {
  return withRelations(deps, await loadFor(actor, 'test.read', 'The test', findTestDetailRow(deps.db, id)));
}

/** The whole test as GET /tests/{id} answers it, without access checks (callers made them). */
export async function readTestDetail(deps: Deps, id: number): Promise<TestDetail> {
  const row = await findTestDetailRow(deps.db, id);
  if (!row) throw notFound('The test');
  return withRelations(deps, row);
}

async function withRelations(deps: Deps, row: TestDetailRow): Promise<TestDetail> {
  // one round: on PostgreSQL the five queries run on connections of the pool side by side
  const [questions, answers, participants, tags, heatmaps] = await Promise.all([
    listQuestionRows(deps.db, row.id),
    listAnswerRows(deps.db, row.id),
    listFinishedParticipantRefs(deps.db, row.id),
    listTagRefs(deps.db, row.id),
    heatmapPagesOf(deps, row.id),
  ]);
  const videoUrl = row.test.video ? deps.signedUrls.sign(testVideoPath(row.id), deps.clock()) : null;
  return toTestDetail(row, { questions, answers, participants, tags, videoUrl, heatmaps });
}

export const testVideoPath = (testId: number) => `/api/v1/tests/${testId}/video`;

/** The key of the test's video; 404 when it has none (the URL was signed when the test was read). */
export async function testVideoKey(deps: Deps, testId: number): Promise<string> {
  const key = await findTestVideoKey(deps.db, testId);
  if (!key) throw notFound('The video of this test');
  return key;
}

export async function listCategories(deps: Deps) {
  return listCategoryRows(deps.db);
}

export async function listFlows(deps: Deps) {
  return listFlowRows(deps.db);
}

/** Marks a test while its video is processed (internal_state); the test lists hear of it. */
export async function setInternalState(db: Executor, testId: number, state: 'video_processing' | null) {
  await updateTestRow(db, testId, { internalState: state });
}
