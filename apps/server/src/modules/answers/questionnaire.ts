import type { ParticipantQuestion } from '@limbus/contract';
import type { Executor } from '../../db/client.js';
import { toParticipantQuestion } from './answers.mappers.js';
import { listQuestionsWithAnswers } from './answers.repository.js';

export type Questionnaire = Record<'open_questions' | 'evaluations' | 'associations', ParticipantQuestion[]>;
const LIST_OF_KIND = { open: 'open_questions', scale: 'evaluations', association: 'associations' } as const;

/** The test's questions by kind with this participant's answers, for the participant answer. */
export async function participantQuestionnaire(
  db: Executor,
  testId: number,
  participantId: number,
): Promise<Questionnaire> {
  const lists: Questionnaire = { open_questions: [], evaluations: [], associations: [] };
  for (const { question, answer } of await listQuestionsWithAnswers(db, testId, participantId))
    lists[LIST_OF_KIND[question.kind]].push(toParticipantQuestion(question, answer));
  return lists;
}
