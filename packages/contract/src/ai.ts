import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from './errors.js';
import { idField, idParam, idParams, optionalText, requiredText } from './fields.js';
import { CAPTURE_STATES } from './heatmaps.js';
import { significantPointSchema } from './participants.js';
import { defineRoutes } from './route.js';

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

/** Insight generation (spec 3 §7): temperature 0.5 like every call, at most 4095 tokens, JSON. */
export const AI_INSIGHT_MAX_TOKENS = 4095;
/** The language generated insights are written in unless the company chose another (spec 3 §7). */
export const AI_DEFAULT_INSIGHT_LANGUAGE = 'Dutch';
/** Tokens a company may spend on AI text in a calendar month (UTC) unless staff set another budget. */
export const AI_DEFAULT_MONTHLY_TOKENS = 2_000_000;
/** The largest monthly budget staff may set (a billion tokens). */
export const AI_MONTHLY_TOKENS_MAX = 1_000_000_000;
export const AI_FOCUS_POINT_MAX = 1000;
/** The wizard's pause on 'saved' before it goes back to the insights (spec 3 §10). */
export const INSIGHTS_WIZARD_REDIRECT_MS = 1000;

/**
 * The language a test's participant comments are translated into, or null when translation is off:
 * its translation_language when set, else English when the test runs in another language
 * (`translation`). Participants may write in other languages than the test's, so a comment in the
 * target language already is left to the model, which then answers it unchanged: stored as its own
 * translation, it is not asked about again.
 */
export function translationTarget(test: {
  translation: string;
  translation_language: string;
}): string | null {
  const target = test.translation_language.trim();
  if (target) return target;
  const spoken = test.translation.trim().toLowerCase();
  return spoken && spoken !== 'english' ? 'English' : null;
}

/** What needs a language model: the offline provider cannot do it (ai_not_configured). */
export type AiModelWork = 'translation' | 'rewriting';

/**
 * What the server answers, and the research area says beside its buttons, when the offline provider
 * (AI_PROVIDER=local) is asked to translate or rewrite: that it cannot, and how to set a model.
 */
export function aiModelNeeded(work: AiModelWork): string {
  const what = work === 'translation' ? 'Translating comments' : 'Rewriting text';
  return `${what} needs an AI language model, and this server runs the offline AI provider (AI_PROVIDER=local), which cannot ${work === 'translation' ? 'translate' : 'rewrite'}. To turn it on, set AI_PROVIDER=openai with AI_MODEL (and AI_BASE_URL and AI_API_KEY for your endpoint) and restart the server.`;
}

/** What a researcher asks the wizard for: one tag's points, optionally about one focus point. */
export const generateInsightBody = z.strictObject({
  tag_id: idField,
  focus_point: optionalText(AI_FOCUS_POINT_MAX).optional(),
});
export type GenerateInsightRequest = z.infer<typeof generateInsightBody>;

/** A claim rests on significant points of the tag: their ids, never empty. */
const evidence = { point_ids: z.array(z.number()).min(1) };

export const generatedFactorSchema = z.object({
  factor: z.string(),
  user_feedback: z.string(),
  behavior_explanation: z.string(),
  psychological_theory: z.string(),
  ...evidence,
});
export const generatedSuggestionSchema = z.object({
  suggestion_title: z.string(),
  suggestion_description: z.string(),
  ...evidence,
});
/** The spec's AI insight output, plain text, each factor and suggestion with the points it cites. */
export const generatedInsightSchema = z.object({
  title: z.string(),
  main_emotions: z.array(z.string()),
  summary: z.string(),
  answer_to_research_question: z.string(),
  common_factors: z.array(generatedFactorSchema),
  suggestions: z.array(generatedSuggestionSchema),
});
export type GeneratedInsight = z.infer<typeof generatedInsightSchema>;

/** A company's AI spending this month (UTC calendar month, 'YYYY-MM'). */
export const aiUsageSchema = z.object({
  company_id: z.number(),
  month: z.string(),
  used_tokens: z.number(),
  /** Model calls charged this month (the local provider's count too, at 0 tokens each). */
  calls: z.number(),
  budget_tokens: z.number(),
  insight_language: z.string(),
});
export type AiUsage = z.infer<typeof aiUsageSchema>;

/** A test's AI usage for the research area, with whether the server's provider can translate and rewrite. */
export const testAiUsageAnswer = aiUsageSchema.extend({
  /** False with the offline provider (AI_PROVIDER=local): translation and free text answer 409 ai_not_configured. */
  language_model: z.boolean(),
});
export type TestAiUsage = z.infer<typeof testAiUsageAnswer>;

/**
 * A proposal for one tag with its evidence: the tag's points (the claims cite some of them), how
 * many of the test's participants they come from, and how many claims were dropped for citing none.
 */
export const insightProposalAnswer = z.object({
  tag: z.object({ id: z.number(), name: z.string(), description: z.string() }),
  focus_point: z.string(),
  language: z.string(),
  proposal: generatedInsightSchema,
  points: z.array(significantPointSchema),
  participants_total: z.number(),
  dropped_claims: z.number(),
  /**
   * Participants whose points on this tag were left out of the prompt: they did not consent to AI
   * processing (docs/data-rights.md); `left_out_message` says so, null when nobody was left out.
   */
  participants_left_out: z.number(),
  left_out_message: z.string().nullable(),
  usage: aiUsageSchema,
});
export type InsightProposal = z.infer<typeof insightProposalAnswer>;

