import { MESSAGES, TEST_MESSAGES, type TestDetail, testDetailSchema } from '@limbus/contract';
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
import {
  buildCompany,
  buildContract,
  buildParticipant,
  buildTest,
  buildUser,
  signIn,
} from '../../../test/factories.js';
import { bundles, contracts, testQuestions, tests } from '../../db/schema.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;

beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
  // Enough credits for every request of this file (the world's contract holds 2 + 3).
  await buildContract(ctx.t.db, ctx.world.client.id, { essential: 10, professional: 10 });
});

/** A web test complete enough to be requested. */
const completeWebTest = {
  name: 'Checkout',
  purpose: 'Find what stops buyers',
  scenario: 'Buy running shoes',
  url: 'https://shop.example',
  stop_moment: 'The order confirmation',
};

async function order(client: ApiClient, test: object): Promise<TestDetail> {
  return testDetailSchema.parse(expectOk(await client.post('/tests', { test }), 201));
}

async function change(client: ApiClient, id: number, test: object): Promise<TestDetail> {
  return testDetailSchema.parse(expectOk(await client.patch(`/tests/${id}`, { test })));
}

/** Credits left per type in the company's bundles (all contracts). */
async function creditsLeft(companyId: number) {
  const rows = await ctx.t.db
    .select({ testType: bundles.testType, tests: bundles.tests, requested: bundles.requested })
    .from(bundles)
    .innerJoin(contracts, eq(contracts.id, bundles.contractId))
    .where(eq(contracts.companyId, companyId));
  const left = { essential: 0, professional: 0 };
  for (const row of rows) left[row.testType] += row.tests - row.requested;
  return left;
}

