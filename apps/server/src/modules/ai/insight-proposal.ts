import {
  AI_INSIGHT_MAX_TOKENS,
  AI_SUGGESTION_TITLE_MAX_WORDS,
  AI_SUGGESTIONS_MAX,
  CONSENT_MESSAGES,
  type GeneratedInsight,
  type InsightProposal,
  participantLabel,
} from '@limbus/contract';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../http/app-error.js';
import { participantsWithoutPurpose } from '../consent/consent.service.js';
import { toSignificantPoint } from '../participants/participants.mappers.js';
import { listTestPointRows, type SignificantPointRow } from '../participants/participants.service.js';
import type { AiProvider, InsightInput } from './ai.provider.js';
import {
  countRecordedParticipants,
  findPagesOfPoints,
  findTagAbout,
  findTestAbout,
} from './ai.repository.js';
import { unfenced } from './ai.service.js';
import { completeWithin, readUsage } from './ai-budget.js';
import { plainText } from './html-text.js';

/**
 * An insight proposed by the model for one tag (spec 3 §7): what it is told, how its answer is
 * read, and what of it is kept. The generation job writes it; the request checks the tag first.
 */
export type GenerationDeps = Pick<Deps, 'db' | 'clock'>;

/** At most this many factors are kept of what a model answers. */
const MAX_FACTORS = 6;

const text = z.string().transform(plainText);
const cited = z.array(z.number().int()).catch([]).default([]);

/** What a model may answer: lenient in shape (a string of emotions, a missing id list), strict in kind. */
const modelAnswer = z.object({
  title: text,
  main_emotions: z.union([z.array(text), text.transform((value) => value.split(/,\s*/))]),
  summary: text,
  answer_to_research_question: text,
  common_factors: z.array(
    z.object({
      factor: text,
      user_feedback: text.default(''),
      behavior_explanation: text.default(''),
      psychological_theory: text.default(''),
      point_ids: cited,
    }),
  ),
  suggestions: z.array(
    z.object({ suggestion_title: text, suggestion_description: text.default(''), point_ids: cited }),
  ),
});

