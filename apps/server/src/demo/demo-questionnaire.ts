import { TEST_SLOTS } from '@limbus/contract';
import type { DemoQuestionnaire, QuestionnaireAnswers } from '@limbus/demo-data';
import type { Executor } from '../db/client.js';
import { insertAnswers, insertQuestions } from './demo-records.repository.js';
import { DEMO_TRANSLATION_LANGUAGE } from './record-demo-participant.js';

type Answered = { participantId: number; answers: QuestionnaireAnswers };

/**
 * The demo test's questions (3 open, the scale questions, 5 associations: the order form's slots;
 * `allAssociations` asks every association, as a researcher may add more) and every participant's
 * answers as the generator gave them, each with its translation into the demo tests' language;
 * answers to associations the test does not ask are left out.
 * Answers the ids of the inserted questions by the generator's question id.
 */
export async function seedDemoQuestionnaire(
  db: Executor,
  testId: number,
  questionnaire: DemoQuestionnaire,
  participants: readonly Answered[],
  { allAssociations = false } = {},
): Promise<Map<string, number>> {
  const asked = allAssociations ? questionnaire.associations : askedAssociations(questionnaire);
  const questionIds = await insertQuestionnaire(db, testId, questionnaire, asked);
  const rows = participants.flatMap(({ participantId, answers: given }) =>
    [
      ...given.openQuestions.map((answer) => ({
        key: answer.questionId,
        text: answer.text,
        translation: translationOf(answer.text, answer.translations),
      })),
      ...given.evaluations.map((answer) => ({
        key: answer.questionId,
        text: answer.comment,
        translation: translationOf(answer.comment, answer.commentTranslations),
        score: answer.score,
      })),
      ...given.associations.map((answer) => ({ key: answer.associationId, text: '', checked: true })),
    ].flatMap(({ key, ...answer }) => {
      const questionId = questionIds.get(key);
      return questionId === undefined ? [] : [{ questionId, participantId, ...answer }];
    }),
  );
  await insertAnswers(db, rows);
  return questionIds;
}

/**
 * An answer's translation into the demo tests' language, stored as 'Translate comments' stores one
 * (issue 26); '' for an answer written in that language already, as the seed's comments have.
 */
function translationOf(text: string, translations: Readonly<Record<string, string>>): string {
  const translation = translations[DEMO_TRANSLATION_LANGUAGE.code] ?? '';
  return text.trim() === '' || translation === text ? '' : translation;
}

/** Two positive, one neutral and two negative words: a fair choice within the five slots. */
function askedAssociations(questionnaire: DemoQuestionnaire) {
  const ofTone = (tone: string, count: number) =>
    questionnaire.associations.filter((association) => association.tone === tone).slice(0, count);
  return [...ofTone('positive', 2), ...ofTone('neutral', 1), ...ofTone('negative', 2)].slice(
    0,
    TEST_SLOTS.associations,
  );
}

/** '1 = very difficult, 5 = very easy' → the captions of 1 and 5. */
function captionsOf(description: string) {
  const [low = '', high = ''] = description
    .split(',')
    .map((part) => part.replace(/^\s*\d\s*=\s*/, '').trim());
  return { captionLow: low, captionHigh: high };
}

async function insertQuestionnaire(
  db: Executor,
  testId: number,
  questionnaire: DemoQuestionnaire,
  associations: DemoQuestionnaire['associations'],
) {
  const planned = [
    ...questionnaire.openQuestions
      .slice(0, TEST_SLOTS.open_questions)
      .map((question) => ({ key: question.id, kind: 'open' as const, text: question.text })),
    ...questionnaire.evaluations.map((question) => ({
      key: question.id,
      kind: 'scale' as const,
      text: question.text,
      description: question.description,
      ...captionsOf(question.description),
    })),
    ...associations.map((question) => ({
      key: question.id,
      kind: 'association' as const,
      text: question.text,
    })),
  ];
  const inserted = await insertQuestions(
    db,
    planned.map(({ key: _key, ...question }, position) => ({ testId, position, ...question })),
  );
  return new Map(planned.map((question, index) => [question.key, inserted[index] ?? -1]));
}