describe('POST /tests by a client user', () => {
  it('saves a draft of its own company with only a name, requested by the user; no credit used', async () => {
    const { world } = ctx;
    const before = await creditsLeft(world.client.id);
    const draft = await order(as.clientMember, { name: '  Homepage  ', platform: 'mobile' });
    expect(draft).toMatchObject({
      name: 'Homepage',
      state: 'draft',
      platform: 'mobile',
      company_id: world.client.id,
      requester_id: world.clientMember.id,
      requester: { email: world.clientMember.email },
      researcher_id: null,
    });
    expect(await creditsLeft(world.client.id)).toEqual(before);
    expectOk(await as.clientAdmin.get(`/tests/${draft.id}`));
  });

  it('refuses a draft without a name', async () => {
    expectError(await as.clientMember.post('/tests', { test: { purpose: 'x' } }), 'validation', {
      name: MESSAGES.required,
    });
    expectError(await as.clientMember.post('/tests', { test: { name: '   ' } }), 'validation', {
      name: MESSAGES.required,
    });
  });

  it('requests a complete test and takes one credit of its type', async () => {
    const { world } = ctx;
    const before = await creditsLeft(world.client.id);
    const requested = await order(as.clientAdmin, {
      ...completeWebTest,
      state: 'requested',
      test_type: 'essential',
      focus_elements: ['Menu', '  ', 'Footer'],
      addons: ['tagon', 'individual_participant'],
    });
    expect(requested).toMatchObject({ state: 'requested', focus_elements: ['Menu', 'Footer'] });
    expect(requested.addons).toEqual(['tagon', 'individual_participant']);
    expect(await creditsLeft(world.client.id)).toEqual({ ...before, essential: before.essential - 1 });
  });

  it('validates a request as spec 2 §5 says (web: purpose, scenario, end point, focus, custom group)', async () => {
    const response = await as.clientAdmin.post('/tests', {
      test: { name: 'Incomplete', state: 'requested', test_type: 'essential', target_group: 'custom' },
    });
    expectError(response, 'validation', {
      purpose: MESSAGES.required,
      scenario: MESSAGES.required,
      stop_moment: MESSAGES.required,
      focus_elements: TEST_MESSAGES.focusRequired,
      custom_target: TEST_MESSAGES.customTargetRequired,
    });
    // A video test needs a name and a purpose only.
    const video = await order(as.clientAdmin, {
      name: 'Commercial',
      purpose: 'Does it land?',
      platform: 'video',
      state: 'requested',
    });
    expect(video.state).toBe('requested');
  });

  it('refuses fields only staff set, states beyond requested, and other companies', async () => {
    const { world } = ctx;
    for (const field of ['researcher_id', 'requester_id', 'category_id', 'flow_id']) {
      expectError(await as.clientAdmin.post('/tests', { test: { name: 'x', [field]: 1 } }), 'forbidden', {
        [field]: TEST_MESSAGES.staffOnlyField,
      });
    }
    expectError(
      await as.clientAdmin.post('/tests', { test: { name: 'x', delivery_date: '2026-01-01' } }),
      'forbidden',
      { delivery_date: TEST_MESSAGES.staffOnlyField },
    );
    expectError(await as.clientAdmin.post('/tests', { test: { name: 'x', state: 'done' } }), 'forbidden', {
      state: TEST_MESSAGES.clientStates,
    });
    expectError(
      await as.clientAdmin.post('/tests', { test: { name: 'x', company_id: world.other.id } }),
      'not_found',
    );
    // Its own company may be named.
    const own = await order(as.clientAdmin, { name: 'Own', company_id: world.client.id });
    expect(own.company_id).toBe(world.client.id);
  });

  it('refuses demo users (the demo company is shared by strangers)', async () => {
    const response = await as.demoUser.post('/tests', { test: { name: 'Demo order' } });
    expectError(response, 'forbidden');
    expect(response.json().message).toBe(TEST_MESSAGES.demoCannotOrder);
  });

  it('answers 409 with the spec message and changes nothing when no credit of the type is left', async () => {
    const { t } = ctx;
    const company = await buildCompany(t.db);
    await buildContract(t.db, company.id, { essential: 0, professional: 1 });
    const client = await clientOf(company.id);
    await order(client, { ...completeWebTest, state: 'requested' });
    const testsBefore = await t.db
      .select({ id: tests.id })
      .from(tests)
      .where(eq(tests.companyId, company.id));
    const response = await client.post('/tests', { test: { ...completeWebTest, state: 'requested' } });
    expectError(response, 'conflict');
    expect(response.json().message).toBe(TEST_MESSAGES.outOfTests('professional'));
    expect(await t.db.select({ id: tests.id }).from(tests).where(eq(tests.companyId, company.id))).toEqual(
      testsBefore,
    );
    expect(await creditsLeft(company.id)).toEqual({ essential: 0, professional: 0 });
    // A draft still saves.
    expect((await order(client, { name: 'Saved for later' })).state).toBe('draft');
  });

  it('takes credits only from active contracts', async () => {
    const { t } = ctx;
    const company = await buildCompany(t.db);
    await buildContract(t.db, company.id, {
      startDate: '2020-01-01',
      endDate: '2021-01-01',
      professional: 5,
    });
    await buildContract(t.db, company.id, { essential: 1, professional: 0 });
    const client = await clientOf(company.id);
    expectError(
      await client.post('/tests', { test: { ...completeWebTest, state: 'requested' } }),
      'conflict',
    );
  });
});

