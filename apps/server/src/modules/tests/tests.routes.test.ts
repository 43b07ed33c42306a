import { type TestDetail, type TestSummary, testDetailSchema, testListAnswer } from '@limbus/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  apiClient,
  expectError,
  expectOk,
  signInWorld,
  useWorld,
} from '../../../test/api.js';
import { buildCompany, buildTest, buildUser, signIn } from '../../../test/factories.js';

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
      company_id: world.client.id,
      company: { id: world.client.id, name: world.client.name, licence_analysis: false },
      updated_at: expect.any(Number),
      created_at: expect.any(Number),
    });
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
  it('answers a test of the own company with its detail fields', async () => {
    const { t, world } = ctx;
    const test = await buildTest(t.db, world.client.id, {
      testType: 'essential',
      state: 'done',
      purpose: 'Find the checkout',
      scenario: 'Buy running shoes',
      url: 'https://shop.example',
      addons: ['individual_participant'],
    });
    const answer = testDetailSchema.parse(expectOk(await as.clientMember.get(`/tests/${test.id}`)));
    expect(answer).toEqual<TestDetail>({
      id: test.id,
      name: test.name,
      test_type: 'essential',
      platform: 'desktop',
      state: 'done',
      company_id: world.client.id,
      company: { id: world.client.id, name: world.client.name, licence_analysis: false },
      updated_at: expect.any(Number),
      created_at: expect.any(Number),
      purpose: 'Find the checkout',
      scenario: 'Buy running shoes',
      url: 'https://shop.example',
      addons: ['individual_participant'],
      internal_state: null,
      video: null,
    });
    expectOk(await as.staff.get(`/tests/${test.id}`));
  });

  it('refuses a test of another company', async () => {
    expectError(await as.clientAdmin.get(`/tests/${made.other[0]}`), 'forbidden');
    expectError(await as.demoUser.get(`/tests/${made.client[0]}`), 'forbidden');
  });

  it('answers 404 for an unknown test and 400 for a bad id', async () => {
    expectError(await as.clientAdmin.get('/tests/999999'), 'not_found');
    expectError(await as.clientAdmin.get('/tests/abc'), 'validation', { id: expect.any(String) });
    expectError(await as.anonymous.get(`/tests/${made.client[0]}`), 'unauthenticated');
  });
});
