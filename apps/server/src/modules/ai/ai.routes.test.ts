import {
  AI_SUGGESTION_TITLE_MAX_WORDS,
  AI_SUMMARY_MAX_WORDS,
  type AiTextAnswer,
  aiModelNeeded,
  aiTextAnswer,
  insightAnswer,
} from '@limbus/contract';
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
import { buildParticipant, buildTest, buildUser, buildWorld, signIn } from '../../../test/factories.js';
import { type ModelCall, startFakeModel } from '../../../test/fake-model-server.js';
import { companies, significantPoints } from '../../db/schema.js';
import { plainText } from './html-text.js';

const AT = Date.UTC(2026, 0, 12, 9, 30);
type Point = {
  emotion: 'joy' | 'frustration' | 'attention';
  tags?: string[];
  comment?: string;
  translation?: string;
};

/** A test of `companyId` with one participant's points, and an insight linking all of them. */
async function insightWith(
  t: TestApp,
  client: ApiClient,
  companyId: number,
  points: Point[],
  title = 'Checkout',
) {
  const test = await buildTest(t.db, companyId, { name: 'Shoe shop', purpose: 'Find what stops buyers' });
  const participant = await buildParticipant(t, test.id, {
    realId: 'P0003',
    significantPoints: points.map((point, index) => ({ ...point, timestampTop: AT + (index + 1) * 1000 })),
  });
  const pointIds = (
    await t.db
      .select({ id: significantPoints.id })
      .from(significantPoints)
      .where(eq(significantPoints.participantId, participant.id))
      .orderBy(asc(significantPoints.timestampTop))
  ).map((point) => point.id);
  const created = insightAnswer.parse(
    expectOk(await client.post(`/tests/${test.id}/insights`, { insight: { title } }), 201),
  ).data;
  expectOk(
    await client.patch(`/tests/${test.id}/insights/${created.id}`, {
      insight: { significant_points_ids: pointIds, behavior_comment: 'Scrolled past the button' },
    }),
  );
  return {
    testId: test.id,
    insightId: created.id,
    participantId: participant.id,
    url: `/tests/${test.id}/insights/${created.id}`,
  };
}

const generate = async (client: ApiClient, url: string, field: string): Promise<AiTextAnswer> =>
  aiTextAnswer.parse(expectOk(await client.post(`${url}/ai/${field}`)));

const wordCount = (html: string) => plainText(html).split(' ').filter(Boolean).length;

const CHECKOUT: Point[] = [
  { emotion: 'frustration', tags: ['Payment'], comment: 'Could not find the pay button' },
  { emotion: 'frustration', tags: ['Payment', 'Forms'], comment: 'The card form cleared itself' },
  { emotion: 'joy', tags: ['Delivery'], comment: 'Liked the free delivery' },
];

