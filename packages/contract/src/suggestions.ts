import { z } from 'zod';
import { idField, idParam, idParams, optionalText, requiredText } from './fields.js';
import { defineRoutes } from './route.js';

/** Suggestions of a test (spec 2 §3), ranked from 1 without gaps. */

export const SUGGESTION_TITLE_MAX = 255;
/** The suggestion and its additional info are rich text (sanitized HTML). */
export const SUGGESTION_RICH_TEXT_MAX = 100_000;
export const SUGGESTION_RANK_MAX = 100_000;

/** Effort and impact share one scale (spec 2 §3, §9). */
export const SUGGESTION_LEVELS = { 1: 'Low', 2: 'Medium', 3: 'High' } as const;
export const SUGGESTION_NEXT_STEPS = { 1: 'Implement', 2: 'A/B test', 3: 'Research', 4: 'Nothing' } as const;
export const SUGGESTIONS_EMPTY = 'There are currently none, so start adding them!';
/** The question before a suggestion is deleted (spec 2 §8). */
export const SUGGESTION_DELETE_CONFIRM = 'Are you sure?!';

export const suggestionSchema = z.object({
  id: z.number(),
  test_id: z.number(),
  title: z.string(),
  suggestion: z.string(),
  additional_info: z.string(),
  rank: z.number(),
  effort: z.number().nullable(),
  impact: z.number().nullable(),
  next_step: z.number().nullable(),
  owner_id: z.number().nullable(),
  /** Null once the author's account is removed. */
  author_id: z.number().nullable(),
  insight_id: z.number().nullable(),
  done: z.boolean(),
  /** Unix seconds. */
  created_at: z.number(),
  updated_at: z.number(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** Read like the insights: the list as data.suggestions (by rank), one as data. */
export const suggestionListAnswer = z.object({ data: z.object({ suggestions: z.array(suggestionSchema) }) });
export const suggestionAnswer = z.object({ data: suggestionSchema });

const level = z
  .number({ error: 'Choose 1 (Low), 2 (Medium) or 3 (High)' })
  .int('Choose 1 (Low), 2 (Medium) or 3 (High)')
  .min(1, 'Choose 1 (Low), 2 (Medium) or 3 (High)')
  .max(3, 'Choose 1 (Low), 2 (Medium) or 3 (High)');
const nextStep = z
  .number({ error: 'Choose 1 (Implement), 2 (A/B test), 3 (Research) or 4 (Nothing)' })
  .int('Choose 1 (Implement), 2 (A/B test), 3 (Research) or 4 (Nothing)')
  .min(1, 'Choose 1 (Implement), 2 (A/B test), 3 (Research) or 4 (Nothing)')
  .max(4, 'Choose 1 (Implement), 2 (A/B test), 3 (Research) or 4 (Nothing)');
const richText = optionalText(SUGGESTION_RICH_TEXT_MAX);

const suggestionFields = {
  suggestion: richText.optional(),
  additional_info: richText.optional(),
  effort: level.nullable().optional(),
  impact: level.nullable().optional(),
  next_step: nextStep.nullable().optional(),
  /** A user of the test's company, or provider staff. */
  owner_id: idField.nullable().optional(),
  /** An insight of the same test. */
  insight_id: idField.nullable().optional(),
  done: z.boolean().optional(),
};

export const createSuggestionBody = z.strictObject({
  suggestion: z.strictObject({
    title: requiredText(SUGGESTION_TITLE_MAX),
    ...suggestionFields,
    /** Sent by the spec's client; the server makes the signed-in user the author whatever it says. */
    author_id: idField.optional(),
    /** When given, the test of the path. */
    test_id: idField.optional(),
  }),
});
export type NewSuggestion = z.infer<typeof createSuggestionBody>['suggestion'];

export const updateSuggestionBody = z.strictObject({
  suggestion: z.strictObject({
    title: requiredText(SUGGESTION_TITLE_MAX).optional(),
    ...suggestionFields,
    /** Moves the suggestion to this place (1 is first); the others are renumbered from 1. */
    rank: z
      .number({ error: 'Must be a number' })
      .int('Must be a whole number')
      .min(1, 'The first rank is 1')
      .max(SUGGESTION_RANK_MAX, `At most ${SUGGESTION_RANK_MAX}`)
      .optional(),
  }),
});
export type SuggestionChanges = z.infer<typeof updateSuggestionBody>['suggestion'];

const suggestionParams = z.strictObject({ id: idParam, sid: idParam });

/**
 * Read by whoever reads the test; written by staff and by the users of the test's company except
 * demo users (policy 'suggestion.manage', docs/decisions/insights-and-ai.md).
 */
export const suggestionRoutes = defineRoutes('suggestions', {
  list: {
    method: 'GET',
    path: '/tests/:id/suggestions',
    access: 'user',
    summary: "A test's suggestions by rank, 1 first (read as data.suggestions)",
    params: idParams,
    responses: { 200: suggestionListAnswer },
  },
  get: {
    method: 'GET',
    path: '/tests/:id/suggestions/:sid',
    access: 'user',
    summary: 'One suggestion (read as data)',
    params: suggestionParams,
    responses: { 200: suggestionAnswer },
  },
  create: {
    method: 'POST',
    path: '/tests/:id/suggestions',
    access: 'user',
    summary: 'A new suggestion, ranked last; its author is the signed-in user',
    params: idParams,
    body: createSuggestionBody,
    responses: { 201: suggestionAnswer },
    errors: [403],
  },
  update: {
    method: 'PATCH',
    path: '/tests/:id/suggestions/:sid',
    access: 'user',
    summary: 'Change a suggestion; `rank` moves it there and renumbers the others from 1',
    params: suggestionParams,
    body: updateSuggestionBody,
    responses: { 200: suggestionAnswer },
    errors: [403],
  },
  delete: {
    method: 'DELETE',
    path: '/tests/:id/suggestions/:sid',
    access: 'user',
    summary: 'Remove a suggestion; the later ones move up a rank',
    params: suggestionParams,
    responses: { 204: null },
    errors: [403],
  },
});
