import { type Suggestion, suggestionAnswer, suggestionListAnswer } from '@limbus/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildTest, buildUser, RESULTS_READY } from '../../../test/factories.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;

beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const clientTest = async () => (await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY)).id;

async function create(
  client: ApiClient,
  testId: number,
  suggestion: Record<string, unknown>,
): Promise<Suggestion> {
  return suggestionAnswer.parse(
    expectOk(await client.post(`/tests/${testId}/suggestions`, { suggestion }), 201),
  ).data;
}

const listOf = async (client: ApiClient, testId: number) =>
  suggestionListAnswer.parse(expectOk(await client.get(`/tests/${testId}/suggestions`))).data.suggestions;

const titlesOf = async (testId: number) =>
  (await listOf(as.staff, testId)).map((suggestion) => `${suggestion.rank}:${suggestion.title}`);

async function patch(client: ApiClient, testId: number, id: number, suggestion: Record<string, unknown>) {
  return suggestionAnswer.parse(
    expectOk(await client.patch(`/tests/${testId}/suggestions/${id}`, { suggestion })),
  ).data;
}

/** A test with suggestions A, B, C, D ranked 1 to 4. */
async function rankedTest() {
  const testId = await clientTest();
  const made: Suggestion[] = [];
  for (const title of ['A', 'B', 'C', 'D']) made.push(await create(as.clientAdmin, testId, { title }));
  const idOf = (title: string) => made.find((suggestion) => suggestion.title === title)?.id ?? 0;
  return { testId, idOf };
}

