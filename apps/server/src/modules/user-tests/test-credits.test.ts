import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient, useWorld } from '../../../test/api.js';
import { buildCompany, buildContract, buildTest, buildUser, signIn } from '../../../test/factories.js';
import { bundles, contracts, tests } from '../../db/schema.js';

/**
 * Credits under concurrent requests (DESIGN §4): the last credit goes to exactly one request, on
 * PGlite and on PostgreSQL (TEST_DATABASE_URL), where the requests really run side by side.
 */
const ctx = useWorld();
const complete = { purpose: 'Learn', scenario: 'Look around', stop_moment: 'Thanks page' };

let companyId: number;
let client: ApiClient;

beforeAll(async () => {
  const { t } = ctx;
  companyId = (await buildCompany(t.db)).id;
  await buildContract(t.db, companyId, { essential: 0, professional: 0 });
  const admin = await buildUser(t.db, { role: 'company_admin', companyId });
  client = apiClient(t.app, await signIn(t.app, admin.email));
});

async function giveCredits(professional: number): Promise<number> {
  const contract = await buildContract(ctx.t.db, companyId, { essential: 0, professional: 0 });
  const [bundle] = await ctx.t.db
    .insert(bundles)
    .values({ contractId: contract.id, testType: 'professional', tests: professional })
    .returning();
  return bundle?.id ?? 0;
}

async function usedCredits(): Promise<number> {
  const rows = await ctx.t.db
    .select({ requested: bundles.requested })
    .from(bundles)
    .innerJoin(contracts, eq(contracts.id, bundles.contractId))
    .where(eq(contracts.companyId, companyId));
  return rows.reduce((sum, row) => sum + row.requested, 0);
}

const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();

describe('the last credit', () => {
  it('goes to exactly one of two drafts requested at the same time', async () => {
    const used = await usedCredits();
    await giveCredits(1);
    const drafts = await Promise.all(
      [1, 2].map((n) =>
        buildTest(ctx.t.db, companyId, { name: `Draft ${n}`, ...complete, stopMoment: 'End' }),
      ),
    );
    const responses = await Promise.all(
      drafts.map((draft) => client.patch(`/tests/${draft.id}`, { test: { state: 'requested' } })),
    );
    expect(statuses(responses)).toEqual([200, 409]);
    expect(await usedCredits()).toBe(used + 1);
    const states = await ctx.t.db
      .select({ state: tests.state })
      .from(tests)
      .where(eq(tests.companyId, companyId));
    expect(states.filter((row) => row.state === 'requested')).toHaveLength(1);
  });

  it('goes to exactly one of several new tests requested at the same time', async () => {
    const used = await usedCredits();
    await giveCredits(2);
    const responses = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        client.post('/tests', { test: { name: `New ${n}`, ...complete, state: 'requested' } }),
      ),
    );
    expect(statuses(responses)).toEqual([201, 201, 409, 409]);
    expect(await usedCredits()).toBe(used + 2);
  });

  it('is taken once when the same draft is requested twice at the same time', async () => {
    const used = await usedCredits();
    await giveCredits(5);
    const draft = await buildTest(ctx.t.db, companyId, { ...complete, stopMoment: 'End' });
    const responses = await Promise.all(
      [1, 2].map(() => client.patch(`/tests/${draft.id}`, { test: { state: 'requested' } })),
    );
    // The second finds the test requested: no longer a draft the client may change.
    expect(statuses(responses)).toEqual([200, 403]);
    expect(await usedCredits()).toBe(used + 1);
  });
});
