import { z } from 'zod';
import { ADDON_KEYS, type AddonKey, PLATFORMS, TARGET_GROUPS, TEST_STATES } from './constants.js';
import { testTypeSchema } from './contracts.js';
import { idField, optionalText } from './fields.js';

/*
 * Writing a test (POST /tests, PATCH /tests/{id}): JSON `{ test: {...} }` or multipart/form-data
 * with `test[field]` keys. Multipart values arrive as text, so booleans accept 'true'/'false'/'1'/'0',
 * numbers accept decimal digits and nullable ids accept '' for null; JSON may use the same texts.
 */

const formBoolean = z.union([
  z.boolean(),
  z
    .enum(['true', 'false', '1', '0'], { error: 'Must be true or false' })
    .transform((v) => v === 'true' || v === '1'),
]);
const digits = z
  .string()
  .regex(/^\d{1,10}$/, 'Must be a whole number')
  .transform(Number);
const formInt = (min: number, max: number) =>
  z.union([z.number({ error: 'Must be a number' }), digits]).pipe(z.number().int().min(min).max(max));
const formId = z.union([idField, digits.pipe(idField)], { error: 'Must be a positive whole number' });
const formNullableId = z.union([formId, z.null(), z.literal('').transform(() => null)], {
  error: 'Must be a positive whole number or empty',
});

/** A question row of the form: new ones have no id; `_destroy` (or blank text on save) removes it. */
export const questionWriteSchema = z.strictObject({
  id: formId.optional(),
  text: optionalText(500).optional().default(''),
  _destroy: formBoolean.optional(),
});
export const evaluationWriteSchema = questionWriteSchema.extend({
  description: optionalText(1000).optional(),
  caption_low: optionalText(100).optional(),
  caption_high: optionalText(100).optional(),
});
export type QuestionWrite = z.infer<typeof questionWriteSchema>;
export type EvaluationWrite = z.infer<typeof evaluationWriteSchema>;

/**
 * Every writable field of a test; all optional (a PATCH changes what it names). Fields only staff
 * may set: company_id, requester_id, researcher_id, category_id, flow_id, delivery_date,
 * minimum_participants_for_metrics, and a state other than draft or requested (STAFF_ONLY_TEST_FIELDS).
 */
export const testWriteFields = z
  .strictObject({
    name: optionalText(255),
    purpose: optionalText(5000),
    test_type: testTypeSchema,
    platform: z.enum(PLATFORMS, { error: 'Choose desktop, mobile or video' }),
    state: z.enum(TEST_STATES, { error: 'Choose draft, requested, in-progress or done' }),
    translation: optionalText(100),
    /** Empty entries are removed before the limit is checked. */
    focus_elements: z.array(optionalText(255)).max(20),
    scenario: optionalText(5000),
    url: optionalText(2000),
    stop_moment: optionalText(2000),
    target_group: z.enum(TARGET_GROUPS, { error: 'Choose default or custom' }),
    custom_target: optionalText(5000),
    company_id: formId,
    requester_id: formNullableId,
    researcher_id: formNullableId,
    category_id: formNullableId,
    flow_id: formNullableId,
    brand_name: optionalText(255),
    comments: optionalText(5000),
    delivery_date: optionalText(50),
    external_app: formBoolean,
    minimum_participants_for_metrics: formInt(0, 10_000),
    translation_language: optionalText(100),
    timing: optionalText(255),
    /** Blank entries ('' — how a form sends an empty list) are dropped. */
    addons: z
      .array(
        z.union([z.enum(ADDON_KEYS, { error: 'Choose tagon or individual_participant' }), z.literal('')]),
      )
      .max(10)
      .transform((keys) => [...new Set(keys.filter((key): key is AddonKey => key !== ''))]),
    associations: z.array(questionWriteSchema).max(50),
    open_questions: z.array(questionWriteSchema).max(50),
    evaluations: z.array(evaluationWriteSchema).max(50),
  })
  .partial();
export type TestWrite = z.infer<typeof testWriteFields>;
export const testWriteBody = z.strictObject({ test: testWriteFields });
