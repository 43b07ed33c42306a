/**
 * Builds a screenshots-with-gaze folder (the format saliency-eval.ts reads) from the demo data:
 * the Acme Running pages captured in packages/demo-data/site-capture, with the GENERATED gaze of
 * the demo tests' participants (the seeded generator, not people): 12 desktop and 12 mobile
 * participants for each of the two demo companies, the same cohorts as the demo seed.
 *
 * Gaze → fixations with I-VT (default options) in the eye tracker's frame, then each fixation
 * to page px with the scroll at its midpoint (gazeToPage: mobile x − 710, y + scrollY), and to
 * the generator's page visit holding its midpoint. Usage:
 *   npx tsx bench/demo-gaze-set.ts [outDir]   (default bench/results/tmp/demo-gaze)
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { detectFixationsIvt, gazeToPage } from '../packages/analytics/src/index.js';
import {
  type DemoParticipant,
  deriveSeed,
  generateCohort,
  type Platform,
  siteLayout,
} from '../packages/demo-data/src/index.js';
import { type GazeDataset, type PageFixation, writeGazeFolder } from './gaze-folder.js';
import { BENCH_DIR } from './machine.js';

/** The demo seed's companies with recorded web tests and their participants per test. */
const DEMO_COMPANIES = [1, 3];
const PARTICIPANTS_PER_TEST = 12;
const START = Date.UTC(2025, 0, 6, 9);

const outDir = resolve(process.argv[2] ?? join(BENCH_DIR, 'results', 'tmp', 'demo-gaze'));
const captureDir = join(BENCH_DIR, '..', 'packages', 'demo-data', 'site-capture');

/** The fixations of one participant on each page (key: page name), in page px. */
function pageFixations(p: DemoParticipant, platform: Platform): Map<string, PageFixation[]> {
  const { fixations } = detectFixationsIvt(p.eyes);
  const mid = Float64Array.from(fixations, (f) => (f.start + f.end) / 2);
  const onPage = gazeToPage(
    {
      timestamp: mid,
      x: Float32Array.from(fixations, (f) => f.x),
      y: Float32Array.from(fixations, (f) => f.y),
    },
    p.mice,
    platform,
  );
  const byPage = new Map<string, PageFixation[]>();
  const visitCount = new Map<string, number>();
  const visitNumbers = p.visits.map((v) => {
    const k = (visitCount.get(v.pageName) ?? 0) + 1;
    visitCount.set(v.pageName, k);
    return k;
  });
  let v = 0;
  fixations.forEach((f, i) => {
    const t = mid[i] as number;
    while (v < p.visits.length && (p.visits[v]?.endedAt ?? 0) < t) v++;
    const visit = p.visits[v];
    if (!visit || visit.startedAt > t) return;
    const list = byPage.get(visit.pageName) ?? [];
    list.push({
      participant: p.realId,
      visit: visitNumbers[v] ?? 1,
      tMs: Math.round(f.start - visit.startedAt),
      durationMs: Math.round(f.duration),
      x: Math.round((onPage.x[i] as number) * 10) / 10,
      y: Math.round((onPage.y[i] as number) * 10) / 10,
    });
    byPage.set(visit.pageName, list);
  });
  return byPage;
}

mkdirSync(outDir, { recursive: true });
const dataset: GazeDataset = {
  name: 'Acme Running demo shop, generated gaze',
  gaze: 'generated',
  description:
    'GENERATED gaze, not real people: the seeded participant generator of packages/demo-data ' +
    '(a task plan "buy the Runner 2" over the captured page regions, rendered as fixations and ' +
    'saccades) for the demo tests of companies 1 and 3, 24 desktop and 24 mobile participants. ' +
    'The generator chooses where to look from the layout (regions by name), not from the pixels.',
  images: [],
};
for (const platform of ['desktop', 'mobile'] as const) {
  const layout = siteLayout(platform);
  const perPage = new Map<string, PageFixation[]>(layout.pages.map((page) => [page.name, []]));
  for (const companyId of DEMO_COMPANIES) {
    const cohort = generateCohort({
      seed: deriveSeed(companyId, platform),
      count: PARTICIPANTS_PER_TEST,
      platform,
      startTime: START,
    });
    for (const p of cohort) {
      const withCompany = { ...p, realId: `${companyId}-${p.realId}` };
      for (const [page, list] of pageFixations(withCompany, platform)) perPage.get(page)?.push(...list);
    }
  }
  for (const page of layout.pages) {
    const image = `${platform}-${page.name}.png`;
    copyFileSync(join(captureDir, platform, page.screenshot), join(outDir, image));
    dataset.images.push({ image, fixations: perPage.get(page.name) ?? [] });
  }
}
writeGazeFolder(outDir, dataset);
writeFileSync(
  join(outDir, 'README.md'),
  `# ${dataset.name}\n\n${dataset.description}\n\nMade by \`npx tsx bench/demo-gaze-set.ts\`; scored by \`npx tsx bench/saliency-eval.ts ${outDir}\`.\n`,
);
const count = dataset.images.reduce((a, i) => a + i.fixations.length, 0);
console.log(`${dataset.images.length} pages, ${count} fixations (generated gaze) → ${outDir}`);
