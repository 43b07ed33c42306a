import { benchmarkAnswer } from '@limbus/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import { computeTestMetrics } from '../../../test/jobs.js';
import { categories, labels, participantStreams, participants, testMetrics } from '../../db/schema.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const page = (id: number, name: string, frustration: number | null) => ({
  id,
  name,
  urls: [],
  total_participants: 10,
  average_time: 20_000,
  joy: 0.4,
  attention: 0.5,
  frustration,
  significant_points: [],
});

let categorySequence = 0;
async function newCategory() {
  const [row] = await ctx.t.db
    .insert(categories)
    .values({ name: `Benchmark category ${++categorySequence}-${Date.now()}` })
    .returning();
  if (!row) throw new Error('no category');
  return row.id;
}

/** A done web test with stored page metrics: one page of the given frustration. */
async function measuredTest(companyId: number, frustration: number, overrides = {}) {
  const test = await buildTest(ctx.t.db, companyId, { ...RESULTS_READY, ...overrides });
  await ctx.t.db.insert(testMetrics).values({
    testId: test.id,
    kind: 'pages',
    payload: [page(1000 + test.id, 'Checkout', frustration), page(2000 + test.id, 'Unmeasured', null)],
  });
  return test.id;
}

describe('GET /tests/{id}/benchmark', () => {
  it('ranks the test among the category across companies, and hides a company group under five tests', async () => {
    const categoryId = await newCategory();
    const own = await measuredTest(ctx.world.client.id, 0.35, { categoryId });
    for (const [i, frustration] of [0.1, 0.2, 0.3, 0.4, 0.5].entries())
      await measuredTest(i < 2 ? ctx.world.client.id : ctx.world.other.id, frustration, { categoryId });
    // neither a draft, a video test nor a test without metrics counts
    await measuredTest(ctx.world.other.id, 0.9, { categoryId, state: 'draft' });
    await measuredTest(ctx.world.other.id, 0.9, { categoryId, platform: 'video' });
    await buildTest(ctx.t.db, ctx.world.other.id, { ...RESULTS_READY, categoryId });

    const benchmark = benchmarkAnswer.parse(
      expectOk(await as.clientMember.get(`/tests/${own}/benchmark`)),
    ).data;
    expect(benchmark.category?.id).toBe(categoryId);
    const group = benchmark.category_group;
    expect(group).toMatchObject({ tests: 5, needed: 5, is_shown: true, reference_pages: 10 });
    // 0.35 lies above 0.1, 0.2 and 0.3 of five tests: the 60th percentile; median 0.3
    expect(group?.test?.frustration).toEqual({ value: 0.35, percentile: 60, median: 0.3 });
    expect(group?.pages.map((p) => [p.name, p.emotions.frustration.percentile])).toEqual([
      ['Checkout', 60],
      ['Unmeasured', null],
    ]);
    expect(benchmark.company).toEqual({
      tests: 2,
      needed: 5,
      is_shown: false,
      reference_pages: 0,
      test: null,
      pages: [],
    });
    // nothing names the other tests or companies
    expect(JSON.stringify(benchmark)).not.toMatch(/Test \d|Other Co/);
  });

  it('says when the test has no category', async () => {
    const own = await measuredTest(ctx.world.client.id, 0.3);
    const benchmark = benchmarkAnswer.parse(
      expectOk(await as.clientAdmin.get(`/tests/${own}/benchmark`)),
    ).data;
    expect(benchmark.category).toBeNull();
    expect(benchmark.category_group).toBeNull();
  });

  it('is Professional: clients of an Essential test get 403, other companies 404, demo users read their own', async () => {
    const essential = await measuredTest(ctx.world.client.id, 0.3, { testType: 'essential' });
    expectError(await as.clientMember.get(`/tests/${essential}/benchmark`), 'forbidden');
    expectOk(await as.staff.get(`/tests/${essential}/benchmark`));
    const own = await measuredTest(ctx.world.client.id, 0.3);
    expectError(await as.otherAdmin.get(`/tests/${own}/benchmark`), 'not_found');
    const demo = await measuredTest(ctx.world.demo.id, 0.3);
    expectOk(await as.demoUser.get(`/tests/${demo}/benchmark`));
    expectError(await as.demoUser.get('/tests/999999/benchmark'), 'not_found');
  });

  it("takes a cohort's own emotions, and says when the cohort has none (webcams record no EEG)", async () => {
    const start = Date.UTC(2026, 0, 12, 9, 30);
    const test = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (await buildParticipant(ctx.t, test.id, { recording: { startMs: start, durationMs: 10_000 } })).id,
      );
    const webcam = ids[2] as number;
    await ctx.t.db.update(participants).set({ source: 'webcam' }).where(eq(participants.id, webcam));
    await ctx.t.db
      .delete(participantStreams)
      .where(and(eq(participantStreams.participantId, webcam), eq(participantStreams.kind, 'emotions')));
    await ctx.t.db.insert(labels).values({
      testId: test.id,
      name: 'Shop',
      urls: ['https://shop.example.test/'],
      matchType: 'starts_with',
    });
    await computeTestMetrics(ctx.t, test.id);
    const read = async (query: string) =>
      benchmarkAnswer.parse(expectOk(await as.clientMember.get(`/tests/${test.id}/benchmark${query}`))).data;
    expect(await read('')).toMatchObject({ cohort: 'all', has_emotions: true });
    expect(await read('?cohort=lab')).toMatchObject({ cohort: 'lab', has_emotions: true });
    expect(await read('?cohort=remote')).toMatchObject({ cohort: 'remote', has_emotions: false });
    expectError(await as.clientMember.get(`/tests/${test.id}/benchmark?cohort=webcam`), 'validation', {
      cohort: 'Choose a cohort: all, lab or remote',
    });
  });
});
