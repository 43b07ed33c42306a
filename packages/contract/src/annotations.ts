import { z } from 'zod';
import { LABEL_MATCH_TYPES } from './constants.js';
import { cohortQuery, idField, idParam, idParams, optionalText, requiredText } from './fields.js';
import { sectionSchema, significantPointSchema } from './participants.js';
import { defineRoutes } from './route.js';

/** What researchers add to recordings (spec 2 §3, §7): tags, page titles (labels), sections, point notes. */

// ── tags ──

export const TAG_DESCRIPTION_MAX = 1000;
export const tagSchema = z.object({
  id: z.number(),
  test_id: z.number(),
  name: z.string(),
  /** What the tag stands for, in a researcher's words ('' when none). */
  description: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;
/**
 * A tag with what it marks (spec 3 §3 Tag): its significant points (false positives left out),
 * their count, their ids and the number of participants they come from.
 */
export const tagWithPointsSchema = tagSchema.extend({
  count: z.number(),
  /** The ids of those points (the spec's computed `sps`), in the order of significant_points. */
  sps: z.array(z.number()),
  participants: z.number(),
  significant_points: z.array(significantPointSchema),
});
export type TagWithPoints = z.infer<typeof tagWithPointsSchema>;
/** GET /tests/{id}/tags, read as `tags` (spec 3 §7). */
export const tagListAnswer = z.object({ tags: z.array(tagWithPointsSchema) });
export const tagBody = z.strictObject({
  tag: z.strictObject({
    name: requiredText(100),
    description: optionalText(TAG_DESCRIPTION_MAX).optional(),
  }),
});
export const updateTagBody = z.strictObject({
  tag: z
    .strictObject({
      name: requiredText(100).optional(),
      description: optionalText(TAG_DESCRIPTION_MAX).optional(),
    })
    .refine((tag) => Object.keys(tag).length > 0, 'Send the name, the description or both'),
});

// ── labels (page titles) ──

export const LABEL_URLS_MAX = 50;
export const labelSchema = z.object({
  id: z.number(),
  test_id: z.number(),
  name: z.string(),
  urls: z.array(z.string()),
  match_type: z.enum(LABEL_MATCH_TYPES),
});
export type Label = z.infer<typeof labelSchema>;
/**
 * A page with its metrics (spec 3 §3 Label), as the last recomputation found them:
 * total_participants who visited it, their average_time on it (ms), the mean joy, attention and
 * frustration while on it (0 to 1; null when no sample fell in a visit) with their participant count
 * and 95 % intervals, and the significant points inside its visits (false positives left out).
 */
const intervalSchema = z.object({ lower: z.number(), upper: z.number() }).nullable();
export const labelWithMetricsSchema = labelSchema.extend({
  total_participants: z.number(),
  average_time: z.number(),
  joy: z.number().nullable(),
  attention: z.number().nullable(),
  frustration: z.number().nullable(),
  /**
   * How many participants the three emotion means are of (visitors with an emotion sample on the
   * page); null for metrics stored before counts were kept (the next recomputation adds them).
   */
  emotion_participants: z.number().nullable(),
  /** The 95 % t-interval of each emotion's mean (0 to 1); null with fewer than two participants. */
  intervals: z.object({ joy: intervalSchema, attention: intervalSchema, frustration: intervalSchema }),
  significant_points: z.array(significantPointSchema),
});
export type LabelWithMetrics = z.infer<typeof labelWithMetricsSchema>;
/** GET /tests/{id}/labels, read as `data.labels` (spec 3 §7). */
export const labelListAnswer = z.object({ data: z.object({ labels: z.array(labelWithMetricsSchema) }) });
const labelFields = {
  name: requiredText(255),
  urls: z
    .array(requiredText(2000))
    .max(LABEL_URLS_MAX, `At most ${LABEL_URLS_MAX} URLs are allowed`)
    .optional(),
  match_type: z.enum(LABEL_MATCH_TYPES).optional(),
};
export const createLabelBody = z.strictObject({ label: z.strictObject(labelFields) });
export const updateLabelBody = z.strictObject({
  label: z
    .strictObject(labelFields)
    .partial()
    .refine((label) => Object.keys(label).length > 0, 'Send the name, the URLs or the match type'),
});
export const labelParams = z.strictObject({ id: idParam, lid: idParam });

// ── significant points ──

export const TAG_IDS_MAX = 100;
/** `{comment, false_positive}` (translation too) or `{tag_ids}`: the tags replace the point's tags. */
export const updateSignificantPointBody = z
  .strictObject({
    comment: optionalText(5000).optional(),
    translation: optionalText(5000).optional(),
    false_positive: z.boolean().optional(),
    tag_ids: z.array(idField).max(TAG_IDS_MAX, `At most ${TAG_IDS_MAX} tags are allowed`).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Send at least one of comment, false_positive, tag_ids');
export const significantPointAnswer = significantPointSchema;

// ── sections ──

/** Epoch milliseconds between 1970 and 2100. */
const epochMs = z
  .number({ error: 'Must be a number' })
  .min(0, 'Must be epoch milliseconds')
  .max(4_102_444_800_000, 'Must be epoch milliseconds');
const sectionFields = {
  timestamp_start: epochMs,
  timestamp_end: epochMs,
  label_id: idField.nullable().optional(),
};
export const createSectionBody = z.strictObject({
  section: z.strictObject({ participant_id: idField, ...sectionFields }),
});
export const updateSectionBody = z.strictObject({
  section: z
    .strictObject(sectionFields)
    .partial()
    .refine((section) => Object.keys(section).length > 0, 'Send at least one field of the section'),
});

/** Tags, page titles (labels), significant point notes and sections (spec 2 §7). Writes: research area. */
export const annotationRoutes = defineRoutes('annotations', {
  listTags: {
    method: 'GET',
    path: '/tests/:id/tags',
    access: 'user',
    summary:
      "The test's tags with their significant points, count and participants, read as `tags` (Professional data: 403 for client users of an Essential test); `cohort` counts lab or remote participants only",
    params: idParams,
    query: cohortQuery,
    responses: { 200: tagListAnswer },
    errors: [403],
  },
  createTag: {
    method: 'POST',
    path: '/tests/:id/tags',
    access: 'researcher',
    summary: 'Add a tag to the test (names are unique per test, case-insensitive: 409)',
    params: idParams,
    body: tagBody,
    responses: { 201: tagSchema },
    errors: [409],
  },
  updateTag: {
    method: 'PATCH',
    path: '/tags/:id',
    access: 'researcher',
    summary: 'Rename a tag or change its description',
    params: idParams,
    body: updateTagBody,
    responses: { 200: tagSchema },
    errors: [409],
  },
  deleteTag: {
    method: 'DELETE',
    path: '/tags/:id',
    access: 'researcher',
    summary: 'Remove a tag (its points lose it)',
    params: idParams,
    responses: { 204: null },
  },
  listLabels: {
    method: 'GET',
    path: '/tests/:id/labels',
    access: 'user',
    summary:
      "The test's pages (page titles) with their metrics, read as `data.labels` (Professional data: 403 for client users of an Essential test); `cohort` computes them over lab or remote participants only",
    params: idParams,
    query: cohortQuery,
    responses: { 200: labelListAnswer },
    errors: [403],
  },
  createLabel: {
    method: 'POST',
    path: '/tests/:id/labels',
    access: 'researcher',
    summary: 'Add a page title with the URLs it matches',
    params: idParams,
    body: createLabelBody,
    responses: { 201: labelSchema },
  },
  updateLabel: {
    method: 'PATCH',
    path: '/tests/:id/labels/:lid',
    access: 'researcher',
    summary: 'Change a page title',
    params: labelParams,
    body: updateLabelBody,
    responses: { 200: labelSchema },
  },
  deleteLabel: {
    method: 'DELETE',
    path: '/tests/:id/labels/:lid',
    access: 'researcher',
    summary: 'Remove a page title (its sections keep no title)',
    params: labelParams,
    responses: { 204: null },
  },
  getPoint: {
    method: 'GET',
    path: '/participant_data/significant_points/:id',
    access: 'user',
    summary: 'One significant point with its tags',
    params: idParams,
    responses: { 200: significantPointAnswer },
    errors: [403],
  },
  updatePoint: {
    method: 'PATCH',
    path: '/participant_data/significant_points/:id',
    access: 'researcher',
    summary:
      'Comment, translate or mark a point false positive, or replace its tags ({tag_ids}); the point is then kept by recomputations',
    params: idParams,
    body: updateSignificantPointBody,
    responses: { 200: significantPointAnswer },
  },
  createSection: {
    method: 'POST',
    path: '/sections',
    access: 'researcher',
    summary:
      'Mark a section of a recording; partial overlaps are moved 1 ms outside the neighbour, an inverted or covering section is refused',
    body: createSectionBody,
    responses: { 201: sectionSchema },
    errors: [404],
  },
  updateSection: {
    method: 'PATCH',
    path: '/sections/:id',
    access: 'researcher',
    summary: 'Change a section by the same rules; answers the stored section',
    params: idParams,
    body: updateSectionBody,
    responses: { 200: sectionSchema },
  },
  deleteSection: {
    method: 'DELETE',
    path: '/sections/:id',
    access: 'researcher',
    summary: 'Remove a section',
    params: idParams,
    responses: { 204: null },
  },
});
