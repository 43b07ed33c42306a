/**
 * The results rules of spec 3 on the server (packages/contract results-access.ts): client users
 * read a test's results once it is done; Pages and Tags are Professional; an Essential test shows
 * its first three insights; provider staff read everything.
 */
import { labelListAnswer, tagListAnswer } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import { insights, labels, significantPoints, testMetrics } from '../../db/schema.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const AT = Date.UTC(2026, 0, 12, 9, 30);

async function testWithResults(overrides: Parameters<typeof buildTest>[2] = {}) {
  const test = await buildTest(ctx.t.db, ctx.world.client.id, { ...RESULTS_READY, ...overrides });
  await buildParticipant(ctx.t, test.id, {
    significantPoints: [
      {
        emotion: 'frustration',
        timestampTop: AT + 2000,
        comment: 'Waar is de kortingscode?',
        translation: 'Where is the discount code?',
        tags: ['Discount'],
      },
      { emotion: 'joy', timestampTop: AT + 4000, comment: 'Nice shoes', tags: ['Discount', 'Product'] },
      { emotion: 'frustration', timestampTop: AT + 6000, falsePositive: true, tags: ['Discount'] },
    ],
  });
  for (let number = 1; number <= 5; number += 1)
    await ctx.t.db
      .insert(insights)
      .values({ testId: test.id, assignedId: number, title: `Finding ${number}` });
  return test.id;
}

const results = (testId: number) => [
  `/tests/${testId}/labels`,
  `/tests/${testId}/tags`,
  `/tests/${testId}/insights`,
  `/tests/${testId}/suggestions`,
];

describe('results of a test that is not done', () => {
  it('are refused to client users and read by staff', async () => {
    const testId = await testWithResults({ state: 'in-progress' });
    for (const url of results(testId)) {
      expectError(await as.clientAdmin.get(url), 'forbidden');
      expect((await as.clientAdmin.get(url)).json().message).toBe(
        'The results of this test are not ready yet',
      );
      expectOk(await as.staff.get(url));
    }
  });
});

describe('results of an Essential test', () => {
  it('refuse Pages and Tags to client users, with the reason', async () => {
    const testId = await testWithResults({ testType: 'essential' });
    const pages = await as.clientMember.get(`/tests/${testId}/labels`);
    expectError(pages, 'forbidden');
    expect(pages.json().message).toBe('Pages are part of Professional tests: upgrade this test to see them');
    expectError(await as.clientMember.get(`/tests/${testId}/tags`), 'forbidden');
    expectOk(await as.staff.get(`/tests/${testId}/labels`));
    expectOk(await as.staff.get(`/tests/${testId}/tags`));
  });

  it('show client users the first three insights, staff all of them', async () => {
    const testId = await testWithResults({ testType: 'essential' });
    const listed = expectOk<{ data: { insights: { assigned_id: number; id: number }[] } }>(
      await as.clientAdmin.get(`/tests/${testId}/insights`),
    ).data.insights;
    expect(listed.map((insight) => insight.assigned_id)).toEqual([1, 2, 3]);
    const all = expectOk<{ data: { insights: { assigned_id: number; id: number }[] } }>(
      await as.staff.get(`/tests/${testId}/insights`),
    ).data.insights;
    expect(all).toHaveLength(5);
    const fourth = all.find((insight) => insight.assigned_id === 4);
    const refused = await as.clientAdmin.get(`/tests/${testId}/insights/${fourth?.id}`);
    expectError(refused, 'forbidden');
    expect(refused.json().message).toContain('Insight 4 is one of the extra consultant findings');
    expectOk(await as.staff.get(`/tests/${testId}/insights/${fourth?.id}`));
  });
});

