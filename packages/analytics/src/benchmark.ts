import { EMOTIONS, type Emotion } from './samples.js';

/** What a stored page metric needs for the benchmark (PageMetrics, emotions null when unmeasured). */
export type BenchmarkPage = {
  id: number;
  name: string;
  total_participants: number;
  average_time: number;
  joy: number | null;
  attention: number | null;
  frustration: number | null;
};

export type EmotionValues = Record<Emotion, number | null>;

/**
 * A test's emotions over all its pages: each page's mean weighted by the time spent on it
 * (average_time × total_participants), so a page where people stayed long counts for more, as
 * the emotion over the whole session would. Pages without a value or time are left out.
 */
export function testEmotions(pages: readonly BenchmarkPage[]): EmotionValues {
  const result: EmotionValues = { joy: null, attention: null, frustration: null };
  for (const emotion of EMOTIONS) {
    let sum = 0;
    let weight = 0;
    for (const page of pages) {
      const value = page[emotion];
      const w = page.average_time * page.total_participants;
      if (value === null || !Number.isFinite(value) || !(w > 0)) continue;
      sum += value * w;
      weight += w;
    }
    result[emotion] = weight > 0 ? sum / weight : null;
  }
  return result;
}

/**
 * Percentile rank of `value` among `reference` (0–100): the share of reference values below it,
 * ties counting half (the mid-rank definition), so the middle of identical values is 50.
 * Null without reference values.
 */
export function percentileRank(value: number, reference: readonly number[]): number | null {
  if (reference.length === 0) return null;
  let below = 0;
  let equal = 0;
  for (const other of reference) {
    if (other < value) below++;
    else if (other === value) equal++;
  }
  return ((below + equal / 2) / reference.length) * 100;
}

/** The median of a list (null when empty). */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export type EmotionBenchmark = { value: number | null; percentile: number | null; median: number | null };
export type PageBenchmark = { id: number; name: string; emotions: Record<Emotion, EmotionBenchmark> };
export type BenchmarkGroup =
  | { tests: number; needed: number; isShown: false }
  | {
      tests: number;
      needed: number;
      isShown: true;
      /** Pages of the reference tests that had a value, per emotion. */
      pages: Record<Emotion, number>;
      test: Record<Emotion, EmotionBenchmark>;
      testPages: PageBenchmark[];
    };

/** Groups with fewer reference tests are not shown: a rank among 2 or 3 tests says little and could identify them. */
export const BENCHMARK_MIN_TESTS = 5;

const finite = (value: number | null | undefined): value is number =>
  value !== null && value !== undefined && Number.isFinite(value);

function benchmarkOf(value: number | null, reference: readonly number[]): EmotionBenchmark {
  return {
    value,
    percentile: finite(value) ? percentileRank(value, reference) : null,
    median: medianOf(reference),
  };
}

/**
 * This test against a reference group of other tests (each given by its stored page metrics):
 * the test's emotions (testEmotions) as percentile ranks among the reference tests' emotions,
 * and each page's emotion among every measured page of the reference tests. Shown only when the
 * group holds at least `minTests` tests; otherwise only how many it holds and needs.
 */
export function benchmarkGroup(
  pages: readonly BenchmarkPage[],
  reference: readonly (readonly BenchmarkPage[])[],
  minTests = BENCHMARK_MIN_TESTS,
): BenchmarkGroup {
  if (reference.length < minTests) return { tests: reference.length, needed: minTests, isShown: false };
  const referenceTests = reference.map(testEmotions);
  const own = testEmotions(pages);
  const test = {} as Record<Emotion, EmotionBenchmark>;
  const pageValues = {} as Record<Emotion, number[]>;
  const pageCounts = {} as Record<Emotion, number>;
  for (const emotion of EMOTIONS) {
    test[emotion] = benchmarkOf(own[emotion], referenceTests.map((t) => t[emotion]).filter(finite));
    pageValues[emotion] = reference.flatMap((testPages) =>
      testPages.map((page) => page[emotion]).filter(finite),
    );
    pageCounts[emotion] = pageValues[emotion].length;
  }
  const testPages = pages
    .filter((page) => page.total_participants > 0)
    .map((page) => ({
      id: page.id,
      name: page.name,
      emotions: Object.fromEntries(
        EMOTIONS.map((emotion) => [
          emotion,
          benchmarkOf(finite(page[emotion]) ? page[emotion] : null, pageValues[emotion]),
        ]),
      ) as Record<Emotion, EmotionBenchmark>,
    }));
  return { tests: reference.length, needed: minTests, isShown: true, pages: pageCounts, test, testPages };
}
