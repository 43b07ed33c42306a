import type { Answer } from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { Actor } from '../../http/policy.js';
import { ofTestFor } from '../test-access/test-access.service.js';
import { toAnswer } from './answers.mappers.js';
import {
  type AnswerValues,
  deleteAnswerRow,
  findAnswerOwner,
  findParticipantTest,
  findQuestionKindsOfTest,
  findQuestionRow,
  hasAnswerRows,
  listQuestionRowsOfTest,
  type QuestionRow,
  updateAnswerRow,
  upsertAnswerRow,
  upsertAnswerRows,
} from './answers.repository.js';

type AnswerInput = {
  text?: string | undefined;
  score?: number | null | undefined;
  checked?: boolean | undefined;
};

/** Only scale questions (evaluations) take a score. */
function answerValues(kind: QuestionRow['kind'], input: AnswerInput, field = 'score'): AnswerValues {
  if (kind !== 'scale' && input.score !== undefined && input.score !== null)
    throw AppError.fieldError('validation', field, 'Only scale questions take a score');
  return {
    // New words lose the translation of the old ones; 'Translate comments' gives them one again.
    ...(input.text !== undefined ? { text: input.text, translation: '' } : {}),
    ...(input.score !== undefined ? { score: input.score } : {}),
    ...(input.checked !== undefined ? { checked: input.checked } : {}),
  };
}

/**
 * Answers a question for a participant of the same test. A second create for the same question
 * and participant (a double click, two tabs) changes the answer there is instead of failing.
 */
export async function createAnswer(
  deps: Deps,
  actor: Actor,
  input: AnswerInput & { question_id: number; participant_id: number },
): Promise<Answer> {
  const question = await ofTestFor(
    deps,
    actor,
    'The question',
    findQuestionRow(deps.db, input.question_id),
    'test.annotate',
  );
  const participantTest = await findParticipantTest(deps.db, input.participant_id);
  if (participantTest === null) throw notFound('The participant');
  if (participantTest !== question.testId)
    throw AppError.fieldError(
      'validation',
      'participant_id',
      'The question and the participant must belong to the same test',
    );
  const values = answerValues(question.kind, input);
  return toAnswer(await upsertAnswerRow(deps.db, question.id, input.participant_id, values));
}

const ownedAnswer = (deps: Deps, actor: Actor, id: number) =>
  ofTestFor(deps, actor, 'The answer', findAnswerOwner(deps.db, id), 'test.annotate');

export async function updateAnswer(
  deps: Deps,
  actor: Actor,
  id: number,
  input: AnswerInput & { question_id?: number | undefined; participant_id?: number | undefined },
): Promise<Answer> {
  const owner = await ownedAnswer(deps, actor, id);
  const moves =
    (input.question_id !== undefined && input.question_id !== owner.answer.questionId) ||
    (input.participant_id !== undefined && input.participant_id !== owner.answer.participantId);
  if (moves)
    throw AppError.fieldError(
      'validation',
      'answer',
      'An answer cannot move to another question or participant',
    );
  const row = await updateAnswerRow(deps.db, id, answerValues(owner.kind, input));
  if (!row) throw notFound('The answer');
  return toAnswer(row);
}

export async function removeAnswer(deps: Deps, actor: Actor, id: number): Promise<void> {
  await ownedAnswer(deps, actor, id);
  await deleteAnswerRow(deps.db, id);
}

/**
 * Stores a participant's own answers to questions of its test (a remote participant's browser,
 * which the caller authenticated): each created, or changed where it exists, so a retry changes
 * nothing. All or none: a question not of the test (400 naming `answers.N.question_id`, with
 * `unknownQuestion`) or a score on a question without a scale stores nothing.
 */
export async function saveOwnAnswers(
  deps: Pick<Deps, 'db'>,
  participant: { id: number; testId: number },
  inputs: readonly (AnswerInput & { question_id: number })[],
  unknownQuestion: string,
): Promise<number> {
  const kinds = await findQuestionKindsOfTest(
    deps.db,
    participant.testId,
    inputs.map((input) => input.question_id),
  );
  const planned = inputs.map((input, index) => {
    const kind = kinds.get(input.question_id);
    if (!kind) throw AppError.fieldError('validation', `answers.${index}.question_id`, unknownQuestion);
    return { questionId: input.question_id, values: answerValues(kind, input, `answers.${index}.score`) };
  });
  await upsertAnswerRows(deps.db, participant.id, planned);
  return planned.length;
}

/** Whether the participant has answered (a remote session's progress, after a reload). */
export const hasOwnAnswers = (deps: Pick<Deps, 'db'>, participantId: number) =>
  hasAnswerRows(deps.db, participantId);

/** The test's questions, in the research area's order. */
export const questionsOfTest = (deps: Pick<Deps, 'db'>, testId: number) =>
  listQuestionRowsOfTest(deps.db, testId);
