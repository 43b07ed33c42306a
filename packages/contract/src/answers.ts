import { z } from 'zod';
import { idField, idParams, optionalText } from './fields.js';
import { defineRoutes } from './route.js';

/** A participant's questionnaire answers (spec 2 §3 Answer, §4 answer lifecycle). */

export const SCALE_MIN = 1;
export const SCALE_MAX = 5;

export const answerSchema = z.object({
  id: z.number(),
  question_id: z.number(),
  participant_id: z.number(),
  text: z.string(),
  /** The text in the test's translation language ('' for none); a changed text loses it. */
  translation: z.string(),
  /** 1 to 5 for scale questions, else null. */
  score: z.number().nullable(),
  /** Associations: whether the participant chose it. */
  checked: z.boolean(),
});
export type Answer = z.infer<typeof answerSchema>;

const scoreField = z
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .min(SCALE_MIN, `Choose ${SCALE_MIN} to ${SCALE_MAX}`)
  .max(SCALE_MAX, `Choose ${SCALE_MIN} to ${SCALE_MAX}`);
/** The fields of an answer, with their rules: also a remote participant's answers (remote-studies.ts). */
export const answerFields = {
  text: optionalText(5000).optional(),
  score: scoreField.nullable().optional(),
  checked: z.boolean().optional(),
};
export const createAnswerBody = z.strictObject({
  answer: z.strictObject({ question_id: idField, participant_id: idField, ...answerFields }),
});
export const updateAnswerBody = z.strictObject({
  answer: z
    .strictObject({
      ...answerFields,
      // The spec's client sends the whole answer back; the ids must then be the answer's own.
      question_id: idField.optional(),
      participant_id: idField.optional(),
    })
    .refine((answer) => Object.keys(answer).length > 0, 'Send at least one field of the answer'),
});

/** A question of the test with this participant's answer (the participant's open_questions, evaluations, associations). */
export const participantQuestionSchema = z.object({
  id: z.number(),
  text: z.string(),
  description: z.string(),
  /** Scale questions: the captions of 1 and of 5. */
  caption_low: z.string(),
  caption_high: z.string(),
  default: z.boolean(),
  answer: answerSchema.nullable(),
});
export type ParticipantQuestion = z.infer<typeof participantQuestionSchema>;

/** A participant's questionnaire answers (spec 2 §4: created first, then updated; unchecking deletes). */
export const answerRoutes = defineRoutes('answers', {
  create: {
    method: 'POST',
    path: '/answers',
    access: 'researcher',
    summary: 'Answer a question for a participant of the same test; answers it with its id',
    body: createAnswerBody,
    responses: { 201: answerSchema },
    errors: [404],
  },
  update: {
    method: 'PATCH',
    path: '/answers/:id',
    access: 'researcher',
    summary: 'Change an answer',
    params: idParams,
    body: updateAnswerBody,
    responses: { 200: answerSchema },
  },
  delete: {
    method: 'DELETE',
    path: '/answers/:id',
    access: 'researcher',
    summary: 'Remove an answer (an association unchecked)',
    params: idParams,
    responses: { 204: null },
  },
});
