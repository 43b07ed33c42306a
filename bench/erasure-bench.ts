/**
 * Erasure of one participant (issue 25, docs/data-rights.md): 30 generated participants of the
 * demo shop (desktop, the demo seed's generator, their pages titled) recorded in a done test on the
 * embedded database (PGlite), its page and tag metrics computed; then, timed, a researcher's POST
 * …/participants/{pid}/erasure through app.inject and the erase_participant job run to its end:
 * rows removed, files deleted, page and tag metrics recomputed over the 29 left, every table and the
 * file store searched, the receipt stored. Three erasures in a row (of 30, then 29, then 28
 * participants); the figure is the first, the median is reported beside it. Budget: 5 s.
 * Writes bench/results/erasure.json. Usage: npx tsx bench/run.ts erasure
 */
import { performance } from 'node:perf_hooks';
import { type Erasure, erasureSchema } from '@limbus/contract';
import { recordDemoParticipant } from '../apps/server/src/demo/record-demo-participant.js';
import { JOB_HANDLERS } from '../apps/server/src/job-handlers.js';
import { runJobsUntilIdle } from '../apps/server/src/jobs/job-runner.js';
import { recomputeTestMetrics } from '../apps/server/src/modules/ingestion/analysis.js';
import { createTestApp } from '../apps/server/test/create-test-app.js';
import { buildTest, buildWorld, signIn } from '../apps/server/test/factories.js';
import { generateCohort, siteLayout } from '../packages/demo-data/src/index.js';
import { writeResult } from './machine.js';
import type { BenchRow } from './row.js';

const PARTICIPANTS = 30;
const ERASURES = 3;
const BUDGET_MS = 5000;

export async function erasureBench(): Promise<BenchRow[]> {
  const t = await createTestApp();
  try {
    const world = await buildWorld(t.db);
    const test = await buildTest(t.db, world.client.id, { state: 'done', testType: 'professional' });
    const layout = siteLayout('desktop');
    const pageTitles = new Map(layout.pages.map((page) => [page.url, page.name]));
    const cohort = generateCohort({
      seed: 25,
      count: PARTICIPANTS,
      platform: 'desktop',
      startTime: Date.UTC(2026, 0, 5, 9),
    });
    const ids: number[] = [];
    for (const participant of cohort)
      ids.push((await recordDemoParticipant(t, test.id, participant, pageTitles)).id);
    const jobDeps = { db: t.db, files: t.files, log: t.app.log, clock: () => new Date() };
    await recomputeTestMetrics(jobDeps, { test_id: test.id });
    const { authorization } = await signIn(t.app, world.staff.email);

    const times: number[] = [];
    const receipts: Erasure[] = [];
    for (const participantId of ids.slice(0, ERASURES)) {
      const start = performance.now();
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/tests/${test.id}/participants/${participantId}/erasure`,
        headers: { authorization },
      });
      if (response.statusCode !== 202) throw new Error(`erasure answered ${response.statusCode}`);
      await runJobsUntilIdle(jobDeps, JOB_HANDLERS);
      times.push(performance.now() - start);
      const receipt = await t.app.inject({
        method: 'GET',
        url: `/api/v1/tests/${test.id}/erasures/${(response.json() as { data: Erasure }).data.id}`,
        headers: { authorization },
      });
      receipts.push(erasureSchema.parse((receipt.json() as { data: unknown }).data));
    }
    const first = times[0] as number;
    const median = [...times].sort((a, b) => a - b)[times.length >> 1] as number;
    const isVerified = receipts.every((receipt) => receipt.state === 'verified');
    const last = receipts[0];
    writeResult('erasure', {
      participants: PARTICIPANTS,
      first_ms: Math.round(first),
      median_ms: Math.round(median),
      all_ms: times.map(Math.round),
      verified: isVerified,
      removed: last?.removed,
      columns_searched: last?.verification?.columns_searched,
      files_searched: last?.verification?.files_searched,
    });
    return [
      {
        name: `erase 1 of ${PARTICIPANTS} participants (metrics recomputed, verified), embedded DB`,
        value: `${(first / 1000).toFixed(2)} s (median of ${ERASURES}: ${(median / 1000).toFixed(2)} s)${
          isVerified ? '' : ', NOT verified'
        }`,
        budget: '< 5 s',
        isMet: isVerified && first < BUDGET_MS,
      },
    ];
  } finally {
    await t.close();
  }
}
