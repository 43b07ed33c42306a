import { z } from 'zod';
import { idField, idParam, idParams, optionalText, requiredText } from './fields.js';
import { significantPointSchema } from './participants.js';
import { defineRoutes } from './route.js';

/** Insights (spec 2 §3, spec 3 §3): researchers group significant points of a test and explain them. */

export const INSIGHT_TITLE_MAX = 255;
export const INSIGHT_COMMENT_MAX = 20_000;
/** Explanation, summary and suggestion are rich text (sanitized HTML). */
export const INSIGHT_RICH_TEXT_MAX = 100_000;
/** What a new insight's comments, explanation and summary start with (spec 2 §5). */
export const INSIGHT_TEXT_PLACEHOLDER = '...';
/** An insight's text as people read it: the '...' a new insight starts with means nothing written yet. */
export const writtenInsightText = (text: string): string => (text === INSIGHT_TEXT_PLACEHOLDER ? '' : text);
/** How long 'saved' shows after an insight is saved (spec 2 §9). */
export const INSIGHT_SAVED_MS = 3000;
/** The question before an insight is deleted (spec 2 §8). */
export const INSIGHT_DELETE_CONFIRM = 'Are you sure?!';
export const INSIGHT_TITLE_PLACEHOLDER = 'Enter a new Insight title';
/** The Insights PDF cuts each comment to this many characters and adds '…' (spec 3 §2). */
export const INSIGHT_PDF_COMMENT_MAX = 190;

/** The insight's clip (spec 3 §9): from 3 s before the highlighted point, 7 s long, looping every 7000 ms. */
export const INSIGHT_CLIP = { leadMs: 3000, lengthMs: 7000, loopMs: 7000 } as const;
/**
 * The clip of a point in its participant's recording, in seconds of the video (which starts at
 * the participant's start): from 3 s before the point, 7 s long (spec 3 §9).
 */
export function clipWindow(pointAtMs: number, startedAtSeconds: number): { start: number; end: number } {
  const start = Math.max(0, (pointAtMs - INSIGHT_CLIP.leadMs) / 1000 - startedAtSeconds);
  return { start, end: start + INSIGHT_CLIP.lengthMs / 1000 };
}

/** The insight detail's Suggestions section without any (spec 3 §8). */
export const INSIGHT_NO_SUGGESTIONS = 'There are no suggestions added yet. Go to suggestions to add some!';

/** A comment as the Insights PDF prints it. */
export function cutComment(comment: string, max = INSIGHT_PDF_COMMENT_MAX): string {
  const text = comment.trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

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
  /**
   * Unix seconds when an erasure removed points this insight cited (docs/data-rights.md): the
   * citations are gone, the insight stays for the researcher to keep or rewrite; null otherwise.
   */
  evidence_withdrawn_at: z.number().nullable(),
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

const insightParams = z.strictObject({ id: idParam, iid: idParam });

/** Read by whoever reads the test; written by the research area (policy 'insight.manage'). */
export const insightRoutes = defineRoutes('insights', {
  list: {
    method: 'GET',
    path: '/tests/:id/insights',
    access: 'user',
    summary: "A test's insights by number, with their significant points (read as data.insights)",
    params: idParams,
    responses: { 200: insightListAnswer },
    errors: [403],
  },
  get: {
    method: 'GET',
    path: '/tests/:id/insights/:iid',
    access: 'user',
    summary: 'One insight (read as data)',
    params: insightParams,
    responses: { 200: insightAnswer },
    errors: [403],
  },
  create: {
    method: 'POST',
    path: '/tests/:id/insights',
    access: 'researcher',
    summary: "A new insight, numbered after the test's last (research area)",
    params: idParams,
    body: createInsightBody,
    responses: { 201: insightAnswer },
  },
  update: {
    method: 'PATCH',
    path: '/tests/:id/insights/:iid',
    access: 'researcher',
    summary: 'Change an insight, its linked significant points and its highlight (research area)',
    params: insightParams,
    body: updateInsightBody,
    responses: { 200: insightAnswer },
  },
  delete: {
    method: 'DELETE',
    path: '/tests/:id/insights/:iid',
    access: 'researcher',
    summary: 'Remove an insight; the later ones move up a number (research area)',
    params: insightParams,
    responses: { 204: null },
  },
});
