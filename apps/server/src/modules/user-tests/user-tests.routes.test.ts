import {
  categoryListAnswer,
  flowListAnswer,
  type TestDetail,
  type TestSummary,
  testDetailSchema,
  testListAnswer,
} from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  apiClient,
  expectError,
  expectOk,
  signInWorld,
  useWorld,
} from '../../../test/api.js';
import { buildCompany, buildParticipant, buildTest, buildUser, signIn } from '../../../test/factories.js';
import { answers, tags, testQuestions, tests } from '../../db/schema.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
/** Test ids per company, newest first. */
const made: Record<'client' | 'other' | 'demo', number[]> = { client: [], other: [], demo: [] };

const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  const { t, world } = ctx;
  as = await signInWorld(t.app, world);
  // Six client tests an hour apart, created oldest last, so that ids do not give the order away.
  const base = t.clock.now.getTime() - 100 * HOUR;
  for (let age = 0; age < 6; age += 1) {
    const test = await buildTest(t.db, world.client.id, { updatedAt: new Date(base - age * HOUR) });
    made.client.push(test.id);
  }
  for (const company of ['other', 'demo'] as const) {
    const test = await buildTest(t.db, world[company].id, {
      updatedAt: new Date(base + HOUR),
      state: 'done',
    });
    made[company].push(test.id);
  }
});

async function listIds(client: ApiClient, query = ''): Promise<number[]> {
  return testListAnswer.parse(expectOk(await client.get(`/tests${query}`))).map((test) => test.id);
}

describe('GET /tests', () => {
  it('shows client users the tests of their own company, newest first', async () => {
    expect(await listIds(as.clientAdmin)).toEqual(made.client);
    expect(await listIds(as.clientMember)).toEqual(made.client);
    expect(await listIds(as.otherAdmin)).toEqual(made.other);
    expect(await listIds(as.demoUser)).toEqual(made.demo);
  });

  it('answers the test summary with its company', async () => {
    const { world } = ctx;
    const [first] = testListAnswer.parse(expectOk(await as.clientMember.get('/tests')));
    expect(first).toEqual<TestSummary>({
      id: made.client[0] ?? 0,
      name: expect.stringMatching(/^Test \d+$/),
      test_type: 'professional',
      platform: 'desktop',
      state: 'draft',
      internal_state: null,
      company_id: world.client.id,
      company: { id: world.client.id, name: world.client.name, licence_analysis: false },
      requester_id: null,
      requester: null,
      researcher_id: null,
      updated_at: expect.any(Number),
      created_at: expect.any(Number),
    });
  });

  it('names the requester (for the research list)', async () => {
    const { t, world } = ctx;
    const test = await buildTest(t.db, world.client.id, {
      requesterId: world.clientMember.id,
      researcherId: world.staff.id,
      updatedAt: new Date(t.clock.now.getTime() + HOUR),
    });
    const [first] = testListAnswer.parse(expectOk(await as.staff.get('/tests')));
    expect(first).toMatchObject({
      id: test.id,
      requester_id: world.clientMember.id,
      requester: {
        email: world.clientMember.email,
        profile: { first_name: 'First', last_name: expect.any(String) },
      },
      researcher_id: world.staff.id,
    });
    await t.db.delete(tests).where(eq(tests.id, test.id));
  });

  it('shows staff and researchers the tests of every company, newest first', async () => {
    const { t } = ctx;
    const researchCompany = await buildCompany(t.db, { licenceResearch: true });
    const researcher = await buildUser(t.db, { role: 'company_member', companyId: researchCompany.id });
    const researcherClient = apiClient(t.app, await signIn(t.app, researcher.email));
    // The other and demo tests share their time; the later-made one (higher id) comes first.
    const everyTest = [...made.demo, ...made.other, ...made.client];
    for (const client of [as.staff, as.superAdmin, researcherClient])
      expect(await listIds(client)).toEqual(everyTest);
  });

  it('answers the 4 most recent tests with homepage=1 (or true)', async () => {
    expect(await listIds(as.clientAdmin, '?homepage=1')).toEqual(made.client.slice(0, 4));
    expect(await listIds(as.clientAdmin, '?homepage=true')).toEqual(made.client.slice(0, 4));
    expect(await listIds(as.clientAdmin, '?homepage=0')).toEqual(made.client);
    expect(await listIds(as.otherAdmin, '?homepage=1')).toEqual(made.other);
  });

  it('refuses a bad homepage value, unknown parameters and anonymous callers', async () => {
    expectError(await as.clientAdmin.get('/tests?homepage=yes'), 'validation', {
      homepage: expect.any(String),
    });
    expectError(await as.clientAdmin.get('/tests?company_id=2'), 'validation', {
      company_id: expect.any(String),
    });
    expectError(await as.anonymous.get('/tests'), 'unauthenticated');
  });
});