describe('PATCH /tests/{id}', () => {
  it('lets a client change its draft and then request it, which takes a credit', async () => {
    const { world } = ctx;
    const draft = await order(as.clientMember, { name: 'Draft' });
    const before = await creditsLeft(world.client.id);
    const edited = await change(as.clientAdmin, draft.id, { purpose: 'Learn', scenario: 'Look around' });
    expect(edited).toMatchObject({
      name: 'Draft',
      purpose: 'Learn',
      scenario: 'Look around',
      state: 'draft',
    });
    expectError(
      await as.clientAdmin.patch(`/tests/${draft.id}`, { test: { state: 'requested' } }),
      'validation',
      {
        stop_moment: MESSAGES.required,
      },
    );
    const requested = await change(as.clientAdmin, draft.id, {
      stop_moment: 'Thanks page',
      state: 'requested',
    });
    expect(requested.state).toBe('requested');
    expect(await creditsLeft(world.client.id)).toEqual({ ...before, professional: before.professional - 1 });
    // Requested: read-only for the client.
    const refused = await as.clientAdmin.patch(`/tests/${draft.id}`, { test: { name: 'Later' } });
    expectError(refused, 'forbidden');
    expect(refused.json().message).toBe(TEST_MESSAGES.onlyDraftEditable);
  });

  it('refuses another company’s draft, demo users and unknown tests', async () => {
    const { t, world } = ctx;
    const others = await buildTest(t.db, world.other.id);
    expectError(await as.clientAdmin.patch(`/tests/${others.id}`, { test: { name: 'Mine' } }), 'not_found');
    const demoDraft = await buildTest(t.db, world.demo.id);
    expectError(await as.demoUser.patch(`/tests/${demoDraft.id}`, { test: { name: 'Mine' } }), 'forbidden');
    expectError(await as.clientAdmin.patch('/tests/999999', { test: { name: 'x' } }), 'not_found');
    const [row] = await t.db.select({ name: tests.name }).from(tests).where(eq(tests.id, others.id));
    expect(row?.name).toBe(others.name);
  });

  it('lets staff change every field of any test, including state, company, requester and researcher', async () => {
    const { t, world } = ctx;
    const test = await buildTest(t.db, world.client.id, { state: 'requested' });
    const [category] = await t.db.query.categories.findMany({ limit: 1 });
    const [flow] = await t.db.query.flows.findMany({ limit: 1 });
    const changed = await change(as.staff, test.id, {
      state: 'in-progress',
      requester_id: world.clientAdmin.id,
      researcher_id: world.staff.id,
      category_id: category?.id,
      flow_id: flow?.id,
      delivery_date: 'next week',
      minimum_participants_for_metrics: '8',
      external_app: 'true',
      translation_language: 'Dutch',
      brand_name: 'Shoes',
      comments: 'Call first',
      timing: 'Before Christmas',
    });
    expect(changed).toMatchObject({
      state: 'in-progress',
      requester_id: world.clientAdmin.id,
      researcher_id: world.staff.id,
      category_id: category?.id,
      flow_id: flow?.id,
      delivery_date: 'next week',
      minimum_participants_for_metrics: 8,
      external_app: true,
      translation_language: 'Dutch',
    });
    const cleared = await change(as.superAdmin, test.id, { requester_id: null, researcher_id: '' });
    expect(cleared).toMatchObject({ requester_id: null, researcher_id: null });
    const moved = await change(as.staff, test.id, { company_id: world.other.id });
    expect(moved.company).toMatchObject({ id: world.other.id, name: world.other.name });
  });

  it('refuses a requester of another company, a researcher without the analysis licence and unknown references', async () => {
    const { t, world } = ctx;
    const test = await buildTest(t.db, world.client.id);
    expectError(
      await as.staff.patch(`/tests/${test.id}`, { test: { requester_id: world.otherAdmin.id } }),
      'validation',
      {
        requester_id: TEST_MESSAGES.requesterCompany,
      },
    );
    expectError(
      await as.staff.patch(`/tests/${test.id}`, { test: { researcher_id: world.clientAdmin.id } }),
      'validation',
      {
        researcher_id: TEST_MESSAGES.researcherStaff,
      },
    );
    expectError(
      await as.staff.patch(`/tests/${test.id}`, {
        test: { requester_id: 999999, category_id: 999999, flow_id: 999999, company_id: 999999 },
      }),
      'validation',
      {
        requester_id: TEST_MESSAGES.unknownUser,
        category_id: TEST_MESSAGES.unknownCategory,
        flow_id: TEST_MESSAGES.unknownFlow,
        company_id: TEST_MESSAGES.unknownCompany,
      },
    );
  });

  it('gives the credit back when staff set a requested test back to draft, and takes it again once', async () => {
    const { world } = ctx;
    const requested = await order(as.clientAdmin, { ...completeWebTest, state: 'requested' });
    const before = await creditsLeft(world.client.id);
    await change(as.staff, requested.id, { state: 'draft' });
    expect(await creditsLeft(world.client.id)).toEqual({ ...before, professional: before.professional + 1 });
    await change(as.staff, requested.id, { state: 'in-progress' });
    await change(as.staff, requested.id, { state: 'done' });
    expect(await creditsLeft(world.client.id)).toEqual(before);
  });
});

