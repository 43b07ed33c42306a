import { z } from 'zod';
import { PLATFORMS, TEST_STATES } from './constants.js';
import { testTypeSchema } from './contracts.js';

/** The list form of a test (home cards, test picker, test lists). The full entity comes with the ordering issue. */
export const testSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  test_type: testTypeSchema,
  platform: z.enum(PLATFORMS),
  state: z.enum(TEST_STATES),
  company_id: z.number(),
  company: z.object({ id: z.number(), name: z.string(), licence_analysis: z.boolean() }),
  updated_at: z.number(),
  created_at: z.number(),
});
export type TestSummary = z.infer<typeof testSummarySchema>;
export const testListAnswer = z.array(testSummarySchema);
export const testListQuery = z.strictObject({
  homepage: z.enum(['0', '1', 'true', 'false']).optional(),
});

/** What a test is busy with besides its state: `video_processing` while process_video_test runs. */
export const TEST_INTERNAL_STATES = ['video_processing'] as const;

/**
 * One test (GET /tests/{id}): the summary plus what the results shell needs. Small on purpose: the full
 * entity comes with the ordering issue.
 */
export const testDetailSchema = testSummarySchema.extend({
  purpose: z.string(),
  scenario: z.string(),
  url: z.string(),
  addons: z.array(z.string()),
  internal_state: z.enum(TEST_INTERNAL_STATES).nullable(),
  /** Signed URL of the test's video (video tests), or null while none was uploaded. */
  video: z.string().nullable(),
});
export type TestDetail = z.infer<typeof testDetailSchema>;
