import { z } from 'zod';
import { cohortQuery, idParams } from './fields.js';
import { defineRoutes } from './route.js';

/**
 * The journey of a web test (Professional, docs/decisions/heatmaps-journey-and-benchmark.md
 * 'Journey and benchmark'): how the participants moved from page to page, as the steps of a Sankey
 * diagram with drop-offs, each page with its mean emotions.
 */

/** Steps shown; longer paths are cut and counted as going on. */
export const JOURNEY_MAX_STEPS = 8;

const nullableShare = z.number().nullable();

export const journeyPageSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Participants who visited the page. */
  visitors: z.number(),
  /** Mean emotions while on the page, 0–1 (null when unmeasured), as the Pages screen shows them. */
  joy: nullableShare,
  attention: nullableShare,
  frustration: nullableShare,
});
export type JourneyPage = z.infer<typeof journeyPageSchema>;

export const journeySchema = z.object({
  /** Finished participants with at least one visit to a page of the test. */
  participants: z.number(),
  /** Participants whose path went on past the last step shown. */
  continued: z.number(),
  max_steps: z.number(),
  pages: z.array(journeyPageSchema),
  /** Participants on a page at a step (0 = the first page they saw). */
  nodes: z.array(z.object({ step: z.number(), page_id: z.number(), participants: z.number() })),
  /** Moves from one step to the next; `target` null: they left there. */
  links: z.array(
    z.object({
      step: z.number(),
      source: z.number(),
      target: z.number().nullable(),
      participants: z.number(),
    }),
  ),
});
export type Journey = z.infer<typeof journeySchema>;
export const journeyAnswer = z.object({ data: journeySchema });

export const journeyRoutes = defineRoutes('journey', {
  get: {
    method: 'GET',
    path: '/tests/:id/journey',
    access: 'user',
    summary:
      'How the participants moved from page to page: steps, moves and drop-offs, pages with their mean emotions (Professional)',
    params: idParams,
    query: cohortQuery,
    responses: { 200: journeyAnswer },
  },
});