describe('the done date (retention counts from it)', () => {
  it('is set by the clock when a test becomes done, kept while it stays done, cleared when it leaves', async () => {
    const doneAt = async (id: number) =>
      (await ctx.t.db.select({ doneAt: tests.doneAt }).from(tests).where(eq(tests.id, id)))[0]?.doneAt;
    const requested = await order(as.clientAdmin, { ...completeWebTest, state: 'requested' });
    await change(as.staff, requested.id, { state: 'in-progress' });
    expect(await doneAt(requested.id)).toBeNull();
    ctx.t.clock.advance(5_000);
    const became = ctx.t.clock.now;
    await change(as.staff, requested.id, { state: 'done' });
    expect((await doneAt(requested.id))?.getTime()).toBe(became.getTime());
    ctx.t.clock.advance(5_000);
    await change(as.staff, requested.id, { name: 'Checkout, renamed' });
    expect((await doneAt(requested.id))?.getTime()).toBe(became.getTime());
    await change(as.staff, requested.id, { state: 'in-progress' });
    expect(await doneAt(requested.id)).toBeNull();
  });
});

describe('questions, associations and focus elements (spec 2 §2 save rules)', () => {
  it('drops blank new entries, deletes existing ones that are blank or marked, keeps the order given', async () => {
    const { t } = ctx;
    const created = await order(as.clientAdmin, {
      name: 'Questions',
      open_questions: [
        { text: 'First?' },
        { text: '   ' },
        { text: 'Second?' },
        { text: 'x', _destroy: true },
      ],
      associations: [{ text: 'Modern' }, { text: 'Cheap' }, { text: '' }],
      evaluations: [{ text: 'How easy?', description: 'Ease', caption_low: 'Hard', caption_high: 'Easy' }],
    });
    expect(created.open_questions.map((q) => q.text)).toEqual(['First?', 'Second?']);
    expect(created.associations.map((q) => q.text)).toEqual(['Modern', 'Cheap']);
    expect(created.evaluations).toEqual([
      expect.objectContaining({
        text: 'How easy?',
        description: 'Ease',
        caption_low: 'Hard',
        caption_high: 'Easy',
      }),
    ]);
    const [first, second] = created.open_questions;
    const [modern, cheap] = created.associations;
    const edited = await change(as.clientAdmin, created.id, {
      open_questions: [
        { id: second?.id, text: 'Second, now first?' },
        { id: first?.id, text: 'First?', _destroy: 'true' },
        { text: 'Third?' },
      ],
      associations: [{ id: cheap?.id, text: '  ' }],
    });
    expect(edited.open_questions.map((q) => q.text)).toEqual(['Second, now first?', 'Third?']);
    expect(edited.associations.map((q) => q.id)).toEqual([modern?.id]);
    const rows = await t.db.select().from(testQuestions).where(eq(testQuestions.testId, created.id));
    expect(rows).toHaveLength(4);
  });

  it('refuses more than the slots allow and questions of another test', async () => {
    const { t, world } = ctx;
    const six = Array.from({ length: 6 }, (_, i) => ({ text: `Word ${i}` }));
    expectError(
      await as.clientAdmin.post('/tests', { test: { name: 'x', associations: six } }),
      'validation',
      {
        associations: TEST_MESSAGES.tooManyAssociations,
      },
    );
    const four = six.slice(0, 4);
    expectError(
      await as.clientAdmin.post('/tests', { test: { name: 'x', open_questions: four } }),
      'validation',
      {
        open_questions: TEST_MESSAGES.tooManyOpenQuestions,
      },
    );
    expectError(
      await as.clientAdmin.post('/tests', { test: { name: 'x', focus_elements: ['a', 'b', 'c', 'd'] } }),
      'validation',
      { focus_elements: TEST_MESSAGES.tooManyFocusElements },
    );
    // Three open questions, then a fourth on the next save: refused, nothing changed.
    const full = await order(as.clientAdmin, { name: 'Full', open_questions: four.slice(0, 3) });
    expectError(
      await as.clientAdmin.patch(`/tests/${full.id}`, { test: { open_questions: [{ text: 'More?' }] } }),
      'validation',
      {
        open_questions: TEST_MESSAGES.tooManyOpenQuestions,
      },
    );
    const other = await buildTest(t.db, world.client.id);
    const [foreign] = await t.db
      .insert(testQuestions)
      .values({ testId: other.id, kind: 'open', text: 'Not yours' })
      .returning();
    expectError(
      await as.clientAdmin.patch(`/tests/${full.id}`, {
        test: { open_questions: [{ id: foreign?.id, text: 'Mine' }] },
      }),
      'validation',
      { open_questions: TEST_MESSAGES.unknownQuestion },
    );
    const [kept] = await t.db
      .select()
      .from(testQuestions)
      .where(eq(testQuestions.id, foreign?.id ?? 0));
    expect(kept?.text).toBe('Not yours');
  });
});