/** The model's JSON, or null when it is no JSON of the asked shape. */
function parseAnswer(reply: string): z.infer<typeof modelAnswer> | null {
  try {
    const parsed = modelAnswer.safeParse(JSON.parse(unfenced(reply)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Keeps only what rests on the tag's points: ids outside the tag are removed, and a factor or
 * suggestion left citing none is dropped; the spec's limits hold whatever the model answered.
 */
function withEvidence(
  answer: z.infer<typeof modelAnswer>,
  pointIds: Set<number>,
): { proposal: GeneratedInsight; dropped: number } {
  const cite = <T extends { point_ids: number[] }>(claim: T): T => ({
    ...claim,
    point_ids: [...new Set(claim.point_ids.filter((id) => pointIds.has(id)))],
  });
  const factors = answer.common_factors.map(cite);
  const suggestions = answer.suggestions.map(cite);
  const keptFactors = factors.filter((factor) => factor.point_ids.length > 0);
  const keptSuggestions = suggestions.filter((suggestion) => suggestion.point_ids.length > 0);
  return {
    proposal: {
      title: answer.title,
      main_emotions: answer.main_emotions.map((emotion) => emotion.trim()).filter(Boolean),
      summary: answer.summary,
      answer_to_research_question: answer.answer_to_research_question,
      common_factors: keptFactors.slice(0, MAX_FACTORS),
      suggestions: keptSuggestions.slice(0, AI_SUGGESTIONS_MAX).map((suggestion) => ({
        ...suggestion,
        suggestion_title: suggestion.suggestion_title
          .split(' ')
          .slice(0, AI_SUGGESTION_TITLE_MAX_WORDS)
          .join(' '),
      })),
    },
    dropped: factors.length - keptFactors.length + suggestions.length - keptSuggestions.length,
  };
}

/**
 * The tag of this test and its points that are not false positives (400 when there are none),
 * without the points of participants who did not consent to AI processing: they never reach a
 * prompt (`leftOut` counts those participants; 400 when nobody's points are left).
 */
export async function tagWithPoints(deps: GenerationDeps, testId: number, tagId: number) {
  const tag = await findTagAbout(deps.db, testId, tagId);
  if (!tag) throw AppError.fieldError('validation', 'tag_id', 'Choose a tag of this test');
  const tagged = (await listTestPointRows(deps.db, testId)).filter(
    (point) => !point.falsePositive && point.tags.some((pointTag) => pointTag.id === tagId),
  );
  if (tagged.length === 0)
    throw AppError.fieldError(
      'validation',
      'tag_id',
      `The tag ${tag.name} has no significant points yet: tag some first`,
    );
  const withheld = await participantsWithoutPurpose(deps, [testId], 'ai');
  const points = tagged.filter((point) => !withheld.has(point.participantId));
  const leftOut = new Set(
    tagged.filter((point) => withheld.has(point.participantId)).map((point) => point.participantId),
  ).size;
  if (points.length === 0)
    throw AppError.fieldError(
      'validation',
      'tag_id',
      `The points of the tag ${tag.name} come only from participants who did not consent to AI processing: write this insight yourself`,
    );
  return { tag, points, leftOut };
}

async function inputOf(
  deps: GenerationDeps,
  test: { purpose: string; focusElements: string[] },
  tag: { name: string; description: string },
  points: SignificantPointRow[],
  focusPoint: string,
): Promise<InsightInput> {
  const pages = await findPagesOfPoints(
    deps.db,
    points.map((point) => point.id),
  );
  return {
    about: test.purpose.trim(),
    tag: {
      name: tag.name,
      description: tag.description.trim(),
      significant_points: points.map((point) => ({
        id: point.id,
        participant: participantLabel({ real_id: point.participantRealId }),
        emotion: point.emotion,
        comment: point.comment.trim(),
        page: pages.get(point.id) ?? '',
      })),
    },
    focus_point: focusPoint,
    elements: test.focusElements,
  };
}

/** Asks the model, and once more when the answer does not parse; never returns half an insight. */
async function askForInsight(
  deps: GenerationDeps,
  provider: AiProvider,
  companyId: number,
  task: { input: InsightInput; language: string },
) {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const reply = await completeWithin(deps, provider, companyId, {
      kind: 'insight',
      ...task,
      maxTokens: AI_INSIGHT_MAX_TOKENS,
    });
    const answer = parseAnswer(reply.text);
    if (answer) return answer;
  }
  throw new AppError(
    'ai_failed',
    'The AI service twice answered an insight we could not read. Try again, or write the insight yourself.',
  );
}

/**
 * A proposed insight for one tag (spec 3 §7) with its evidence, written by the model; nothing is
 * saved. Run by the generation job for a request that was checked when it was made; the tag and
 * its points are read again now (they may have changed meanwhile), and the budget is counted now.
 */
export async function writeProposal(
  deps: GenerationDeps,
  provider: AiProvider,
  request: { testId: number; tagId: number | null; focusPoint: string },
): Promise<InsightProposal> {
  const test = await findTestAbout(deps.db, request.testId);
  if (!test) throw notFound('The test');
  if (request.tagId === null)
    throw AppError.fieldError('validation', 'tag_id', 'The tag was removed meanwhile: choose another one');
  const { tag, points, leftOut } = await tagWithPoints(deps, request.testId, request.tagId);
  const { insight_language: language } = await readUsage(deps.db, test.companyId, deps.clock());
  const input = await inputOf(deps, test, tag, points, request.focusPoint);
  const answer = await askForInsight(deps, provider, test.companyId, { input, language });
  const { proposal, dropped } = withEvidence(answer, new Set(points.map((point) => point.id)));
  return {
    tag: { id: tag.id, name: tag.name, description: tag.description },
    focus_point: request.focusPoint,
    language,
    proposal,
    points: points.map(toSignificantPoint),
    participants_total: await countRecordedParticipants(deps.db, request.testId),
    dropped_claims: dropped,
    participants_left_out: leftOut,
    left_out_message: leftOut > 0 ? CONSENT_MESSAGES.leftOutOfAi(leftOut) : null,
    usage: await readUsage(deps.db, test.companyId, deps.clock()),
  };
}
