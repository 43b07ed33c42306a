import { answerSchema, participantDetailSchema } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import type { Database } from '../../db/client.js';
import { answers, testQuestions } from '../../db/schema.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
let testId: number;
let participantId: number;
let otherParticipantId: number;
const question = { open: 0, scale: 0, association: 0, foreign: 0 };

async function addQuestion(db: Database, test: number, kind: 'open' | 'scale' | 'association', text: string) {
  const [row] = await db
    .insert(testQuestions)
    .values({
      testId: test,
      kind,
      text,
      captionLow: kind === 'scale' ? 'Hard' : '',
      captionHigh: kind === 'scale' ? 'Easy' : '',
    })
    .returning({ id: testQuestions.id });
  if (!row) throw new Error('no question');
  return row.id;
}

beforeAll(async () => {
  const { t, world } = ctx;
  as = await signInWorld(t.app, world);
  testId = (
    await buildTest(t.db, world.client.id, {
      ...RESULTS_READY,
      platform: 'video',
      addons: ['individual_participant'],
    })
  ).id;
  const otherTestId = (await buildTest(t.db, world.client.id, { platform: 'video' })).id;
  participantId = (await buildParticipant(t, testId)).id;
  otherParticipantId = (await buildParticipant(t, otherTestId)).id;
  question.open = await addQuestion(t.db, testId, 'open', 'What did you like?');
  question.scale = await addQuestion(t.db, testId, 'scale', 'How easy was it?');
  question.association = await addQuestion(t.db, testId, 'association', 'Trustworthy');
  question.foreign = await addQuestion(t.db, otherTestId, 'open', 'Elsewhere');
});

const create = (answer: Record<string, unknown>) =>
  as.staff.post('/answers', { answer: { participant_id: participantId, ...answer } });

describe('answers', () => {
  it('are created first, answered with their id, then updated', async () => {
    const created = answerSchema.parse(
      expectOk(await create({ question_id: question.scale, score: 4, text: '', checked: false }), 201),
    );
    expect(created).toMatchObject({ question_id: question.scale, participant_id: participantId, score: 4 });
    const changed = answerSchema.parse(
      expectOk(await as.staff.patch(`/answers/${created.id}`, { answer: { score: 2 } })),
    );
    expect(changed).toMatchObject({ id: created.id, score: 2 });
    // A second create for the same question changes the one answer there is.
    const again = answerSchema.parse(expectOk(await create({ question_id: question.scale, score: 5 }), 201));
    expect(again.id).toBe(created.id);
    expect(await ctx.t.db.select().from(answers).where(eq(answers.questionId, question.scale))).toHaveLength(
      1,
    );
  });

  it('shows in the participant answer under open_questions, evaluations and associations', async () => {
    expectOk(await create({ question_id: question.open, text: 'The colours' }), 201);
    expectOk(await create({ question_id: question.association, checked: true }), 201);
    const detail = participantDetailSchema.parse(
      expectOk(
        await as.clientMember.get(
          `/tests/${testId}/participants/${participantId}?associations=open_questions,evaluations,associations`,
        ),
      ),
    );
    expect(detail.open_questions).toEqual([
      expect.objectContaining({
        id: question.open,
        text: 'What did you like?',
        answer: expect.objectContaining({ text: 'The colours' }),
      }),
    ]);
    expect(detail.evaluations?.[0]).toMatchObject({
      caption_low: 'Hard',
      caption_high: 'Easy',
      answer: { score: 5 },
    });
    expect(detail.associations?.[0]).toMatchObject({ text: 'Trustworthy', answer: { checked: true } });
    const plain = participantDetailSchema.parse(
      expectOk(await as.clientMember.get(`/tests/${testId}/participants/${participantId}`)),
    );
    expect(plain.open_questions).toBeUndefined();
  });

  it('unchecking an association deletes its answer', async () => {
    const [row] = await ctx.t.db.select().from(answers).where(eq(answers.questionId, question.association));
    if (!row) throw new Error('no answer');
    expect((await as.staff.delete(`/answers/${row.id}`)).statusCode).toBe(204);
    expectError(await as.staff.delete(`/answers/${row.id}`), 'not_found');
  });

  it('refuses a score outside 1 to 5, a score on other questions, and a question of another test', async () => {
    expectError(await create({ question_id: question.scale, score: 6 }), 'validation', {
      score: 'Choose 1 to 5',
    });
    expectError(await create({ question_id: question.scale, score: 0 }), 'validation', {
      score: 'Choose 1 to 5',
    });
    expectError(await create({ question_id: question.open, score: 3 }), 'validation', {
      score: 'Only scale questions take a score',
    });
    expectError(await create({ question_id: question.foreign, text: 'x' }), 'validation', {
      participant_id: 'The question and the participant must belong to the same test',
    });
    expectError(await create({ question_id: 999999, text: 'x' }), 'not_found');
    expectError(
      await as.staff.post('/answers', { answer: { question_id: question.open, participant_id: 999999 } }),
      'not_found',
    );
    const [row] = await ctx.t.db.select().from(answers).where(eq(answers.questionId, question.open));
    if (!row) throw new Error('no answer');
    expectError(
      await as.staff.patch(`/answers/${row.id}`, { answer: { participant_id: otherParticipantId } }),
      'validation',
    );
  });

  it('are written by researchers only', async () => {
    expectError(
      await as.clientAdmin.post('/answers', {
        answer: { question_id: question.open, participant_id: participantId, text: 'x' },
      }),
      'forbidden',
    );
    expectError(
      await as.otherAdmin.post('/answers', {
        answer: { question_id: question.open, participant_id: participantId, text: 'x' },
      }),
      'forbidden',
    );
    const [row] = await ctx.t.db.select().from(answers).where(eq(answers.questionId, question.open));
    if (!row) throw new Error('no answer');
    expectError(await as.clientAdmin.patch(`/answers/${row.id}`, { answer: { text: 'x' } }), 'forbidden');
    expectError(await as.clientMember.delete(`/answers/${row.id}`), 'forbidden');
  });
});
