import { z } from 'zod';
import { optionalText, requiredText } from './fields.js';

/** AI text (spec 2 §7, §9): the server asks the configured model; keys never reach the browser. */

/** The insight texts a model can write. */
export const AI_INSIGHT_FIELDS = ['explanation', 'summary', 'suggestion'] as const;
export type AiInsightField = (typeof AI_INSIGHT_FIELDS)[number];

/** The model's token budget per kind of text (spec 2 §9). */
export const AI_MAX_TOKENS = { explanation: 1000, summary: 150, suggestion: 500, free: 2000 } as const;
export const AI_SUMMARY_MAX_WORDS = 100;
export const AI_SUGGESTIONS_MAX = 3;
export const AI_SUGGESTION_TITLE_MAX_WORDS = 5;
export const AI_PROMPT_MAX = 4000;
export const AI_TEXT_MAX = 20_000;

/** The question before generated text replaces what a field holds (spec 2 §5). */
export const aiOverwriteConfirm = (field: AiInsightField) =>
  `This will overwrite your existing ${field}. Do you want to proceed?`;

/** Free text: a prompt alone, or a prompt about a text (the spec's {max_tokens, prompt, text}). */
export const aiPromptBody = z.strictObject({
  prompt: requiredText(AI_PROMPT_MAX),
  text: optionalText(AI_TEXT_MAX).optional(),
  max_tokens: z
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(1, 'At least 1')
    .max(AI_MAX_TOKENS.free, `At most ${AI_MAX_TOKENS.free}`)
    .optional(),
});
export type AiPromptRequest = z.infer<typeof aiPromptBody>;

export const aiSuggestionSchema = z.object({
  /** At most five words. */
  title: z.string(),
  /** HTML. */
  description: z.string(),
});
export type AiSuggestion = z.infer<typeof aiSuggestionSchema>;

/** Generated text as sanitized HTML; for the suggestion field also the suggestions it was built from. */
export const aiTextAnswer = z.object({
  text: z.string(),
  suggestions: z.array(aiSuggestionSchema).max(AI_SUGGESTIONS_MAX).optional(),
});
export type AiTextAnswer = z.infer<typeof aiTextAnswer>;