describe('the local provider (default)', () => {
  const ctx = useWorld();
  let as: Awaited<ReturnType<typeof signInWorld>>;
  beforeAll(async () => {
    as = await signInWorld(ctx.t.app, ctx.world);
  });

  it('explains an insight from its points’ emotions, tags and comments, and saves nothing', async () => {
    const insight = await insightWith(ctx.t, as.staff, ctx.world.client.id, CHECKOUT);
    const before = expectOk(await as.staff.get(insight.url));
    const { text } = await generate(as.staff, insight.url, 'explanation');
    expect(text.startsWith('<p>')).toBe(true);
    const plain = plainText(text);
    // issue 26: what happened with n and its interval, why it matters, how sure; not the Data section again
    expect(plain).toContain(
      'What happened: 1 of 1 participant (100 %, 95 % CI 21–100 %) had a significant moment here, 3 moments in all, 2 of them of frustration, then joy (1).',
    );
    expect(plain).toContain('The researchers tied them to Payment, Delivery, Forms.');
    expect(plain).toContain('Why it matters: Frustration at a step');
    expect(plain).toContain(
      'How sure we are: With 1 participant in the test this may be an individual reaction',
    );
    // issue 26, one name per participant: the participant is quoted by its label, not its id
    expect(plain).toContain('P0003 “Could not find the pay button”');
    expect(plain).not.toContain(`Participant ${insight.participantId} `);
    expect(plain).not.toContain('Scrolled past the button');
    expect(plain).toContain('Find what stops buyers');
    expect(expectOk(await as.staff.get(insight.url))).toEqual(before);
  });

  it('quotes comments in the test’s language: the translation where there is one', async () => {
    const insight = await insightWith(ctx.t, as.staff, ctx.world.client.id, [
      {
        emotion: 'frustration',
        comment: 'Vindt de betaalknop niet',
        translation: 'Cannot find the pay button',
      },
      { emotion: 'frustration', comment: 'The card form cleared itself' },
    ]);
    const plain = plainText((await generate(as.staff, insight.url, 'explanation')).text);
    expect(plain).toContain('“Cannot find the pay button”');
    expect(plain).toContain('“The card form cleared itself”');
    expect(plain).not.toContain('betaalknop');
  });

  it('writes different text for different data, and the same for the same', async () => {
    const checkout = await insightWith(ctx.t, as.staff, ctx.world.client.id, CHECKOUT);
    const search = await insightWith(
      ctx.t,
      as.superAdmin,
      ctx.world.other.id,
      [{ emotion: 'attention', tags: ['Search'], comment: 'Read every filter' }],
      'Search',
    );
    const first = await generate(as.staff, checkout.url, 'explanation');
    expect(await generate(as.staff, checkout.url, 'explanation')).toEqual(first);
    const other = await generate(as.staff, search.url, 'explanation');
    expect(other.text).not.toEqual(first.text);
    expect(plainText(other.text)).toContain('1 moment in all, all of attention');
    expect(plainText(other.text)).toContain('tied them to Search');
  });

  it('summarizes in at most 100 words, even from long comments', async () => {
    const long = Array.from({ length: 150 }, (_, index) => `word${index}`).join(' ');
    const insight = await insightWith(ctx.t, as.staff, ctx.world.client.id, [
      { emotion: 'joy', tags: ['Home'], comment: long },
    ]);
    const { text } = await generate(as.staff, insight.url, 'summary');
    expect(wordCount(text)).toBe(AI_SUMMARY_MAX_WORDS);
    // issue 26: the summary adds to the title, never starts with it
    expect(plainText(text)).toMatch(
      /^1 of 1 participant \(100 %, 95 % CI 21–100 %\) showed it, mostly as joy, at Home\./,
    );
    const short = await insightWith(ctx.t, as.staff, ctx.world.client.id, CHECKOUT);
    const summary = plainText((await generate(as.staff, short.url, 'summary')).text);
    expect(summary).toContain('showed it, mostly as frustration, at Payment and Delivery.');
    expect(summary.startsWith('Checkout')).toBe(false);
    expect(wordCount(summary)).toBeLessThanOrEqual(AI_SUMMARY_MAX_WORDS);
  });

  it('suggests at most three improvements, one per most-used tag, with titles of at most five words', async () => {
    const insight = await insightWith(ctx.t, as.staff, ctx.world.client.id, [
      ...CHECKOUT,
      { emotion: 'attention', tags: ['Very long tag name for the search page'] },
    ]);
    const answer = await generate(as.staff, insight.url, 'suggestion');
    expect(answer.suggestions?.map((suggestion) => suggestion.title)).toEqual([
      'Improve Payment',
      'Keep Delivery',
      'Improve Forms',
    ]);
    expect(answer.suggestions?.[1]?.description).toContain('Keep this part as it is');
    expect(answer.suggestions?.[0]?.description).toContain('2 moments of frustration concern Payment');
    expect(answer.text).toContain('<p><strong>Improve Payment</strong></p>');
    const longTag = await insightWith(ctx.t, as.staff, ctx.world.client.id, [
      { emotion: 'attention', tags: ['Very long tag name for the search page'] },
    ]);
    const [only] = (await generate(as.staff, longTag.url, 'suggestion')).suggestions ?? [];
    expect(only?.title).toBe('Build on Very long tag');
    expect(only?.title.split(' ').length).toBeLessThanOrEqual(AI_SUGGESTION_TITLE_MAX_WORDS);
  });

  it('escapes what researchers wrote: their text never becomes markup', async () => {
    const insight = await insightWith(ctx.t, as.staff, ctx.world.client.id, [
      { emotion: 'joy', tags: ['<b>Bold</b>'], comment: '<img src=x onerror=alert(1)>' },
    ]);
    const { text } = await generate(as.staff, insight.url, 'explanation');
    expect(text).not.toContain('<img');
    expect(text).not.toContain('<b>');
    expect(plainText(text)).toContain('<img src=x onerror=alert(1)>');
  });

  it('answers 404 for an insight of another test and 403 to client users', async () => {
    const insight = await insightWith(ctx.t, as.staff, ctx.world.client.id, CHECKOUT);
    const otherTest = await buildTest(ctx.t.db, ctx.world.client.id);
    expectError(
      await as.staff.post(`/tests/${otherTest.id}/insights/${insight.insightId}/ai/summary`),
      'not_found',
    );
    expectError(await as.clientAdmin.post(`${insight.url}/ai/summary`), 'forbidden');
    expectError(await as.staff.post(`${insight.url}/ai/title`), 'validation');
  });

  it('refuses free text (Rewrite) with 409, saying it needs a language model and how to set one', async () => {
    // The local provider could only hand the text back: a rewrite that changes nothing (issue 26).
    const refused = await as.staff.post('/ai/prompt', {
      prompt: 'Rewrite this',
      text: 'the menu was hidden',
    });
    expectError(refused, 'ai_not_configured');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(aiModelNeeded('rewriting'));
    expect(refused.json().message).toContain('AI_PROVIDER=openai');
    expectError(await as.staff.post('/ai/prompt', { prompt: ' ' }), 'validation', {
      prompt: expect.any(String),
    });
    expectError(await as.staff.post('/ai/prompt', { prompt: 'x', max_tokens: 2001 }), 'validation', {
      max_tokens: expect.any(String),
    });
    expectError(await as.clientMember.post('/ai/prompt', { prompt: 'x' }), 'forbidden');
  });

  it('says in the test’s AI usage that the provider is no language model', async () => {
    const test = await buildTest(ctx.t.db, ctx.world.client.id);
    expect(expectOk(await as.staff.get(`/tests/${test.id}/ai/usage`))).toMatchObject({
      language_model: false,
    });
  });
});