describe('POST /tests/{id}/suggestions', () => {
  it('ranks a new suggestion last and makes the signed-in user its author, whatever the body says', async () => {
    const { world } = ctx;
    const testId = await clientTest();
    const first = await create(as.staff, testId, {
      title: 'Move the button',
      suggestion: '<p>Higher</p>',
      author_id: world.otherAdmin.id,
      test_id: testId,
      insight_id: null,
    });
    expect(first).toMatchObject({
      test_id: testId,
      title: 'Move the button',
      suggestion: '<p>Higher</p>',
      additional_info: '',
      rank: 1,
      effort: null,
      impact: null,
      next_step: null,
      owner_id: null,
      author_id: world.staff.id,
      insight_id: null,
      done: false,
    });
    const second = await create(as.clientMember, testId, { title: 'Second' });
    expect(second).toMatchObject({ rank: 2, author_id: world.clientMember.id });
  });

  it('refuses an empty title, a test id other than the path’s and values off the scales', async () => {
    const testId = await clientTest();
    const url = `/tests/${testId}/suggestions`;
    expectError(await as.staff.post(url, { suggestion: { title: ' ' } }), 'validation', {
      title: 'This field is required',
    });
    expectError(
      await as.staff.post(url, { suggestion: { title: 'X', test_id: await clientTest() } }),
      'validation',
      { test_id: expect.any(String) },
    );
    for (const [field, value] of [
      ['effort', 4],
      ['impact', 0],
      ['next_step', 5],
      ['effort', 1.5],
    ] as const)
      expectError(await as.staff.post(url, { suggestion: { title: 'X', [field]: value } }), 'validation', {
        [field]: expect.any(String),
      });
    expect(await listOf(as.staff, testId)).toEqual([]);
  });

  it('lets staff and the test company’s users write; not demo users, nor other companies', async () => {
    const testId = await clientTest();
    for (const client of [as.otherAdmin, as.demoUser])
      expectError(
        await client.post(`/tests/${testId}/suggestions`, { suggestion: { title: 'No' } }),
        'not_found',
      );
    expectError(
      await as.anonymous.post(`/tests/${testId}/suggestions`, { suggestion: { title: 'No' } }),
      'unauthenticated',
    );
    const demoTest = (await buildTest(ctx.t.db, ctx.world.demo.id, RESULTS_READY)).id;
    expectError(
      await as.demoUser.post(`/tests/${demoTest}/suggestions`, { suggestion: { title: 'No' } }),
      'forbidden',
    );
    expect(await listOf(as.staff, testId)).toEqual([]);
    expect(await listOf(as.demoUser, demoTest)).toEqual([]);
  });

  it('ranks suggestions created at the same time 1 to n', async () => {
    const testId = await clientTest();
    await Promise.all(
      Array.from({ length: 6 }, (_, index) => create(as.clientAdmin, testId, { title: `P${index}` })),
    );
    expect((await listOf(as.staff, testId)).map((suggestion) => suggestion.rank)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('GET /tests/{id}/suggestions and one suggestion', () => {
  it('lets whoever reads the test read its suggestions by rank; others do not find them (404)', async () => {
    const { testId, idOf } = await rankedTest();
    for (const client of [as.clientAdmin, as.clientMember, as.staff, as.superAdmin])
      expect((await listOf(client, testId)).map((suggestion) => suggestion.title)).toEqual([
        'A',
        'B',
        'C',
        'D',
      ]);
    expectError(await as.otherAdmin.get(`/tests/${testId}/suggestions`), 'not_found');
    expectError(await as.demoUser.get(`/tests/${testId}/suggestions/${idOf('A')}`), 'not_found');
    const one = suggestionAnswer.parse(
      expectOk(await as.clientMember.get(`/tests/${testId}/suggestions/${idOf('C')}`)),
    );
    expect(one.data).toMatchObject({ title: 'C', rank: 3 });
  });

  it('answers 404 for a suggestion of another test', async () => {
    const { idOf } = await rankedTest();
    const elsewhere = await clientTest();
    expectError(await as.clientAdmin.get(`/tests/${elsewhere}/suggestions/${idOf('A')}`), 'not_found');
    expectError(await as.clientAdmin.get('/tests/999999/suggestions'), 'not_found');
  });
});

describe('PATCH /tests/{id}/suggestions/{sid}', () => {
  it('changes the fields given and sanitizes the rich text', async () => {
    const { world } = ctx;
    const testId = await clientTest();
    const insight = expectOk<{ data: { id: number } }>(
      await as.staff.post(`/tests/${testId}/insights`, { insight: { title: 'Why' } }),
      201,
    ).data;
    const { id } = await create(as.clientAdmin, testId, { title: 'Before' });
    const changed = await patch(as.clientMember, testId, id, {
      title: 'After',
      suggestion: '<p onmouseover="x()">Do it<script>alert(1)</script></p>',
      additional_info: '<ul><li>one</li></ul>',
      effort: 1,
      impact: 3,
      next_step: 2,
      owner_id: world.clientMember.id,
      insight_id: insight.id,
      done: true,
    });
    expect(changed).toMatchObject({
      title: 'After',
      suggestion: '<p>Do it</p>',
      additional_info: '<ul><li>one</li></ul>',
      effort: 1,
      impact: 3,
      next_step: 2,
      owner_id: world.clientMember.id,
      insight_id: insight.id,
      done: true,
      author_id: world.clientAdmin.id,
    });
    const cleared = await patch(as.clientMember, testId, id, {
      effort: null,
      owner_id: null,
      insight_id: null,
      done: false,
    });
    expect(cleared).toMatchObject({
      title: 'After',
      effort: null,
      impact: 3,
      owner_id: null,
      insight_id: null,
      done: false,
    });
  });

  it('takes staff as owners, refuses users of other companies and insights of other tests', async () => {
    const { world } = ctx;
    const testId = await clientTest();
    const { id } = await create(as.clientAdmin, testId, { title: 'Owned' });
    expect((await patch(as.clientAdmin, testId, id, { owner_id: world.staff.id })).owner_id).toBe(
      world.staff.id,
    );
    const url = `/tests/${testId}/suggestions/${id}`;
    expectError(
      await as.clientAdmin.patch(url, { suggestion: { owner_id: world.otherAdmin.id } }),
      'validation',
      {
        owner_id: expect.any(String),
      },
    );
    expectError(await as.clientAdmin.patch(url, { suggestion: { owner_id: 999999 } }), 'validation', {
      owner_id: expect.any(String),
    });
    const otherTest = await clientTest();
    const foreignInsight = expectOk<{ data: { id: number } }>(
      await as.staff.post(`/tests/${otherTest}/insights`, { insight: { title: 'Elsewhere' } }),
      201,
    ).data;
    expectError(
      await as.clientAdmin.patch(url, { suggestion: { title: 'Changed', insight_id: foreignInsight.id } }),
      'validation',
      { insight_id: expect.any(String) },
    );
    const after = suggestionAnswer.parse(expectOk(await as.clientAdmin.get(url))).data;
    expect(after).toMatchObject({ title: 'Owned', owner_id: world.staff.id, insight_id: null });
  });

  it('moves a suggestion to a rank and renumbers the others from 1', async () => {
    const { testId, idOf } = await rankedTest();
    expect((await patch(as.clientAdmin, testId, idOf('D'), { rank: 1 })).rank).toBe(1);
    expect(await titlesOf(testId)).toEqual(['1:D', '2:A', '3:B', '4:C']);
    await patch(as.clientMember, testId, idOf('D'), { rank: 3 });
    expect(await titlesOf(testId)).toEqual(['1:A', '2:B', '3:D', '4:C']);
    // Past the end: last.
    expect((await patch(as.staff, testId, idOf('A'), { rank: 99 })).rank).toBe(4);
    expect(await titlesOf(testId)).toEqual(['1:B', '2:D', '3:C', '4:A']);
    await patch(as.staff, testId, idOf('C'), { rank: 3, done: true });
    expect(await titlesOf(testId)).toEqual(['1:B', '2:D', '3:C', '4:A']);
    expectError(
      await as.staff.patch(`/tests/${testId}/suggestions/${idOf('C')}`, { suggestion: { rank: 0 } }),
      'validation',
      { rank: expect.any(String) },
    );
  });

  it('lets staff and the company’s users change; not demo users nor other companies; 404 elsewhere', async () => {
    const { testId, idOf } = await rankedTest();
    const url = `/tests/${testId}/suggestions/${idOf('A')}`;
    for (const client of [as.otherAdmin, as.demoUser])
      expectError(await client.patch(url, { suggestion: { done: true } }), 'not_found');
    const elsewhere = await clientTest();
    expectError(
      await as.clientAdmin.patch(`/tests/${elsewhere}/suggestions/${idOf('A')}`, { suggestion: { rank: 1 } }),
      'not_found',
    );
    expect(await titlesOf(testId)).toEqual(['1:A', '2:B', '3:C', '4:D']);
    expect(suggestionAnswer.parse(expectOk(await as.staff.get(url))).data.done).toBe(false);
  });
});

describe('DELETE /tests/{id}/suggestions/{sid}', () => {
  it('removes a suggestion and moves the later ones up', async () => {
    const { testId, idOf } = await rankedTest();
    expect((await as.clientMember.delete(`/tests/${testId}/suggestions/${idOf('B')}`)).statusCode).toBe(204);
    expect(await titlesOf(testId)).toEqual(['1:A', '2:C', '3:D']);
    expect((await create(as.staff, testId, { title: 'E' })).rank).toBe(4);
  });

  it('refuses demo users and other companies; 404 for one of another test', async () => {
    const { testId, idOf } = await rankedTest();
    for (const client of [as.otherAdmin, as.demoUser])
      expectError(await client.delete(`/tests/${testId}/suggestions/${idOf('A')}`), 'not_found');
    expectError(await as.staff.delete(`/tests/${await clientTest()}/suggestions/${idOf('A')}`), 'not_found');
    expect(await titlesOf(testId)).toEqual(['1:A', '2:B', '3:C', '4:D']);
  });

  it('keeps the suggestion when its owner or insight goes, unlinked', async () => {
    const testId = await clientTest();
    const owner = await buildUser(ctx.t.db, { role: 'company_member', companyId: ctx.world.client.id });
    const insight = expectOk<{ data: { id: number } }>(
      await as.staff.post(`/tests/${testId}/insights`, { insight: { title: 'Why' } }),
      201,
    ).data;
    const { id } = await create(as.clientAdmin, testId, {
      title: 'Linked',
      owner_id: owner.id,
      insight_id: insight.id,
    });
    expect((await as.staff.delete(`/tests/${testId}/insights/${insight.id}`)).statusCode).toBe(204);
    expect((await as.superAdmin.delete(`/users/${owner.id}`)).statusCode).toBeLessThan(300);
    const after = suggestionAnswer.parse(
      expectOk(await as.clientAdmin.get(`/tests/${testId}/suggestions/${id}`)),
    );
    expect(after.data).toMatchObject({ title: 'Linked', owner_id: null, insight_id: null });
  });
});
