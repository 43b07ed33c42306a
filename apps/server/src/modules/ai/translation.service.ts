import {
  AI_MAX_TOKENS,
  aiModelNeeded,
  type TranslateCommentsAnswer,
  translationTarget,
} from '@limbus/contract';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { AppError } from '../../http/app-error.js';
import { loadFor } from '../../http/load-for.js';
import type { Actor } from '../../http/policy.js';
import { participantsWithoutPurpose } from '../consent/consent.service.js';
import type { AiProvider } from './ai.provider.js';
import {
  countUntranslatedAnswers,
  countUntranslatedComments,
  findTestAbout,
  listUntranslatedAnswers,
  listUntranslatedComments,
  saveAnswerTranslation,
  saveTranslation,
} from './ai.repository.js';
import { unfenced } from './ai.service.js';
import { completeWithin, readUsage } from './ai-budget.js';

type TranslationDeps = Pick<Deps, 'db' | 'clock'>;

/** Comments translated by one batch call; more are left for the next (each is one model call). */
export const TRANSLATION_BATCH = 25;

/** The contract's rule (shared with the web app) on the test's row. */
const targetOf = (test: { translation: string; translationLanguage: string }) =>
  translationTarget({ translation: test.translation, translation_language: test.translationLanguage });

const translationJson = z.object({ translation: z.string() });

/** Digits, punctuation or emoji alone read the same in every language: no model call for them. */
const hasNoWords = (comment: string) => !/\p{L}/u.test(comment);

/**
 * One comment in `language`; the comment itself when it is in that language already (the model
 * answers it unchanged) or has no words; '' when the provider gives none (the local provider).
 */
export async function translateComment(
  deps: TranslationDeps,
  provider: AiProvider,
  companyId: number,
  comment: string,
  language: string,
): Promise<string> {
  if (hasNoWords(comment)) return comment.trim();
  const reply = await completeWithin(deps, provider, companyId, {
    kind: 'translation',
    text: comment,
    language,
    maxTokens: AI_MAX_TOKENS.explanation,
  });
  try {
    const parsed = translationJson.safeParse(JSON.parse(unfenced(reply.text)));
    if (parsed.success) return parsed.data.translation.trim();
  } catch {
    // reported below
  }
  throw new AppError(
    'ai_failed',
    'The AI service answered a translation we could not read. Try again later.',
  );
}

/**
 * The translation a changed comment gets when its test has translation on, or undefined when it is
 * off. A failing or exhausted provider never fails the save: the comment keeps no translation.
 * The comment of a participant who did not consent to AI processing is never sent: it keeps none.
 */
export async function translationOnSave(
  deps: TranslationDeps & Pick<Deps, 'log'>,
  provider: AiProvider,
  point: { testId: number; participantId: number },
  comment: string,
): Promise<string | undefined> {
  const { testId } = point;
  const test = await findTestAbout(deps.db, testId);
  const language = test ? targetOf(test) : null;
  if (!test || !language) return undefined;
  if (comment.trim() === '' || !provider.languageModel) return '';
  if ((await participantsWithoutPurpose(deps, [testId], 'ai')).has(point.participantId)) return '';
  try {
    return await translateComment(deps, provider, test.companyId, comment, language);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    deps.log.warn({ testId, err: error.message }, 'comment saved without a translation');
    return '';
  }
}

/** Translations for a batch of the test's comments and open answers that have none (research area). */
export async function translateComments(
  deps: TranslationDeps,
  provider: AiProvider,
  actor: Actor,
  testId: number,
): Promise<TranslateCommentsAnswer> {
  const test = await loadFor(actor, 'test.annotate', 'The test', findTestAbout(deps.db, testId));
  const language = targetOf(test);
  if (!language)
    throw new AppError(
      'validation',
      'This test has translation off: choose a translation language in its setup first',
    );
  if (!provider.languageModel) throw new AppError('ai_not_configured', aiModelNeeded('translation'));
  let translated = 0;
  // The same words ('Mooi', 'ok') are asked about once per batch.
  const answers = new Map<string, string>();
  // Comments of participants who did not consent to AI processing are never sent to a model.
  const excluded = [...(await participantsWithoutPurpose(deps, [testId], 'ai'))];
  const translate = async (text: string) => {
    const words = text.trim();
    const translation =
      answers.get(words) ?? (await translateComment(deps, provider, test.companyId, words, language));
    answers.set(words, translation);
    return translation;
  };
  for (const point of await listUntranslatedComments(deps.db, testId, TRANSLATION_BATCH, excluded)) {
    const translation = await translate(point.comment);
    if (translation === '') continue;
    await saveTranslation(deps.db, point.id, translation);
    translated += 1;
  }
  // Open answers are participants' words too (issue 26): translated in the same batch, after the comments.
  const room = TRANSLATION_BATCH - translated;
  const openAnswers = room > 0 ? await listUntranslatedAnswers(deps.db, testId, room, excluded) : [];
  for (const answer of openAnswers) {
    const translation = await translate(answer.text);
    if (translation === '') continue;
    await saveAnswerTranslation(deps.db, answer.id, translation);
    translated += 1;
  }
  return {
    translated,
    remaining:
      (await countUntranslatedComments(deps.db, testId, excluded)) +
      (await countUntranslatedAnswers(deps.db, testId, excluded)),
    language,
    usage: await readUsage(deps.db, test.companyId, deps.clock()),
  };
}
