/**
 * Results data budget (issue 10): the overview's and the Pages screen's data of a done web test
 * with 30 participants answered in under 100 ms on the embedded database. The real app
 * (`buildApp`) on a fresh PGlite database in a temp DATA_DIR, with the demo web tests seeded by the
 * real pipeline (`seedDemoData`, `seedDemoWebTests`: recordings, peaks, tags, the recompute job's
 * page metrics, insights) at 30 participants a test; the demo client admin reads its desktop
 * (Professional) test through app.inject:
 *   - page-insights data: GET /tests/{id}/labels and GET /tests/{id}/tags, sent together as the
 *     screens do;
 *   - overview data: GET /tests/{id}, /labels, /tags and /insights, sent together.
 * Server time is the wall time of the answers (routing, authentication, access, SQL,
 * serialisation), median of 30 after 5 warm-up rounds. Writes bench/results/results-data.json.
 * Usage: npx tsx bench/results-data.ts (about a minute, most of it the seed).
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { writeResult } from './machine.js';
import type { BenchRow } from './row.js';
import { withSeededDemoApp } from './seeded-demo-app.js';

const PARTICIPANTS = 30;
const RUNS = 30;
const WARMUP = 5;
const BUDGET_MS = 100;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number;
const p90 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)] as number;

export function resultsDataBench(): Promise<BenchRow[]> {
  return withSeededDemoApp(PARTICIPANTS, async ({ get, seedMs }) => {
    const tests = (await get('/tests')).json() as Array<{ id: number; state: string; platform: string }>;
    const test = tests.find((t) => t.state === 'done' && t.platform === 'desktop');
    if (!test) throw new Error('the seed made no done desktop test for the client admin');

    const pageInsights = [`/tests/${test.id}/labels`, `/tests/${test.id}/tags`];
    const overview = [`/tests/${test.id}`, ...pageInsights, `/tests/${test.id}/insights`];
    const timeTogether = async (urls: string[]) => {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const start = performance.now();
        const answers = await Promise.all(urls.map(get));
        const elapsed = performance.now() - start;
        const failed = answers.find((answer) => answer.statusCode !== 200);
        if (failed) throw new Error(`a call answered ${failed.statusCode}: ${failed.body}`);
        bytes = answers.reduce((sum, answer) => sum + answer.rawPayload.length, 0);
        if (i >= WARMUP) times.push(elapsed);
      }
      return { medianMs: median(times), p90Ms: p90(times), minMs: Math.min(...times), bytes };
    };
    const pages = await timeTogether(pageInsights);
    const dashboard = await timeTogether(overview);
    const labels = (await get(pageInsights[0] as string)).json() as { data: { labels: unknown[] } };
    const tags = (await get(pageInsights[1] as string)).json() as { tags: unknown[] };

    const figures = {
      database: 'embedded PGlite in a temp DATA_DIR, demo seed of the web tests',
      participants: PARTICIPANTS,
      seedMs: Math.round(seedMs),
      pages: labels.data.labels.length,
      tags: tags.tags.length,
      pageInsights: { calls: pageInsights.length, ...round(pages) },
      overview: { calls: overview.length, ...round(dashboard) },
      runs: RUNS,
      budgetMs: BUDGET_MS,
    };
    writeResult('results-data', figures);
    const row = (name: string, run: typeof pages): BenchRow => ({
      name,
      value: `${run.medianMs.toFixed(1)} ms (p90 ${run.p90Ms.toFixed(1)}, ${(run.bytes / 1024).toFixed(0)} KB)`,
      budget: `< ${BUDGET_MS} ms`,
      isMet: run.medianMs < BUDGET_MS,
    });
    return [
      row(`page-insights data, ${PARTICIPANTS} participants: labels + tags (median server time)`, pages),
      row(
        `overview data, ${PARTICIPANTS} participants: test, labels, tags, insights (median server time)`,
        dashboard,
      ),
    ];
  });
}

function round(run: { medianMs: number; p90Ms: number; minMs: number; bytes: number }) {
  return {
    medianMs: Number(run.medianMs.toFixed(2)),
    p90Ms: Number(run.p90Ms.toFixed(2)),
    minMs: Number(run.minMs.toFixed(2)),
    bytes: run.bytes,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const row of await resultsDataBench())
    console.log(`${row.isMet ? 'ok  ' : 'MISS'} ${row.name}: ${row.value} (budget ${row.budget})`);
  console.log('Figures in bench/results/results-data.json');
}
