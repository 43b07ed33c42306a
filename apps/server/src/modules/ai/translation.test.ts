import { aiModelNeeded, translationTarget } from '@limbus/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  apiClient,
  expectError,
  expectOk,
  signInWorld,
  useWorld,
} from '../../../test/api.js';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { buildParticipant, buildTest, buildWorld, signIn } from '../../../test/factories.js';
import { startFakeModel } from '../../../test/fake-model-server.js';
import {
  answers,
  consentRecords,
  consentTerms,
  participants,
  significantPoints,
  testQuestions,
} from '../../db/schema.js';

const AT = Date.UTC(2026, 0, 12, 9, 30);

/** A test run in Dutch whose comments are translated into `language` ('' = translation off for English tests). */
async function dutchTest(
  t: TestApp,
  companyId: number,
  settings: { translation: string; translationLanguage: string },
) {
  const test = await buildTest(t.db, companyId, settings);
  await buildParticipant(t, test.id, {
    significantPoints: [
      { emotion: 'frustration', comment: 'De knop is weg', timestampTop: AT + 1000 },
      { emotion: 'joy', comment: 'Mooi', timestampTop: AT + 2000 },
      { emotion: 'attention', comment: '', timestampTop: AT + 3000 },
    ],
  });
  const points = await t.db
    .select({ id: significantPoints.id, translation: significantPoints.translation })
    .from(significantPoints)
    .innerJoin(participants, eq(participants.id, significantPoints.participantId))
    .where(eq(participants.testId, test.id))
    .orderBy(asc(significantPoints.timestampTop));
  return { testId: test.id, pointIds: points.map((point) => point.id) };
}

const translationsOf = async (t: TestApp, ids: number[]) =>
  (
    await t.db
      .select({ id: significantPoints.id, translation: significantPoints.translation })
      .from(significantPoints)
      .orderBy(asc(significantPoints.timestampTop))
  )
    .filter((point) => ids.includes(point.id))
    .map((point) => point.translation);

describe('which language comments are translated into', () => {
  it('is the translation language, else English for a test run in another language', () => {
    expect(translationTarget({ translation: 'English', translation_language: '' })).toBeNull();
    expect(translationTarget({ translation: 'Dutch', translation_language: '' })).toBe('English');
    expect(translationTarget({ translation: 'Dutch', translation_language: 'German' })).toBe('German');
    expect(translationTarget({ translation: 'English', translation_language: 'Dutch' })).toBe('Dutch');
    expect(translationTarget({ translation: 'English', translation_language: 'English' })).toBe('English');
    expect(translationTarget({ translation: '', translation_language: '' })).toBeNull();
  });
});

describe('translations with the local provider', () => {
  const ctx = useWorld();
  let as: Awaited<ReturnType<typeof signInWorld>>;
  beforeAll(async () => {
    as = await signInWorld(ctx.t.app, ctx.world);
  });

  it('leaves translations empty rather than inventing them on save, and refuses a batch with 409 saying how to set a model', async () => {
    const test = await dutchTest(ctx.t, ctx.world.client.id, {
      translation: 'Dutch',
      translationLanguage: '',
    });
    expectOk(
      await as.staff.patch(`/participant_data/significant_points/${test.pointIds[0]}`, { comment: 'Weg!' }),
    );
    const batch = await as.staff.post(`/tests/${test.testId}/ai/translations`);
    // Not a silent '0 translated' (issue 26): the button says why and what to set.
    expectError(batch, 'ai_not_configured');
    expect(batch.statusCode).toBe(409);
    expect(batch.json().message).toBe(aiModelNeeded('translation'));
    expect(batch.json().message).toContain('AI_PROVIDER');
    expect(await translationsOf(ctx.t, test.pointIds)).toEqual(['', '', '']);
  });

  it('refuses a batch for a test with translation off, and client users', async () => {
    const test = await dutchTest(ctx.t, ctx.world.client.id, {
      translation: 'English',
      translationLanguage: '',
    });
    expectError(await as.staff.post(`/tests/${test.testId}/ai/translations`), 'validation');
    expectError(await as.clientAdmin.post(`/tests/${test.testId}/ai/translations`), 'forbidden');
  });
});

