import { z } from 'zod';
import { COHORTS } from './constants.js';
import { cohortQuery, idParams } from './fields.js';
import { defineRoutes } from './route.js';

/**
 * The benchmark of a web test (Professional, docs/decisions/heatmaps-journey-and-benchmark.md
 * 'Journey and benchmark'): its emotions, over the test and per page, as percentile ranks among the
 * company's other done tests and among the done tests of its category across companies. Anonymised:
 * only counts, ranks and medians leave the server, and a group is shown only when at least `needed`
 * tests count.
 */

const emotionBenchmarkSchema = z.object({
  /** This test's (or page's) mean, 0–1; null when unmeasured. */
  value: z.number().nullable(),
  /** Share of the reference values below it, ties counting half (0–100); null without a value. */
  percentile: z.number().nullable(),
  /** Median of the reference values, 0–1. */
  median: z.number().nullable(),
});
export type EmotionBenchmark = z.infer<typeof emotionBenchmarkSchema>;

const emotionsSchema = z.object({
  joy: emotionBenchmarkSchema,
  attention: emotionBenchmarkSchema,
  frustration: emotionBenchmarkSchema,
});

export const benchmarkGroupSchema = z.object({
  /** Reference tests in the group (this test not counted). */
  tests: z.number(),
  /** Tests a group needs before it is shown. */
  needed: z.number(),
  is_shown: z.boolean(),
  /** Pages of the reference tests with at least one measured emotion (0 while hidden). */
  reference_pages: z.number(),
  /** Null while hidden. */
  test: emotionsSchema.nullable(),
  pages: z.array(z.object({ id: z.number(), name: z.string(), emotions: emotionsSchema })),
});
export type BenchmarkGroup = z.infer<typeof benchmarkGroupSchema>;

export const benchmarkSchema = z.object({
  /** The company's other done web tests. */
  company: benchmarkGroupSchema,
  /** The test's category, or null when it has none. */
  category: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** Done web tests of that category across companies; null without a category. */
  category_group: benchmarkGroupSchema.nullable(),
  /** Whose emotions are this test's values: everyone's, or the lab's or remote participants' (`?cohort`). */
  cohort: z.enum(COHORTS),
  /** Whether any of those participants has EEG emotions (remote participants, by webcam, have none). */
  has_emotions: z.boolean(),
});
export type Benchmark = z.infer<typeof benchmarkSchema>;
export const benchmarkAnswer = z.object({ data: benchmarkSchema });

export const benchmarkRoutes = defineRoutes('benchmark', {
  get: {
    method: 'GET',
    path: '/tests/:id/benchmark',
    access: 'user',
    summary:
      "The test's emotions, over the test and per page, as percentiles among the company's and the category's done tests (Professional, anonymised, at least 5 tests); `cohort` takes the lab's or the remote participants' emotions against the other tests' whole results",
    params: idParams,
    query: cohortQuery,
    responses: { 200: benchmarkAnswer },
  },
});
