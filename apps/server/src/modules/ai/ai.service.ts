import {
  AI_MAX_TOKENS,
  AI_SUGGESTION_TITLE_MAX_WORDS,
  AI_SUGGESTIONS_MAX,
  type AiInsightField,
  type AiPromptRequest,
  type AiSuggestion,
  type AiTextAnswer,
  INSIGHT_TEXT_PLACEHOLDER,
} from '@limbus/contract';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../http/app-error.js';
import { type Actor, authorize } from '../../http/policy.js';
import { sanitizeRichText } from '../../rich-text/sanitize-rich-text.js';
import { findInsightRow, type InsightRow, listLinkedPointRows } from '../insights/insights.repository.js';
import type { AiProvider, InsightFacts } from './ai.provider.js';
import { findTestAbout } from './ai.repository.js';
import { escapeHtml, plainText } from './html-text.js';

const COMMENT_LABELS = [
  ['behaviorComment', 'Behavior'],
  ['eegComment', 'EEG'],
  ['eyeTrackingComment', 'Eye tracking'],
  ['touchTrackingComment', 'Touch tracking'],
] as const;

/** A field that holds nothing a researcher wrote: empty, or the '...' a new insight starts with. */
const written = (text: string) => (text === INSIGHT_TEXT_PLACEHOLDER ? '' : text);

/** The saved insight and its test, for a researcher who may write the test's insights. */
async function loadFacts(deps: Deps, actor: Actor, testId: number, insightId: number): Promise<InsightFacts> {
  const test = await findTestAbout(deps.db, testId);
  if (!test) throw notFound('The test');
  authorize(actor, 'insight.manage', test);
  const insight = await findInsightRow(deps.db, testId, insightId);
  if (!insight) throw notFound('The insight');
  return factsOf(test, insight, await listLinkedPointRows(deps.db, [insight.id]));
}

function factsOf(
  test: { name: string; purpose: string },
  insight: InsightRow,
  points: Awaited<ReturnType<typeof listLinkedPointRows>>,
): InsightFacts {
  return {
    test: { name: test.name, purpose: test.purpose.trim() },
    title: insight.title,
    comments: COMMENT_LABELS.map(([key, label]) => ({ label, text: written(insight[key].trim()) })).filter(
      (comment) => comment.text !== '',
    ),
    focusPoint: insight.focusPoint.trim(),
    explanation: written(plainText(insight.explanation)),
    summary: written(plainText(insight.summary)),
    points: points
      .filter((point) => !point.falsePositive)
      .map((point) => ({
        participantId: point.participantId,
        emotion: point.emotion,
        comment: point.comment.trim(),
        tags: point.tags.map((tag) => tag.name),
      })),
  };
}

/** Models sometimes wrap their answer in a Markdown code fence despite being told not to. */
const unfenced = (text: string) =>
  text
    .trim()
    .replace(/^```[a-z]*\s*/i, '')
    .replace(/\s*```$/, '');

function sanitizedHtml(text: string): string {
  const html = sanitizeRichText(unfenced(text));
  if (plainText(html) === '')
    throw new AppError(
      'ai_failed',
      'The AI service answered no text. Try again, or write the text yourself.',
    );
  return html;
}

const suggestionsJson = z.object({
  suggestions: z
    .array(z.object({ suggestion_title: z.string().trim().min(1), suggestion_description: z.string() }))
    .min(1),
});

/** At most three, titles cut to five words: the limits hold whatever the model answered. */
function readSuggestions(text: string): AiSuggestion[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(unfenced(text));
  } catch {
    parsed = undefined;
  }
  const result = suggestionsJson.safeParse(parsed);
  if (!result.success)
    throw new AppError(
      'ai_failed',
      'The AI service answered suggestions we could not read. Try again, or write them yourself.',
    );
  return result.data.suggestions.slice(0, AI_SUGGESTIONS_MAX).map((suggestion) => ({
    title: plainText(suggestion.suggestion_title)
      .split(' ')
      .slice(0, AI_SUGGESTION_TITLE_MAX_WORDS)
      .join(' '),
    description: sanitizeRichText(suggestion.suggestion_description),
  }));
}

const suggestionsHtml = (suggestions: AiSuggestion[]) =>
  suggestions
    .map((suggestion) => `<p><strong>${escapeHtml(suggestion.title)}</strong></p>${suggestion.description}`)
    .join('');

/** New text for one field of a saved insight; the caller puts it in the field (nothing is saved here). */
export async function writeInsightField(
  deps: Deps,
  provider: AiProvider,
  actor: Actor,
  ids: { testId: number; insightId: number; field: AiInsightField },
): Promise<AiTextAnswer> {
  const facts = await loadFacts(deps, actor, ids.testId, ids.insightId);
  const answer = await provider.complete({ kind: ids.field, facts, maxTokens: AI_MAX_TOKENS[ids.field] });
  if (ids.field !== 'suggestion') return { text: sanitizedHtml(answer) };
  const suggestions = readSuggestions(answer);
  return { text: suggestionsHtml(suggestions), suggestions };
}

/** Free text: a prompt alone or about a text (spec 2 §7), as sanitized HTML. */
export async function writeFreeText(provider: AiProvider, request: AiPromptRequest): Promise<AiTextAnswer> {
  const answer = await provider.complete({
    kind: 'free',
    prompt: request.prompt,
    text: request.text || undefined,
    maxTokens: request.max_tokens ?? AI_MAX_TOKENS.free,
  });
  return { text: sanitizedHtml(answer) };
}
