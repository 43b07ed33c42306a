import {
  AI_MAX_TOKENS,
  AI_SUGGESTION_TITLE_MAX_WORDS,
  AI_SUGGESTIONS_MAX,
  type AiInsightField,
  type AiPromptRequest,
  type AiSuggestion,
  type AiTextAnswer,
  type AiUsage,
  aiModelNeeded,
  INSIGHT_TEXT_PLACEHOLDER,
  participantLabel,
  type TestAiUsage,
} from '@limbus/contract';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../http/app-error.js';
import { loadFor } from '../../http/load-for.js';
import { type Actor, authorize } from '../../http/policy.js';
import { sanitizeRichText } from '../../rich-text/sanitize-rich-text.js';
import { participantsWithoutPurpose } from '../consent/consent.service.js';
import { findInsightRow, type InsightRow, listLinkedPointRows } from '../insights/insights.service.js';
import { listMetricsParticipantRows } from '../participants/participants.service.js';
import type { AiProvider, InsightFacts } from './ai.provider.js';
import { findProviderCompanyId, findTestAbout, updateAiSettings } from './ai.repository.js';
import { completeWithin, readUsage } from './ai-budget.js';
import { escapeHtml, plainText } from './html-text.js';

/** Only the database is needed (the demo seed calls this service too); the clock dates the usage. */
type DbDeps = Pick<Deps, 'db'> & Partial<Pick<Deps, 'clock'>>;

const COMMENT_LABELS = [
  ['behaviorComment', 'Behavior'],
  ['eegComment', 'EEG'],
  ['eyeTrackingComment', 'Eye tracking'],
  ['touchTrackingComment', 'Touch tracking'],
] as const;

/** A field that holds nothing a researcher wrote: empty, or the '...' a new insight starts with. */
const written = (text: string) => (text === INSIGHT_TEXT_PLACEHOLDER ? '' : text);

/** The saved insight and its test, for a researcher who may write the test's insights. */
async function loadFacts(
  deps: DbDeps,
  actor: Actor,
  testId: number,
  insightId: number,
): Promise<{ companyId: number; facts: InsightFacts }> {
  const test = await loadFor(actor, 'insight.manage', 'The test', findTestAbout(deps.db, testId));
  const insight = await findInsightRow(deps.db, testId, insightId);
  if (!insight) throw notFound('The insight');
  // Points of participants who did not consent to AI processing never reach a prompt.
  const withheld = await participantsWithoutPurpose(deps, [testId], 'ai');
  const points = (await listLinkedPointRows(deps.db, [insight.id])).filter(
    (point) => !withheld.has(point.participantId),
  );
  const participants = (await listMetricsParticipantRows(deps.db, testId)).length;
  return { companyId: test.companyId, facts: factsOf({ ...test, participants }, insight, points) };
}

function factsOf(
  test: { name: string; purpose: string; participants: number },
  insight: InsightRow,
  points: Awaited<ReturnType<typeof listLinkedPointRows>>,
): InsightFacts {
  return {
    test: { name: test.name, purpose: test.purpose.trim(), participants: test.participants },
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
        participant: participantLabel({ real_id: point.participantRealId }),
        emotion: point.emotion,
        // The test's language (translation_language) is what the insight is written in.
        comment: point.translation.trim() || point.comment.trim(),
        tags: point.tags.map((tag) => tag.name),
      })),
  };
}

/** Models sometimes wrap their answer in a Markdown code fence despite being told not to. */
export const unfenced = (text: string) =>
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
  deps: DbDeps,
  provider: AiProvider,
  actor: Actor,
  ids: { testId: number; insightId: number; field: AiInsightField },
): Promise<AiTextAnswer> {
  const { companyId, facts } = await loadFacts(deps, actor, ids.testId, ids.insightId);
  const { text: answer } = await completeWithin(deps, provider, companyId, {
    kind: ids.field,
    facts,
    maxTokens: AI_MAX_TOKENS[ids.field],
  });
  if (ids.field !== 'suggestion') return { text: sanitizedHtml(answer) };
  const suggestions = readSuggestions(answer);
  return { text: suggestionsHtml(suggestions), suggestions };
}

/** Free text: a prompt alone or about a text (spec 2 §7), as sanitized HTML, within a company's budget. */
export async function writeFreeText(
  deps: DbDeps,
  provider: AiProvider,
  actor: Actor,
  request: AiPromptRequest,
): Promise<AiTextAnswer> {
  // The offline provider could only hand the text back: say so instead (issue 26).
  if (!provider.languageModel) throw new AppError('ai_not_configured', aiModelNeeded('rewriting'));
  const task = {
    kind: 'free' as const,
    prompt: request.prompt,
    text: request.text || undefined,
    maxTokens: request.max_tokens ?? AI_MAX_TOKENS.free,
  };
  const reply = await completeWithin(deps, provider, await chargedCompanyOf(deps, actor), task);
  return { text: sanitizedHtml(reply.text) };
}

/**
 * The company whose budget free text counts against: the asker's, or for staff without a company
 * (a Super Admin) the provider's own, as they work for the provider and are no client of it.
 */
async function chargedCompanyOf(deps: DbDeps, actor: Actor): Promise<number> {
  if (actor.companyId !== null) return actor.companyId;
  const providerId = await findProviderCompanyId(deps.db);
  if (providerId === null)
    throw new AppError(
      'conflict',
      "Free text of staff without a company counts against the provider company's AI budget, and no company is marked as the provider yet.",
    );
  return providerId;
}

/** This month's AI use of the test's company, for the research area (the wizard shows it). */
export async function aiUsageOf(
  deps: Pick<Deps, 'db' | 'clock'>,
  provider: AiProvider,
  actor: Actor,
  testId: number,
): Promise<TestAiUsage> {
  const test = await loadFor(actor, 'insight.manage', 'The test', findTestAbout(deps.db, testId));
  return {
    ...(await readUsage(deps.db, test.companyId, deps.clock())),
    language_model: provider.languageModel,
  };
}

/** A company's AI settings and this month's use, for staff (the company administration screen). */
export async function companyAiUsage(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  companyId: number,
): Promise<AiUsage> {
  authorize(actor, 'company.manage', undefined);
  return readUsage(deps.db, companyId, deps.clock());
}

/** Staff choose a company's insight language and monthly token budget. */
export async function changeAiSettings(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  companyId: number,
  body: { insight_language?: string | undefined; monthly_token_budget?: number | undefined },
): Promise<AiUsage> {
  authorize(actor, 'company.manage', undefined);
  const found = await updateAiSettings(deps.db, companyId, {
    insightLanguage: body.insight_language,
    monthlyTokenBudget: body.monthly_token_budget,
  });
  if (!found) throw notFound('The company');
  return readUsage(deps.db, companyId, deps.clock());
}
