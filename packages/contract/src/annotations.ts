import { z } from 'zod';
import { LABEL_MATCH_TYPES } from './constants.js';
import { idField, idParam, optionalText, requiredText } from './fields.js';
import { significantPointSchema } from './participants.js';

/** What researchers add to recordings (spec 2 §3, §7): tags, page titles (labels), sections, point notes. */

// ── tags ──

export const tagSchema = z.object({ id: z.number(), test_id: z.number(), name: z.string() });
export type Tag = z.infer<typeof tagSchema>;
/** GET /tests/{id}/tags, read as `tags` (spec 3 §7). */
export const tagListAnswer = z.object({ tags: z.array(tagSchema) });
export const tagBody = z.strictObject({ tag: z.strictObject({ name: requiredText(100) }) });
export const tagParams = z.strictObject({ id: idParam });

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
/** GET /tests/{id}/labels, read as `data.labels` (spec 3 §7). */
export const labelListAnswer = z.object({ data: z.object({ labels: z.array(labelSchema) }) });
const labelFields = {
  name: requiredText(255),
  urls: z
    .array(requiredText(2000))
    .max(LABEL_URLS_MAX, `At most ${LABEL_URLS_MAX} URLs are allowed`)
    .optional(),
  match_type: z.enum(LABEL_MATCH_TYPES).optional(),
};
export const createLabelBody = z.strictObject({ label: z.strictObject(labelFields) });
export const updateLabelBody = z.strictObject({ label: z.strictObject(labelFields).partial() });
export const labelParams = z.strictObject({ id: idParam, lid: idParam });

// ── significant points ──

export const significantPointParams = z.strictObject({ id: idParam });
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
export const sectionParams = z.strictObject({ id: idParam });
