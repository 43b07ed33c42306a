/**
 * Insights PDF budget (issue 10): a 20-insight report renders in under 3 s. The report is the
 * web app's own document (`insightsDocument`, apps/web/src/features/insights/pdf: one A4 landscape
 * page per insight with its numbers, emotion chart, texts and comments cut to 190 characters),
 * rendered by @react-pdf as the browser does, here with `renderToBuffer` in Node.
 *
 * Its insights are the demo's, written by the real pipeline: a fresh embedded database (PGlite in
 * a temp DATA_DIR) seeded as a first start does (`seedDemoData`, `seedDemoWebTests` at
 * DEMO_PARTICIPANTS_PER_TEST), read through `app.inject` as the demo client admin
 * (GET /tests/{id}/insights of its done web tests) and numbered 1–20 into one report. Timed: the
 * first render after the library is loaded (what a user waits for on the first click), then the
 * median of RUNS more. The budget is on the first render. Writes bench/results/insights-pdf.json.
 * Usage: npx tsx bench/run.ts insights-pdf (about a minute, most of it the seed).
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { Insight } from '@limbus/contract';
import { renderToBuffer } from '@react-pdf/renderer';
import { DEMO_PARTICIPANTS_PER_TEST } from '../apps/server/src/demo/demo-recordings.js';
import { insightsDocument } from '../apps/web/src/features/insights/pdf/insights-document.js';
import { writeResult } from './machine.js';
import type { BenchRow } from './row.js';
import { withSeededDemoApp } from './seeded-demo-app.js';

const INSIGHTS = 20;
const RUNS = 5;
const BUDGET_MS = 3000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number;

/** The demo's insights of the client admin's done web tests, as the API answers them. */
function demoInsights(): Promise<Insight[]> {
  return withSeededDemoApp(DEMO_PARTICIPANTS_PER_TEST, async ({ get }) => {
    const tests = (await get('/tests')).json() as Array<{ id: number; state: string; platform: string }>;
    const insights: Insight[] = [];
    for (const test of tests.filter((t) => t.state === 'done' && t.platform !== 'video')) {
      const answer = (await get(`/tests/${test.id}/insights`)).json() as { data: { insights: Insight[] } };
      insights.push(...answer.data.insights.sort((a, b) => a.assigned_id - b.assigned_id));
    }
    return insights;
  });
}

/** `count` insights numbered 1…count, taken in turn from the demo's (again from the first when they run out). */
function reportInsights(source: readonly Insight[], count: number): Insight[] {
  if (source.length === 0) throw new Error('the demo seed wrote no insights');
  return Array.from({ length: count }, (_, index) => ({
    ...(source[index % source.length] as Insight),
    id: index + 1,
    assigned_id: index + 1,
  }));
}

/** Pages of a PDF as written by @react-pdf (pdfkit): one `/Type /Page` object each. */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

export async function insightsPdfBench(): Promise<BenchRow[]> {
  const demo = await demoInsights();
  const insights = reportInsights(demo, INSIGHTS);
  const document = () =>
    insightsDocument({
      testName: 'Acme Running webshop (desktop)',
      companyName: 'Acme Retail',
      date: '27 Nov 2026',
      insights,
    });
  const timed = async () => {
    const start = performance.now();
    const cpu = process.cpuUsage();
    const pdf = await renderToBuffer(document());
    const used = process.cpuUsage(cpu);
    return { wallMs: performance.now() - start, cpuMs: (used.user + used.system) / 1000, pdf };
  };
  const first = await timed();
  const pages = pageCount(first.pdf);
  if (pages !== INSIGHTS) throw new Error(`the report has ${pages} pages, not ${INSIGHTS}`);
  const later: Array<{ wallMs: number; cpuMs: number }> = [];
  for (let run = 0; run < RUNS; run++) later.push(await timed());
  const warm = { wallMs: median(later.map((r) => r.wallMs)), cpuMs: median(later.map((r) => r.cpuMs)) };
  const comments = insights.reduce(
    (sum, insight) => sum + insight.significant_points.filter((point) => point.comment.trim()).length,
    0,
  );

  writeResult('insights-pdf', {
    source: `the demo client admin's done web tests, ${DEMO_PARTICIPANTS_PER_TEST} participants each, ${demo.length} insights`,
    insights: INSIGHTS,
    pages,
    commentsOfTheInsights: comments,
    bytes: first.pdf.length,
    firstRender: { wallMs: Math.round(first.wallMs), cpuMs: Math.round(first.cpuMs) },
    laterRenders: { runs: RUNS, medianWallMs: Math.round(warm.wallMs), medianCpuMs: Math.round(warm.cpuMs) },
    budgetMs: BUDGET_MS,
  });
  return [
    {
      name: `Insights PDF, ${INSIGHTS} insights of the demo (one A4 page each, chart and comments), first render`,
      value: `${Math.round(first.wallMs)} ms (cpu ${Math.round(first.cpuMs)} ms; later renders ${Math.round(warm.wallMs)} ms median; ${pages} pages, ${Math.round(first.pdf.length / 1024)} KB)`,
      budget: `< ${BUDGET_MS} ms`,
      isMet: first.wallMs < BUDGET_MS,
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const row of await insightsPdfBench())
    console.log(`${row.isMet ? 'ok  ' : 'MISS'} ${row.name}: ${row.value} (budget ${row.budget})`);
  console.log('Figures in bench/results/insights-pdf.json');
}
