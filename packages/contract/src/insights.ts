import { z } from 'zod';
import { idField, optionalText, requiredText } from './fields.js';
import { significantPointSchema } from './participants.js';

/** Insights (spec 2 §3, spec 3 §3): researchers group significant points of a test and explain them. */

export const INSIGHT_TITLE_MAX = 255;
export const INSIGHT_COMMENT_MAX = 20_000;
/** Explanation, summary and suggestion are rich text (sanitized HTML). */
export const INSIGHT_RICH_TEXT_MAX = 100_000;
/** What a new insight's comments, explanation and summary start with (spec 2 §5). */
export const INSIGHT_TEXT_PLACEHOLDER = '...';
/** How long 'saved' shows after an insight is saved (spec 2 §9). */
export const INSIGHT_SAVED_MS = 3000;
/** The question before an insight is deleted (spec 2 §8). */
export const INSIGHT_DELETE_CONFIRM = 'Are you sure?!';
export const INSIGHT_TITLE_PLACEHOLDER = 'Enter a new Insight title';

/** The comments of the Data section, plain text. */
export const INSIGHT_COMMENT_FIELDS = [
  'behavior_comment',
  'eeg_comment',
  'eye_tracking_comment',
  'touch_tracking_comment',
] as const;
export const INSIGHT_RICH_TEXT_FIELDS = ['explanation', 'summary', 'suggestion'] as const;

export const insightSchema = z.object({
  id: z.number(),
  test_id: z.number(),
  /** The insight's number within its test, 1 to n without gaps. */
  assigned_id: z.number(),
  title: z.string(),
  behavior_comment: z.string(),
  eeg_comment: z.string(),
  eye_tracking_comment: z.string(),
  touch_tracking_comment: z.string(),
  explanation: z.string(),
  summary: z.string(),
  suggestion: z.string(),
  focus_point: z.string(),
  /** The significant point that illustrates the insight best; one of significant_points_ids. */
  highlight_id: z.number().nullable(),
  /** The highlight image, when one was stored. */
  highlight_url: z.string().nullable(),
  significant_points_ids: z.array(z.number()),
  significant_points: z.array(significantPointSchema),
});
export type Insight = z.infer<typeof insightSchema>;

/** The spec's readings: the list as data.insights, one insight as data. */
export const insightListAnswer = z.object({ data: z.object({ insights: z.array(insightSchema) }) });
export const insightAnswer = z.object({ data: insightSchema });

const comment = optionalText(INSIGHT_COMMENT_MAX);
const richText = optionalText(INSIGHT_RICH_TEXT_MAX);

const insightTextFields = {
  behavior_comment: comment.optional(),
  eeg_comment: comment.optional(),
  eye_tracking_comment: comment.optional(),
  touch_tracking_comment: comment.optional(),
  explanation: richText.optional(),
  summary: richText.optional(),
  suggestion: richText.optional(),
  focus_point: optionalText(1000).optional(),
};

export const createInsightBody = z.strictObject({
  insight: z.strictObject({ title: requiredText(INSIGHT_TITLE_MAX), ...insightTextFields }),
});
export type NewInsight = z.infer<typeof createInsightBody>['insight'];

export const updateInsightBody = z.strictObject({
  insight: z.strictObject({
    title: requiredText(INSIGHT_TITLE_MAX).optional(),
    ...insightTextFields,
    /** Replaces the linked points; each must be a point of a participant of this test. */
    significant_points_ids: z.array(idField).max(1000, 'At most 1000 points').optional(),
    highlight_id: idField.nullable().optional(),
  }),
});
export type InsightChanges = z.infer<typeof updateInsightBody>['insight'];