/**
 * A model that translates by prefixing the language, and fails while `failing` is set. It takes a
 * comment that starts with '[language]' as written in that language, and answers what the system
 * prompt asks for then: the comment unchanged, or no translation.
 */
async function startTranslator() {
  const state = { failing: false, calls: 0, comments: [] as string[] };
  const server = await startFakeModel((call, response) => {
    state.calls += 1;
    if (state.failing) return response.writeHead(500).end('{}');
    const body = call.body as { messages: { role: string; content: string }[] };
    const language = /into (\w+)\./.exec(body.messages[0]?.content ?? '')?.[1] ?? '?';
    const data = /<data>([\s\S]*)<\/data>/.exec(body.messages[1]?.content ?? '')?.[1] ?? '{}';
    const { comment } = JSON.parse(data) as { comment: string };
    state.comments.push(comment);
    const isInLanguage = comment.startsWith(`[${language}]`);
    const echoes = (body.messages[0]?.content ?? '').includes('answer it unchanged');
    const translation = isInLanguage ? (echoes ? comment : '') : `[${language}] ${comment}`;
    const content = JSON.stringify({ translation });
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ choices: [{ message: { content } }], usage: { total_tokens: 40 } }));
  });
  return { state, ...server };
}

describe('translations with an OpenAI-compatible model', () => {
  let model: Awaited<ReturnType<typeof startTranslator>>;
  let t: TestApp;
  let staff: ApiClient;
  let companyId: number;

  beforeAll(async () => {
    model = await startTranslator();
    t = await createTestApp({ AI_PROVIDER: 'openai', AI_BASE_URL: model.baseUrl, AI_MODEL: 'test-model' });
    const world = await buildWorld(t.db);
    companyId = world.client.id;
    staff = apiClient(t.app, await signIn(t.app, world.staff.email));
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  it('never sends the comments of a participant without consent to AI processing, on save or in a batch', async () => {
    const test = await dutchTest(t, companyId, { translation: 'Dutch', translationLanguage: 'German' });
    const [participant] = await t.db
      .select({ id: significantPoints.participantId })
      .from(significantPoints)
      .where(eq(significantPoints.id, test.pointIds[0] ?? 0));
    const [terms] = await t.db
      .insert(consentTerms)
      .values({
        testId: test.testId,
        version: 1,
        text: 'Terms',
        streams: ['emotions'],
        purposes: ['report', 'ai'],
      })
      .returning();
    await t.db.insert(consentRecords).values({
      participantId: participant?.id ?? 0,
      termsId: terms?.id ?? 0,
      streams: ['emotions'],
      purposes: ['report'],
      givenAt: new Date(AT),
      method: 'paper',
    });
    const calls = model.state.calls;
    const saved = expectOk(
      await staff.patch(`/participant_data/significant_points/${test.pointIds[0]}`, { comment: 'Geheim' }),
    );
    expect(saved.translation).toBe('');
    const batch = expectOk(await staff.post(`/tests/${test.testId}/ai/translations`));
    expect(batch).toMatchObject({ translated: 0, remaining: 0 });
    expect(model.state.calls).toBe(calls);
    expect(model.state.comments).not.toContain('Geheim');
  });

  it('translates a saved comment, keeps a typed translation, and translates the rest as a batch', async () => {
    const test = await dutchTest(t, companyId, { translation: 'Dutch', translationLanguage: 'German' });
    const [first, second, third] = test.pointIds;
    const saved = expectOk(
      await staff.patch(`/participant_data/significant_points/${first}`, { comment: 'Ik zie de knop niet' }),
    );
    expect(saved.translation).toBe('[German] Ik zie de knop niet');
    const callsAfterSave = model.state.calls;
    const again = expectOk(
      await staff.patch(`/participant_data/significant_points/${first}`, { comment: 'Ik zie de knop niet' }),
    );
    expect(again.translation).toBe('[German] Ik zie de knop niet');
    expect(model.state.calls).toBe(callsAfterSave);
    const typed = expectOk(
      await staff.patch(`/participant_data/significant_points/${third}`, {
        comment: 'Hmm',
        translation: 'Hm (typed)',
      }),
    );
    expect(typed.translation).toBe('Hm (typed)');
    const calls = model.state.calls;
    const batch = expectOk(await staff.post(`/tests/${test.testId}/ai/translations`));
    expect(batch).toMatchObject({ translated: 1, remaining: 0, language: 'German' });
    expect(model.state.calls).toBe(calls + 1);
    expect(await translationsOf(t, [first ?? 0, second ?? 0, third ?? 0])).toEqual([
      '[German] Ik zie de knop niet',
      '[German] Mooi',
      'Hm (typed)',
    ]);
    expect(
      expectOk<{ used_tokens: number }>(await staff.get(`/tests/${test.testId}/ai/usage`)).used_tokens,
    ).toBe(80);
  });

  it('translates open answers in the same batch, and a changed answer loses the translation of its old words (issue 26)', async () => {
    const test = await buildTest(t.db, companyId, { translation: 'Dutch', translationLanguage: 'German' });
    const participant = await buildParticipant(t, test.id);
    const [question] = await t.db
      .insert(testQuestions)
      .values({ testId: test.id, kind: 'open', text: 'What would you improve?' })
      .returning({ id: testQuestions.id });
    const [answer] = await t.db
      .insert(answers)
      .values({
        questionId: question?.id ?? 0,
        participantId: participant.id,
        text: 'Laat de prijs eerder zien',
      })
      .returning({ id: answers.id });
    const answerTranslation = async () =>
      (
        await t.db
          .select()
          .from(answers)
          .where(eq(answers.id, answer?.id ?? 0))
      )[0]?.translation;

    const batch = expectOk(await staff.post(`/tests/${test.id}/ai/translations`));
    expect(batch).toMatchObject({ translated: 1, remaining: 0, language: 'German' });
    expect(await answerTranslation()).toBe('[German] Laat de prijs eerder zien');

    expectOk(await staff.patch(`/answers/${answer?.id}`, { answer: { text: 'Toon de prijs eerder' } }));
    expect(await answerTranslation()).toBe('');
    expect(expectOk(await staff.post(`/tests/${test.id}/ai/translations`))).toMatchObject({ translated: 1 });
    expect(await answerTranslation()).toBe('[German] Toon de prijs eerder');
  });

  it('asks once about each distinct comment, never about comments without words, and not again about ones in the language', async () => {
    const test = await buildTest(t.db, companyId, { translation: 'Dutch', translationLanguage: 'German' });
    const comments = ['Mooi', '[German] Der Knopf fehlt', 'Mooi', '!!! 10/10', 'Te klein'];
    await buildParticipant(t, test.id, {
      significantPoints: comments.map((comment, index) => ({
        emotion: 'joy' as const,
        comment,
        timestampTop: AT + (index + 1) * 1000,
      })),
    });
    model.state.comments = [];
    const batch = expectOk(await staff.post(`/tests/${test.id}/ai/translations`));
    expect(batch).toMatchObject({ translated: 5, remaining: 0 });
    expect(model.state.comments).toEqual(['Mooi', '[German] Der Knopf fehlt', 'Te klein']);
    const stored = await t.db
      .select({ translation: significantPoints.translation })
      .from(significantPoints)
      .innerJoin(participants, eq(participants.id, significantPoints.participantId))
      .where(eq(participants.testId, test.id))
      .orderBy(asc(significantPoints.timestampTop));
    expect(stored.map((point) => point.translation)).toEqual([
      '[German] Mooi',
      '[German] Der Knopf fehlt',
      '[German] Mooi',
      '!!! 10/10',
      '[German] Te klein',
    ]);
    expect(expectOk(await staff.post(`/tests/${test.id}/ai/translations`))).toMatchObject({
      translated: 0,
      remaining: 0,
    });
    expect(model.state.comments).toHaveLength(3);
  });

  it('saves a comment without a translation when the model fails, rather than refusing it', async () => {
    const test = await dutchTest(t, companyId, { translation: 'Dutch', translationLanguage: '' });
    model.state.failing = true;
    try {
      const saved = expectOk(
        await staff.patch(`/participant_data/significant_points/${test.pointIds[0]}`, { comment: 'Nieuw' }),
      );
      expect(saved).toMatchObject({ comment: 'Nieuw', translation: '' });
      expectError(await staff.post(`/tests/${test.testId}/ai/translations`), 'ai_failed');
    } finally {
      model.state.failing = false;
    }
  });
});