type ModelRequest = Pick<ModelCall, 'headers'> & { body: Record<string, unknown> };
type Behaviour = 'answer' | 'slow' | 'error' | 'not-json' | 'busy' | 'bad-suggestions';

/** A chat-completions endpoint on a local port that records each request and answers as told. */
async function startModel() {
  const state = { behaviour: 'answer' as Behaviour, requests: [] as ModelRequest[] };
  const server = await startFakeModel((call, response) => {
    const body = call.body as Record<string, unknown>;
    state.requests.push({ headers: call.headers, body });
    if (call.url !== '/v1/chat/completions') return response.writeHead(404).end();
    const send = (status: number, payload: string) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(payload);
    const isSuggestion = body.response_format !== undefined;
    const content = isSuggestion
      ? JSON.stringify({
          suggestions: ['Make the pay button bigger and brighter', 'B', 'C', 'D'].map((title) => ({
            suggestion_title: title,
            suggestion_description: `<p>${title}<script>x</script></p>`,
          })),
        })
      : '```html\n<p>Model text <em>here</em><script>alert(1)</script></p>\n```';
    const answers: Record<Behaviour, () => void> = {
      answer: () => send(200, JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] })),
      slow: () => setTimeout(() => send(200, '{}'), 1500),
      error: () => send(500, '{"error":"boom"}'),
      'not-json': () => send(200, '<html>gateway</html>'),
      busy: () => send(429, '{"error":"rate limited"}'),
      'bad-suggestions': () =>
        send(200, JSON.stringify({ choices: [{ message: { content: 'Sure! Here are ideas.' } }] })),
    };
    answers[state.behaviour]();
  });
  return { state, ...server };
}

