import { type Insight, insightAnswer, insightListAnswer } from '@limbus/contract';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import { significantPoints } from '../../db/schema.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;

beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const AT = Date.UTC(2026, 0, 12, 9, 30);

/** A test of the client company with a participant and two of its significant points. */
async function testWithPoints() {
  const test = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
  const participant = await buildParticipant(ctx.t, test.id, {
    realId: 'P0007',
    significantPoints: [
      { emotion: 'joy', timestampTop: AT + 2000, tags: ['Checkout'] },
      { emotion: 'frustration', timestampTop: AT + 5000 },
    ],
  });
  const points = await ctx.t.db
    .select({ id: significantPoints.id })
    .from(significantPoints)
    .where(eq(significantPoints.participantId, participant.id))
    .orderBy(asc(significantPoints.timestampTop));
  return { testId: test.id, participantId: participant.id, pointIds: points.map((point) => point.id) };
}

async function create(client: ApiClient, testId: number, insight: Record<string, unknown>): Promise<Insight> {
  return insightAnswer.parse(expectOk(await client.post(`/tests/${testId}/insights`, { insight }), 201)).data;
}

const listOf = async (client: ApiClient, testId: number) =>
  insightListAnswer.parse(expectOk(await client.get(`/tests/${testId}/insights`))).data.insights;

describe('POST /tests/{id}/insights', () => {
  it('numbers new insights after the last and fills the spec’s defaults', async () => {
    const { testId } = await testWithPoints();
    const first = await create(as.staff, testId, { title: '  Checkout is hard to find ' });
    expect(first).toMatchObject({
      test_id: testId,
      assigned_id: 1,
      title: 'Checkout is hard to find',
      behavior_comment: '...',
      eeg_comment: '...',
      eye_tracking_comment: '...',
      touch_tracking_comment: '...',
      explanation: '...',
      summary: '...',
      suggestion: '',
      focus_point: '',
      highlight_id: null,
      highlight_url: null,
      evidence_withdrawn_at: null,
      significant_points_ids: [],
      significant_points: [],
    });
    const second = await create(as.superAdmin, testId, { title: 'Second', summary: '<p>Short</p>' });
    expect(second).toMatchObject({ assigned_id: 2, summary: '<p>Short</p>' });
  });

  it('refuses an empty title and changes nothing', async () => {
    const { testId } = await testWithPoints();
    expectError(
      await as.staff.post(`/tests/${testId}/insights`, { insight: { title: '   ' } }),
      'validation',
      {
        title: 'This field is required',
      },
    );
    expect(await listOf(as.staff, testId)).toEqual([]);
  });

  it('sanitizes explanation, summary and suggestion, and keeps comments as plain text', async () => {
    const { testId } = await testWithPoints();
    const insight = await create(as.staff, testId, {
      title: 'Scripts',
      explanation: '<p onclick="x()">Why<script>alert(1)</script></p>',
      suggestion: '<img src=x onerror="alert(1)"><b>Do</b>',
      eeg_comment: 'Joy < frustration',
    });
    expect(insight.explanation).toBe('<p>Why</p>');
    expect(insight.suggestion).toBe('<img src="x" /><b>Do</b>');
    expect(insight.eeg_comment).toBe('Joy < frustration');
  });

  it('is for the research area only; a test that does not exist is 404', async () => {
    const { testId } = await testWithPoints();
    for (const client of [as.clientAdmin, as.clientMember, as.demoUser, as.otherAdmin])
      expectError(await client.post(`/tests/${testId}/insights`, { insight: { title: 'No' } }), 'forbidden');
    expectError(
      await as.anonymous.post(`/tests/${testId}/insights`, { insight: { title: 'No' } }),
      'unauthenticated',
    );
    expectError(await as.staff.post('/tests/999999/insights', { insight: { title: 'No' } }), 'not_found');
    expect(await listOf(as.staff, testId)).toEqual([]);
  });

  it('numbers insights created at the same time without gaps or twins', async () => {
    const { testId } = await testWithPoints();
    await Promise.all(
      Array.from({ length: 6 }, (_, index) => create(as.staff, testId, { title: `Parallel ${index}` })),
    );
    expect((await listOf(as.staff, testId)).map((insight) => insight.assigned_id)).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
  });
});