describe('DELETE /tests/{id}', () => {
  it('lets a client delete its own draft, not a requested test; staff delete any and the credit returns', async () => {
    const { t, world } = ctx;
    const draft = await order(as.clientMember, { name: 'Throw away' });
    expectOk(await as.clientMember.delete(`/tests/${draft.id}`));
    expectError(await as.clientMember.get(`/tests/${draft.id}`), 'not_found');

    const requested = await order(as.clientAdmin, { ...completeWebTest, state: 'requested' });
    const refused = await as.clientAdmin.delete(`/tests/${requested.id}`);
    expectError(refused, 'forbidden');
    expect(refused.json().message).toBe(TEST_MESSAGES.onlyDraftDeletable);
    const before = await creditsLeft(world.client.id);
    const { id: participantId } = await buildParticipant(t, requested.id);
    expect(await t.files.size(`streams/${participantId}/eyes.lmbs.br`)).not.toBeNull();
    expectOk(await as.staff.delete(`/tests/${requested.id}`));
    expect(await creditsLeft(world.client.id)).toEqual({ ...before, professional: before.professional + 1 });
    expect(await t.files.size(`streams/${participantId}/eyes.lmbs.br`)).toBeNull();
  });

  it('refuses other companies, demo users and unknown tests', async () => {
    const { t, world } = ctx;
    const others = await buildTest(t.db, world.other.id);
    expectError(await as.clientAdmin.delete(`/tests/${others.id}`), 'not_found');
    const demoDraft = await buildTest(t.db, world.demo.id);
    expectError(await as.demoUser.delete(`/tests/${demoDraft.id}`), 'forbidden');
    expectError(await as.clientAdmin.delete('/tests/999999'), 'not_found');
    expect(await t.db.select({ id: tests.id }).from(tests).where(eq(tests.id, others.id))).toHaveLength(1);
  });
});

/** A signed-in admin of a company made for one test. */
async function clientOf(companyId: number): Promise<ApiClient> {
  const user = await buildUser(ctx.t.db, { role: 'company_admin', companyId });
  return apiClient(ctx.t.app, await signIn(ctx.t.app, user.email));
}