describe('GET /tests/{id}', () => {
  it('answers a test of the own company as the whole Test entity', async () => {
    const { t, world } = ctx;
    const test = await buildTest(t.db, world.client.id, {
      testType: 'essential',
      state: 'done',
      purpose: 'Find the checkout',
      scenario: 'Buy running shoes',
      url: 'https://shop.example',
      stopMoment: 'The order confirmation',
      focusElements: ['Menu'],
      addons: ['individual_participant'],
      requesterId: world.clientAdmin.id,
      deliveryDate: '2026-12-01',
    });
    const answer = testDetailSchema.parse(expectOk(await as.clientMember.get(`/tests/${test.id}`)));
    expect(answer).toEqual<TestDetail>({
      id: test.id,
      name: test.name,
      test_type: 'essential',
      platform: 'desktop',
      state: 'done',
      internal_state: null,
      company_id: world.client.id,
      company: { id: world.client.id, name: world.client.name, licence_analysis: false },
      requester_id: world.clientAdmin.id,
      requester: {
        email: world.clientAdmin.email,
        profile: { first_name: 'First', last_name: expect.any(String) },
      },
      researcher_id: null,
      updated_at: expect.any(Number),
      created_at: expect.any(Number),
      purpose: 'Find the checkout',
      translation: 'English',
      focus_elements: ['Menu'],
      scenario: 'Buy running shoes',
      url: 'https://shop.example',
      stop_moment: 'The order confirmation',
      target_group: 'default',
      custom_target: '',
      category_id: null,
      flow_id: null,
      brand_name: '',
      comments: '',
      delivery_date: '2026-12-01',
      external_app: false,
      minimum_participants_for_metrics: 5,
      translation_language: '',
      video: null,
      associations: [],
      open_questions: [],
      evaluations: [],
      timing: '',
      addons: ['individual_participant'],
      started_at: null,
      ended_at: null,
      participants: [],
      cohorts: { lab: 0, remote: 0 },
      tags: [],
      heatmaps: [],
      report: null,
    });
    expectOk(await as.staff.get(`/tests/${test.id}`));
  });

  it('carries questions with their answers, finished participants and tags', async () => {
    const { t, world } = ctx;
    const test = await buildTest(t.db, world.client.id, { state: 'done' });
    const [open, scale, association] = await t.db
      .insert(testQuestions)
      .values([
        { testId: test.id, kind: 'open', text: 'What did you miss?', position: 0 },
        {
          testId: test.id,
          kind: 'scale',
          text: 'How easy was it?',
          description: 'From hard to easy',
          captionLow: 'Hard',
          captionHigh: 'Easy',
          isDefault: true,
        },
        { testId: test.id, kind: 'association', text: 'Modern' },
      ])
      .returning();
    const finished = await buildParticipant(t, test.id);
    await buildParticipant(t, test.id, { state: 'recording' });
    const [answer] = await t.db
      .insert(answers)
      .values({
        questionId: scale?.id ?? 0,
        participantId: finished.id,
        score: 4,
        text: 'Goed.',
        translation: 'Good.',
      })
      .returning();
    const [tag] = await t.db.insert(tags).values({ testId: test.id, name: 'Checkout' }).returning();

    const detail = testDetailSchema.parse(expectOk(await as.clientMember.get(`/tests/${test.id}`)));
    expect(detail.open_questions).toEqual([
      { id: open?.id, text: 'What did you miss?', default: false, answers: [] },
    ]);
    expect(detail.evaluations).toEqual([
      {
        id: scale?.id,
        text: 'How easy was it?',
        default: true,
        description: 'From hard to easy',
        caption_low: 'Hard',
        caption_high: 'Easy',
        answers: [
          {
            id: answer?.id,
            question_id: scale?.id,
            participant_id: finished.id,
            text: 'Goed.',
            translation: 'Good.',
            score: 4,
            checked: false,
          },
        ],
      },
    ]);
    expect(detail.associations).toEqual([
      { id: association?.id, text: 'Modern', default: false, answers: [] },
    ]);
    expect(detail.participants).toEqual([
      {
        id: finished.id,
        real_id: finished.input.realId,
        type: 'default',
        started_at: Math.floor((finished.input.startedAt?.getTime() ?? 0) / 1000),
        ended_at: Math.floor((finished.input.endedAt?.getTime() ?? 0) / 1000),
      },
    ]);
    expect(detail.tags).toEqual([{ id: tag?.id, name: 'Checkout' }]);
    expect(detail.heatmaps).toEqual([]);
  });

  it('refuses a test of another company', async () => {
    expectError(await as.clientAdmin.get(`/tests/${made.other[0]}`), 'not_found');
    expectError(await as.demoUser.get(`/tests/${made.client[0]}`), 'not_found');
  });

  it('answers 404 for an unknown test and 400 for a bad id', async () => {
    expectError(await as.clientAdmin.get('/tests/999999'), 'not_found');
    expectError(await as.clientAdmin.get('/tests/abc'), 'validation', { id: expect.any(String) });
    expectError(await as.anonymous.get(`/tests/${made.client[0]}`), 'unauthenticated');
  });
});

describe('GET /categories and GET /flows', () => {
  it('answer the seeded reference lists to every signed-in user', async () => {
    const categories = categoryListAnswer.parse(expectOk(await as.demoUser.get('/categories')));
    expect(categories.map((category) => category.name)).toContain('E-commerce');
    const flows = flowListAnswer.parse(expectOk(await as.clientMember.get('/flows')));
    expect(flows.map((flow) => flow.name)).toContain('Checkout');
    expect(flows.at(-1)?.name).toBe('Other');
    expectError(await as.anonymous.get('/categories'), 'unauthenticated');
    expectError(await as.anonymous.get('/flows'), 'unauthenticated');
  });
});
