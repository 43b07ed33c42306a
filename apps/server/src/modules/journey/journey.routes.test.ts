import { journeyAnswer } from '@limbus/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import { labels } from '../../db/schema.js';
import { recomputeTestMetrics } from '../ingestion/analysis.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const SHOP = 'https://shop.example.test';

/** A done test of `companyId` with three pages and two recorded participants, metrics computed. */
async function journeyTest(companyId: number, overrides = {}) {
  const test = await buildTest(ctx.t.db, companyId, { ...RESULTS_READY, ...overrides });
  await ctx.t.db.insert(labels).values([
    { testId: test.id, name: 'Home', urls: [`${SHOP}/`], matchType: 'exact' },
    { testId: test.id, name: 'Shoes', urls: [`${SHOP}/shoes`], matchType: 'starts_with' },
    { testId: test.id, name: 'Never visited', urls: ['https://elsewhere.test/'], matchType: 'exact' },
  ]);
  await buildParticipant(ctx.t, test.id);
  await buildParticipant(ctx.t, test.id);
  const deps = { db: ctx.t.db, files: ctx.t.files, log: ctx.t.app.log, clock: () => ctx.t.clock.now };
  await recomputeTestMetrics(deps, { test_id: test.id });
  return test.id;
}

describe('GET /tests/{id}/journey', () => {
  it('answers the steps, moves and drop-offs of the participants with each page’s emotions', async () => {
    const testId = await journeyTest(ctx.world.client.id);
    const journey = journeyAnswer.parse(expectOk(await as.clientMember.get(`/tests/${testId}/journey`))).data;
    expect(journey.participants).toBe(2);
    expect(journey.pages.map((page) => page.name)).toEqual(['Home', 'Shoes', 'Never visited']);
    const never = journey.pages.find((page) => page.name === 'Never visited');
    expect(never).toMatchObject({ visitors: 0, joy: null });
    const shoes = journey.pages.find((page) => page.name === 'Shoes');
    expect(shoes?.visitors).toBe(2);
    expect(shoes?.frustration).toBeGreaterThan(0);
    // every participant starts once at step 0 and leaves once (or goes on past the last step)
    const starts = journey.nodes
      .filter((node) => node.step === 0)
      .reduce((sum, node) => sum + node.participants, 0);
    expect(starts).toBe(2);
    const leaves = journey.links
      .filter((link) => link.target === null)
      .reduce((sum, link) => sum + link.participants, 0);
    expect(leaves + journey.continued).toBe(2);
    for (const link of journey.links) {
      const source = journey.nodes.find((node) => node.step === link.step && node.page_id === link.source);
      expect(source?.participants).toBeGreaterThanOrEqual(link.participants);
    }
  });

  it('is Professional: clients of an Essential test get 403, staff read it; other companies 404; demo users read their own', async () => {
    const essential = await journeyTest(ctx.world.client.id, { testType: 'essential' });
    expectError(await as.clientAdmin.get(`/tests/${essential}/journey`), 'forbidden');
    expectOk(await as.staff.get(`/tests/${essential}/journey`));
    const own = await journeyTest(ctx.world.client.id);
    expectError(await as.otherAdmin.get(`/tests/${own}/journey`), 'not_found');
    const demo = await journeyTest(ctx.world.demo.id);
    expectOk(await as.demoUser.get(`/tests/${demo}/journey`));
    expectError(await as.clientAdmin.get('/tests/999999/journey'), 'not_found');
    const requested = await journeyTest(ctx.world.client.id, { state: 'requested' });
    expectError(await as.clientAdmin.get(`/tests/${requested}/journey`), 'forbidden');
  });
});
