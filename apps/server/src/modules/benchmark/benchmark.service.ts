import { type BenchmarkPage, benchmarkGroup, EMOTIONS } from '@limbus/analytics';
import type { Benchmark, BenchmarkGroup, Cohort } from '@limbus/contract';
import type { Deps } from '../../deps.js';
import type { Actor } from '../../http/policy.js';
import { testsWithoutPurpose } from '../consent/consent.service.js';
import { pageMetricsOf } from '../ingestion/analysis.js';
import { resultsTestFor } from '../test-access/test-access.service.js';
import { findTestCategory, referencePageMetrics } from './benchmark.repository.js';

type BenchmarkDeps = Pick<Deps, 'db' | 'files'>;

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Stored page metrics (JSON: unmeasured emotions are null) as the benchmark reads them. */
export function toBenchmarkPages(payload: unknown): BenchmarkPage[] {
  if (!Array.isArray(payload)) return [];
  return payload.map((row: Record<string, unknown>) => ({
    id: Number(row.id),
    name: String(row.name ?? ''),
    total_participants: Number(row.total_participants) || 0,
    average_time: Number(row.average_time) || 0,
    joy: numberOrNull(row.joy),
    attention: numberOrNull(row.attention),
    frustration: numberOrNull(row.frustration),
  }));
}

const rounded = (value: number | null, digits: number) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

function toGroup(pages: BenchmarkPage[], reference: unknown[]): BenchmarkGroup {
  const group = benchmarkGroup(pages, reference.map(toBenchmarkPages));
  if (!group.isShown)
    return {
      tests: group.tests,
      needed: group.needed,
      is_shown: false,
      reference_pages: 0,
      test: null,
      pages: [],
    };
  const round = (emotions: typeof group.test) =>
    Object.fromEntries(
      EMOTIONS.map((emotion) => [
        emotion,
        {
          value: rounded(emotions[emotion].value, 4),
          percentile: rounded(emotions[emotion].percentile, 1),
          median: rounded(emotions[emotion].median, 4),
        },
      ]),
    ) as typeof group.test;
  return {
    tests: group.tests,
    needed: group.needed,
    is_shown: true,
    reference_pages: Math.max(...EMOTIONS.map((emotion) => group.pages[emotion])),
    test: round(group.test),
    pages: group.testPages.map((page) => ({ id: page.id, name: page.name, emotions: round(page.emotions) })),
  };
}

/**
 * The other tests' stored page metrics that may serve as norms: a test that holds a participant
 * who did not grant anonymised reuse ('norms') is left out (docs/decisions/data-rights.md).
 */
async function normsReference(
  deps: BenchmarkDeps,
  testId: number,
  scope: { companyId: number } | { categoryId: number },
): Promise<unknown[]> {
  const rows = await referencePageMetrics(deps.db, testId, scope);
  const withheld = await testsWithoutPurpose(
    deps,
    rows.map((row) => row.testId),
    'norms',
  );
  return rows.filter((row) => !withheld.has(row.testId)).map((row) => row.payload);
}

/**
 * The benchmark of a test (Professional): its page metrics (a cohort's with `cohort`) against the
 * company's other done web tests and against the done web tests of its category across companies
 * (benchmarkGroup: percentile ranks, medians, at least 5 tests). Only counts, ranks and medians
 * leave the server.
 */
export async function testBenchmark(
  deps: BenchmarkDeps,
  actor: Actor,
  testId: number,
  cohort: Cohort = 'all',
): Promise<Benchmark> {
  const test = await resultsTestFor(deps, actor, testId, 'benchmark');
  const pages = toBenchmarkPages(await pageMetricsOf(deps, testId, cohort));
  const category = await findTestCategory(deps.db, testId);
  const company = toGroup(pages, await normsReference(deps, testId, { companyId: test.companyId }));
  const categoryGroup = category
    ? toGroup(pages, await normsReference(deps, testId, { categoryId: category.id }))
    : null;
  const hasEmotions = pages.some((page) => EMOTIONS.some((emotion) => page[emotion] !== null));
  return { company, category, category_group: categoryGroup, cohort, has_emotions: hasEmotions };
}