describe('GET /tests/{id}/insights and one insight', () => {
  it('lets whoever reads the test read its insights, by number, with their points', async () => {
    const { testId, pointIds } = await testWithPoints();
    const first = await create(as.staff, testId, { title: 'First' });
    await create(as.staff, testId, { title: 'Second' });
    expectOk(
      await as.staff.patch(`/tests/${testId}/insights/${first.id}`, {
        insight: { significant_points_ids: pointIds },
      }),
    );
    for (const client of [as.clientAdmin, as.clientMember, as.staff, as.superAdmin]) {
      const list = await listOf(client, testId);
      expect(list.map((insight) => insight.title)).toEqual(['First', 'Second']);
      expect(list[0]?.significant_points.map((point) => point.emotion)).toEqual(['joy', 'frustration']);
      expect(list[0]?.significant_points[0]?.tags.map((tag) => tag.name)).toEqual(['Checkout']);
    }
    const one = insightAnswer.parse(
      expectOk(await as.clientMember.get(`/tests/${testId}/insights/${first.id}`)),
    );
    expect(one.data).toMatchObject({ id: first.id, significant_points_ids: pointIds });
  });

  it('issue 26, one name per participant: each evidence point carries its participant’s label beside its id', async () => {
    const { testId, participantId, pointIds } = await testWithPoints();
    const insight = await create(as.staff, testId, { title: 'Labelled' });
    expectOk(
      await as.staff.patch(`/tests/${testId}/insights/${insight.id}`, {
        insight: { significant_points_ids: pointIds },
      }),
    );
    for (const client of [as.clientMember, as.staff]) {
      const [listed] = await listOf(client, testId);
      const one = insightAnswer.parse(expectOk(await client.get(`/tests/${testId}/insights/${insight.id}`)));
      for (const points of [listed?.significant_points, one.data.significant_points]) {
        expect(points?.map((point) => [point.participant_id, point.participant_label])).toEqual([
          [participantId, 'P0007'],
          [participantId, 'P0007'],
        ]);
      }
    }
  });

  it('hides the insights of another company’s test and answers 404 for an insight of another test', async () => {
    const { testId } = await testWithPoints();
    const insight = await create(as.staff, testId, { title: 'Private' });
    expectError(await as.otherAdmin.get(`/tests/${testId}/insights`), 'not_found');
    expectError(await as.demoUser.get(`/tests/${testId}/insights/${insight.id}`), 'not_found');
    const elsewhere = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
    expectError(await as.clientAdmin.get(`/tests/${elsewhere.id}/insights/${insight.id}`), 'not_found');
  });
});