describe('the openai provider (AI_PROVIDER=openai)', () => {
  let model: Awaited<ReturnType<typeof startModel>>;
  let t: TestApp;
  let staff: ApiClient;
  let url: string;
  let world: Awaited<ReturnType<typeof buildWorld>>;

  beforeAll(async () => {
    model = await startModel();
    t = await createTestApp({
      AI_PROVIDER: 'openai',
      AI_BASE_URL: model.baseUrl,
      AI_API_KEY: 'test-key',
      AI_MODEL: 'test-model',
      AI_TIMEOUT_MS: '300',
    });
    world = await buildWorld(t.db);
    staff = apiClient(t.app, await signIn(t.app, world.staff.email));
    url = (await insightWith(t, staff, world.client.id, CHECKOUT)).url;
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  const lastRequest = () => model.state.requests.at(-1) as ModelRequest;

  it('asks the model with its key, model, temperature 0.5 and the spec’s max_tokens, and sanitizes the answer', async () => {
    model.state.behaviour = 'answer';
    const budgets = { explanation: 1000, summary: 150 } as const;
    for (const [field, maxTokens] of Object.entries(budgets)) {
      const { text } = await generate(staff, url, field);
      expect(text).toBe('<p>Model text <em>here</em></p>');
      const { headers, body } = lastRequest();
      expect(headers.authorization).toBe('Bearer test-key');
      expect(body).toMatchObject({ model: 'test-model', temperature: 0.5, max_tokens: maxTokens });
      const [system, user] = body.messages as { role: string; content: string }[];
      expect(system?.content).toContain('HTML');
      expect(user?.content).toContain('Could not find the pay button');
      expect(user?.content).toContain('Payment');
    }
    expect(lastRequest().body.messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ content: expect.stringContaining('at most 100 words') }),
      ]),
    );
  });

  it('reads suggestions as JSON: at most three, titles cut to five words, descriptions sanitized', async () => {
    model.state.behaviour = 'answer';
    const answer = await generate(staff, url, 'suggestion');
    expect(lastRequest().body).toMatchObject({ max_tokens: 500, response_format: { type: 'json_object' } });
    expect(answer.suggestions).toEqual([
      { title: 'Make the pay button bigger', description: '<p>Make the pay button bigger and brighter</p>' },
      { title: 'B', description: '<p>B</p>' },
      { title: 'C', description: '<p>C</p>' },
    ]);
  });

  it('sends free text with its prompt, text and max_tokens (2000 by default)', async () => {
    model.state.behaviour = 'answer';
    expectOk(await staff.post('/ai/prompt', { prompt: 'Shorten', text: 'A long text' }));
    expect(lastRequest().body).toMatchObject({ max_tokens: 2000, temperature: 0.5 });
    expect(JSON.stringify(lastRequest().body.messages)).toContain('Shorten\\n\\nText:\\nA long text');
    expectOk(await staff.post('/ai/prompt', { prompt: 'Shorten', max_tokens: 42 }));
    expect(lastRequest().body).toMatchObject({ max_tokens: 42 });
  });

  it.each([
    ['error', 'ai_failed', /error \(status 500\)/],
    ['not-json', 'ai_failed', /could not read/],
    ['slow', 'ai_failed', /did not answer within 0 s|did not answer within/],
    ['bad-suggestions', 'ai_failed', /suggestions we could not read/],
    ['busy', 'ai_unavailable', /busy/],
  ] as const)('answers a clear error when the model %s', async (behaviour, code, message) => {
    model.state.behaviour = behaviour;
    const field = behaviour === 'bad-suggestions' ? 'suggestion' : 'explanation';
    const response = await staff.post(`${url}/ai/${field}`);
    expectError(response, code);
    expect(response.json().message).toMatch(message);
    expect(response.body).not.toContain('test-key');
  });

  it('says in the test’s AI usage that the provider is a language model', async () => {
    const test = await buildTest(t.db, world.client.id);
    expect(expectOk(await staff.get(`/tests/${test.id}/ai/usage`))).toMatchObject({ language_model: true });
  });

  it('counts free text of a Super Admin without a company against the provider company, within its budget', async () => {
    model.state.behaviour = 'answer';
    const admin = apiClient(
      t.app,
      await signIn(t.app, (await buildUser(t.db, { role: 'admin', companyId: null })).email),
    );
    const superAdmin = apiClient(t.app, await signIn(t.app, world.superAdmin.email));
    const providerAi = `/companies/${world.provider.id}/ai`;
    const calls = async () => expectOk<{ calls: number }>(await superAdmin.get(providerAi)).calls;
    const before = await calls();
    expectOk(await admin.post('/ai/prompt', { prompt: 'Rewrite this', text: 'the menu was hidden' }));
    expect(await calls()).toBe(before + 1);

    expectOk(await superAdmin.patch(providerAi, { monthly_token_budget: 0 }));
    const refused = await admin.post('/ai/prompt', { prompt: 'Rewrite this' });
    expectError(refused, 'rate_limited');
    expect(refused.json().message).toContain('budget of 0 tokens');
    expectOk(await superAdmin.patch(providerAi, { monthly_token_budget: 1_000_000 }));

    await t.db.update(companies).set({ isProvider: false }).where(eq(companies.id, world.provider.id));
    const nobody = await admin.post('/ai/prompt', { prompt: 'Rewrite this' });
    await t.db.update(companies).set({ isProvider: true }).where(eq(companies.id, world.provider.id));
    expectError(nobody, 'conflict');
    expect(nobody.json().message).toContain('no company is marked as the provider');
    expect(await calls()).toBe(before + 1);
  });

  it('answers 503 when the model cannot be reached', async () => {
    const unreachable = await createTestApp({
      AI_PROVIDER: 'openai',
      AI_BASE_URL: 'http://127.0.0.1:9/v1',
      AI_MODEL: 'test-model',
    });
    try {
      const world = await buildWorld(unreachable.db);
      const client = apiClient(unreachable.app, await signIn(unreachable.app, world.staff.email));
      expectError(await client.post('/ai/prompt', { prompt: 'Hello' }), 'ai_unavailable');
    } finally {
      await unreachable.close();
    }
  });
});

describe('rate limit (AI_RATE_LIMIT)', () => {
  it('answers 429 to a user past the limit within a minute, while another user still gets text', async () => {
    const limited = await createTestApp({ AI_RATE_LIMIT: '2' });
    try {
      const world = await buildWorld(limited.db);
      const staff = apiClient(limited.app, await signIn(limited.app, world.staff.email));
      const admin = apiClient(limited.app, await signIn(limited.app, world.superAdmin.email));
      const summary = `${(await insightWith(limited, staff, world.client.id, CHECKOUT)).url}/ai/summary`;
      for (let call = 0; call < 2; call += 1) expectOk(await staff.post(summary));
      expectError(await staff.post(summary), 'rate_limited');
      expectOk(await admin.post(summary));
    } finally {
      await limited.close();
    }
  });
});
