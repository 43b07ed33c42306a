import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import { type InputWorld, nextNumber } from '../../../test/bad-input-world.js';
import { type RouteCases, researchRoute } from '../../../test/route-policy-matrix.js';
import { answers, testQuestions } from '../../db/schema.js';
import { annotatedOf } from '../annotations/annotations.route-cases.js';

/** Questionnaire answers: the research area. */
export const answersPolicyCases: RouteCases = {
  'POST /api/v1/answers': researchRoute(async (ctx) => {
    const { questionId, participantId } = await annotatedOf(ctx);
    return {
      url: '/api/v1/answers',
      payload: { answer: { question_id: questionId, participant_id: participantId, text: 'Yes' } },
    };
  }),
  'PATCH /api/v1/answers/:id': researchRoute(async (ctx) => ({
    url: `/api/v1/answers/${(await annotatedOf(ctx)).answerId}`,
    payload: { answer: { text: 'Changed' } },
  })),
  'DELETE /api/v1/answers/:id': researchRoute(async (ctx) => ({
    url: `/api/v1/answers/${(await annotatedOf(ctx)).answerId}`,
  })),
};

async function newQuestion(w: InputWorld, kind: 'open' | 'scale' | 'association'): Promise<number> {
  const [row] = await w.t.db
    .insert(testQuestions)
    .values({ testId: w.recordedTestId, kind, text: `Question ${nextNumber()}` })
    .returning();
  if (!row) throw new Error('no question');
  return row.id;
}

async function newAnswer(w: InputWorld): Promise<number> {
  const [row] = await w.t.db
    .insert(answers)
    .values({ questionId: await newQuestion(w, 'scale'), participantId: w.recordedParticipantId, score: 2 })
    .returning();
  if (!row) throw new Error('no answer');
  return row.id;
}

export const answersInputCases: InputCase[] = [
  signedIn('POST /api/v1/answers', ['body'], async (w) => ({
    body: {
      answer: {
        question_id: await newQuestion(w, 'scale'),
        participant_id: w.recordedParticipantId,
        text: 'Fine',
        score: 3,
        checked: false,
      },
    },
  })),
  signedIn('PATCH /api/v1/answers/:id', ['body', 'params'], async (w) => ({
    id: await newAnswer(w),
    body: { answer: { text: 'Better', score: 4, checked: true } },
  })),
  signedIn('DELETE /api/v1/answers/:id', ['params'], async (w) => ({ id: await newAnswer(w) })),
];