describe('PATCH /tests/{id}/insights/{iid}', () => {
  it('changes the texts given, links points and sets the highlight', async () => {
    const { testId, pointIds } = await testWithPoints();
    const insight = await create(as.staff, testId, { title: 'Before' });
    const changed = insightAnswer.parse(
      expectOk(
        await as.staff.patch(`/tests/${testId}/insights/${insight.id}`, {
          insight: {
            title: 'After',
            behavior_comment: 'Scrolled past it',
            focus_point: 'Checkout button',
            significant_points_ids: [pointIds[1], pointIds[0], pointIds[1]],
            highlight_id: pointIds[1],
          },
        }),
      ),
    ).data;
    expect(changed).toMatchObject({
      title: 'After',
      behavior_comment: 'Scrolled past it',
      eeg_comment: '...',
      focus_point: 'Checkout button',
      significant_points_ids: pointIds,
      highlight_id: pointIds[1],
    });
    const unlinked = insightAnswer.parse(
      expectOk(
        await as.staff.patch(`/tests/${testId}/insights/${insight.id}`, {
          insight: { significant_points_ids: [], highlight_id: null },
        }),
      ),
    ).data;
    expect(unlinked).toMatchObject({ title: 'After', significant_points_ids: [], highlight_id: null });
  });

  it('refuses points and highlights of another test’s participants, changing nothing', async () => {
    const { testId, pointIds } = await testWithPoints();
    const elsewhere = await testWithPoints();
    const insight = await create(as.staff, testId, { title: 'Mine' });
    const url = `/tests/${testId}/insights/${insight.id}`;
    expectError(
      await as.staff.patch(url, {
        insight: { title: 'Changed', significant_points_ids: [pointIds[0], elsewhere.pointIds[0]] },
      }),
      'validation',
      { significant_points_ids: expect.any(String) },
    );
    expectError(
      await as.staff.patch(url, { insight: { highlight_id: elsewhere.pointIds[0] } }),
      'validation',
      {
        highlight_id: expect.any(String),
      },
    );
    expectError(await as.staff.patch(url, { insight: { title: '' } }), 'validation', {
      title: expect.any(String),
    });
    const after = insightAnswer.parse(expectOk(await as.staff.get(url))).data;
    expect(after).toMatchObject({ title: 'Mine', significant_points_ids: [], highlight_id: null });
  });

  it('is for the research area only, and 404 for an insight of another test', async () => {
    const { testId } = await testWithPoints();
    const insight = await create(as.staff, testId, { title: 'Mine' });
    const url = `/tests/${testId}/insights/${insight.id}`;
    for (const client of [as.clientAdmin, as.clientMember, as.demoUser])
      expectError(await client.patch(url, { insight: { title: 'No' } }), 'forbidden');
    const elsewhere = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
    expectError(
      await as.staff.patch(`/tests/${elsewhere.id}/insights/${insight.id}`, { insight: { title: 'No' } }),
      'not_found',
    );
    expect(insightAnswer.parse(expectOk(await as.staff.get(url))).data.title).toBe('Mine');
  });
});

describe('DELETE /tests/{id}/insights/{iid}', () => {
  it('removes the insight and moves the later ones up a number', async () => {
    const { testId, pointIds } = await testWithPoints();
    const made: Insight[] = [];
    for (const title of ['One', 'Two', 'Three', 'Four']) made.push(await create(as.staff, testId, { title }));
    expectOk(
      await as.staff.patch(`/tests/${testId}/insights/${made[1]?.id}`, {
        insight: { significant_points_ids: pointIds },
      }),
    );
    expect((await as.staff.delete(`/tests/${testId}/insights/${made[1]?.id}`)).statusCode).toBe(204);
    const list = await listOf(as.staff, testId);
    expect(list.map((insight) => [insight.title, insight.assigned_id])).toEqual([
      ['One', 1],
      ['Three', 2],
      ['Four', 3],
    ]);
    // The points stay; only their link to the removed insight goes.
    const points = await ctx.t.db
      .select()
      .from(significantPoints)
      .where(eq(significantPoints.id, pointIds[0] ?? 0));
    expect(points).toHaveLength(1);
    expect((await create(as.staff, testId, { title: 'Five' })).assigned_id).toBe(4);
  });

  it('is for the research area only; an unknown insight is 404', async () => {
    const { testId } = await testWithPoints();
    const insight = await create(as.staff, testId, { title: 'Stays' });
    for (const client of [as.clientAdmin, as.clientMember, as.demoUser, as.otherAdmin])
      expectError(await client.delete(`/tests/${testId}/insights/${insight.id}`), 'forbidden');
    expectError(await as.staff.delete(`/tests/${testId}/insights/999999`), 'not_found');
    expect(await listOf(as.staff, testId)).toHaveLength(1);
  });
});