describe('GET /tests/{id}/tags', () => {
  it('answers each tag with its description, points (no false positives), their ids, count and participants', async () => {
    const testId = await testWithResults();
    const { tags } = tagListAnswer.parse(expectOk(await as.clientAdmin.get(`/tests/${testId}/tags`)));
    const discount = tags.find((tag) => tag.name === 'Discount');
    expect(discount).toMatchObject({ count: 2, participants: 1, description: '' });
    expect(discount?.significant_points.map((point) => point.comment)).toEqual([
      'Waar is de kortingscode?',
      'Nice shoes',
    ]);
    expect(discount?.significant_points[0]?.translation).toBe('Where is the discount code?');
    expect(discount?.sps).toEqual(discount?.significant_points.map((point) => point.id));
    const changed = expectOk(
      await as.staff.patch(`/tags/${discount?.id}`, {
        tag: { description: 'Finding and using the discount field' },
      }),
    );
    expect(changed).toMatchObject({ name: 'Discount', description: 'Finding and using the discount field' });
    expectError(await as.staff.patch(`/tags/${discount?.id}`, { tag: {} }), 'validation');
  });
});

describe('GET /tests/{id}/labels', () => {
  it('answers each page with the stored metrics and its points as they read now', async () => {
    const testId = await testWithResults();
    const [page] = await ctx.t.db
      .insert(labels)
      .values({ testId, name: 'Checkout', urls: ['https://shop.test/checkout'], matchType: 'exact' })
      .returning();
    const [empty] = await ctx.t.db.insert(labels).values({ testId, name: 'Unvisited' }).returning();
    const { tags } = tagListAnswer.parse(expectOk(await as.staff.get(`/tests/${testId}/tags`)));
    const first = tags.find((tag) => tag.name === 'Discount')?.significant_points[0];
    await ctx.t.db.insert(testMetrics).values({
      testId,
      kind: 'pages',
      payload: [
        {
          id: page?.id,
          total_participants: 6,
          average_time: 12_500,
          joy: 0.25,
          attention: null,
          frustration: 0.4,
          significant_points: [{ id: first?.id }],
        },
      ],
    });
    await ctx.t.db
      .update(significantPoints)
      .set({ comment: 'Edited since' })
      .where(eq(significantPoints.id, first?.id ?? 0));
    const { data } = labelListAnswer.parse(expectOk(await as.clientAdmin.get(`/tests/${testId}/labels`)));
    expect(data.labels.find((label) => label.id === page?.id)).toMatchObject({
      name: 'Checkout',
      total_participants: 6,
      average_time: 12_500,
      joy: 0.25,
      attention: null,
      frustration: 0.4,
      significant_points: [{ id: first?.id, comment: 'Edited since' }],
    });
    expect(data.labels.find((label) => label.id === empty?.id)).toMatchObject({
      total_participants: 0,
      average_time: 0,
      joy: null,
      significant_points: [],
    });
  });
});

describe('points a client reads (issue 26: unannotated peaks are work in progress)', () => {
  it('lists on a page only points with a comment or a tag, none marked false positive; staff read every one', async () => {
    const testId = await testWithResults();
    const participant = await buildParticipant(ctx.t, testId, {
      significantPoints: [
        { emotion: 'attention', timestampTop: AT + 1000 },
        { emotion: 'joy', timestampTop: AT + 3000, comment: '   ' },
        { emotion: 'joy', timestampTop: AT + 5000, comment: 'Likes the photos' },
      ],
    });
    const points = await ctx.t.db
      .select({ id: significantPoints.id, comment: significantPoints.comment })
      .from(significantPoints)
      .where(eq(significantPoints.participantId, participant.id));
    const [page] = await ctx.t.db.insert(labels).values({ testId, name: 'Product' }).returning();
    await ctx.t.db.insert(testMetrics).values({
      testId,
      kind: 'pages',
      payload: [
        { id: page?.id, total_participants: 1, significant_points: points.map(({ id }) => ({ id })) },
      ],
    });
    const commentsFor = async (client: typeof as.staff) =>
      labelListAnswer
        .parse(expectOk(await client.get(`/tests/${testId}/labels`)))
        .data.labels.find((label) => label.id === page?.id)
        ?.significant_points.map((point) => point.comment);
    expect(await commentsFor(as.clientAdmin)).toEqual(['Likes the photos']);
    expect(await commentsFor(as.staff)).toEqual(['', '   ', 'Likes the photos']);
  });
});