/** How often the wizard asks how a queued generation is getting on. */
export const AI_GENERATION_POLL_MS = 1000;

/**
 * An insight generation, which runs as a job (the durable queue): queued, running, done with the
 * proposal, or failed with the reason a screen shows (`error`: the code and message the call
 * answered when it ran inside the request: ai_failed, ai_unavailable, rate_limited for the budget,
 * validation for a tag that lost its points, internal for a job whose runners kept stopping).
 */
export const insightGenerationAnswer = z.object({
  id: z.number(),
  test_id: z.number(),
  /** Null once the tag was removed. */
  tag_id: z.number().nullable(),
  focus_point: z.string(),
  state: z.enum(CAPTURE_STATES),
  /** Runs started on it: more than 1 after a runner stopped mid-way and another took it up again. */
  attempts: z.number(),
  /** Unix seconds. */
  created_at: z.number(),
  updated_at: z.number(),
  /** The proposal once done, else null. */
  result: insightProposalAnswer.nullable(),
  error: z
    .object({
      code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
    })
    .nullable(),
});
export type InsightGeneration = z.infer<typeof insightGenerationAnswer>;

const generationParams = z.strictObject({ id: idParam, gid: idParam });

export const translateCommentsAnswer = z.object({
  /** Comments given a translation now. */
  translated: z.number(),
  /** Comments still without one (the provider gave none, or more than one batch holds). */
  remaining: z.number(),
  language: z.string(),
  usage: aiUsageSchema,
});
export type TranslateCommentsAnswer = z.infer<typeof translateCommentsAnswer>;

export const aiSettingsBody = z.strictObject({
  insight_language: requiredText(100).optional(),
  monthly_token_budget: z
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(0, 'At least 0')
    .max(AI_MONTHLY_TOKENS_MAX, 'At most 1,000,000,000')
    .optional(),
});

const insightFieldParams = z.strictObject({ id: idParam, iid: idParam, field: z.enum(AI_INSIGHT_FIELDS) });

/**
 * The research area's AI text; each call may cost a model call, so the server limits them per
 * signed-in user (429), and a failed or unreachable model answers 502 or 503.
 */
export const aiRoutes = defineRoutes('ai', {
  insightText: {
    method: 'POST',
    path: '/tests/:id/insights/:iid/ai/:field',
    access: 'researcher',
    summary:
      "New text for an insight's explanation, summary or suggestion, from the saved insight and its linked points; nothing is saved (research area)",
    params: insightFieldParams,
    responses: { 200: aiTextAnswer },
    errors: [429, 502, 503],
  },
  prompt: {
    method: 'POST',
    path: '/ai/prompt',
    access: 'researcher',
    summary: 'Free text from a prompt, or a prompt about a text, as HTML (research area)',
    description:
      'Needs a language model: with the offline provider (AI_PROVIDER=local) it answers 409 ai_not_configured, saying how to set one.',
    body: aiPromptBody,
    responses: { 200: aiTextAnswer },
    errors: [409, 429, 502, 503],
  },
  generateInsight: {
    method: 'POST',
    path: '/tests/:id/ai/insights',
    access: 'researcher',
    summary:
      "Queue a proposed insight for one of the test's tags, each claim citing the tag's significant points; answers the generation, queued; nothing is saved (research area)",
    description:
      'The model is asked by a job (the durable queue, which a worker may run): poll GET /tests/{id}/ai/insights/{gid} until it is done or failed. Refused up front (429) when the per-user rate limit or the company’s monthly token budget is used up; the tokens are counted when the job runs.',
    params: idParams,
    body: generateInsightBody,
    responses: { 202: insightGenerationAnswer },
    errors: [429],
  },
  insightGeneration: {
    method: 'GET',
    path: '/tests/:id/ai/insights/:gid',
    access: 'researcher',
    summary:
      'An insight generation of the test: queued, running, done with the proposal, or failed with the reason; for the user who asked it and provider staff (research area)',
    params: generationParams,
    responses: { 200: insightGenerationAnswer },
  },
  translateComments: {
    method: 'POST',
    path: '/tests/:id/ai/translations',
    access: 'researcher',
    summary:
      "Translations for the test's significant point comments and open answers that have none, in its translation language (research area)",
    description:
      'Needs a language model: with the offline provider (AI_PROVIDER=local) it answers 409 ai_not_configured, saying how to set one.',
    params: idParams,
    responses: { 200: translateCommentsAnswer },
    errors: [409, 429, 502, 503],
  },
  usage: {
    method: 'GET',
    path: '/tests/:id/ai/usage',
    access: 'researcher',
    summary:
      "The AI tokens the test's company used this month, its budget and insight language, and whether the server's provider can translate and rewrite (research area)",
    params: idParams,
    responses: { 200: testAiUsageAnswer },
  },
  companyUsage: {
    method: 'GET',
    path: '/companies/:id/ai',
    access: 'staff',
    summary:
      "A company's AI settings with this month's tokens and model calls: insight language and monthly token budget (admin area)",
    params: idParams,
    responses: { 200: aiUsageSchema },
  },
  settings: {
    method: 'PATCH',
    path: '/companies/:id/ai',
    access: 'staff',
    summary: "A company's AI settings: the insight language and the monthly token budget (admin area)",
    params: idParams,
    body: aiSettingsBody,
    responses: { 200: aiUsageSchema },
  },
});
