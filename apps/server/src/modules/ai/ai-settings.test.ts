import { aiUsageSchema } from '@limbus/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { aiUsage } from '../../db/schema.js';

/** 'YYYY-MM' of the month `back` months before `now` (UTC). */
const monthBefore = (now: Date, back: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);

describe('GET /companies/:id/ai (staff: a company’s AI settings and this month’s use)', () => {
  const ctx = useWorld();
  let as: Awaited<ReturnType<typeof signInWorld>>;
  beforeAll(async () => {
    as = await signInWorld(ctx.t.app, ctx.world);
  });

  const usageOf = async (companyId: number) =>
    aiUsageSchema.parse(expectOk(await as.staff.get(`/companies/${companyId}/ai`)));

  it('answers the defaults and no use for a company that never asked the model', async () => {
    expect(await usageOf(ctx.world.client.id)).toEqual({
      company_id: ctx.world.client.id,
      month: monthBefore(ctx.t.clock.now, 0),
      used_tokens: 0,
      calls: 0,
      budget_tokens: 2_000_000,
      insight_language: 'Dutch',
    });
  });

  it('counts only this month’s tokens and calls, and shows what staff saved', async () => {
    const companyId = ctx.world.other.id;
    const [thisMonth, lastMonth] = [0, 1].map((back) => monthBefore(ctx.t.clock.now, back));
    await ctx.t.db.insert(aiUsage).values([
      { companyId, month: lastMonth ?? '', tokens: 90_000, calls: 40 },
      { companyId, month: thisMonth ?? '', tokens: 12_345, calls: 7 },
    ]);
    expectOk(
      await as.staff.patch(`/companies/${companyId}/ai`, {
        insight_language: 'English',
        monthly_token_budget: 50_000,
      }),
    );
    expect(await usageOf(companyId)).toMatchObject({
      month: thisMonth,
      used_tokens: 12_345,
      calls: 7,
      budget_tokens: 50_000,
      insight_language: 'English',
    });
  });

  it('answers 404 for an unknown company and 403 to client users, even of that company', async () => {
    expectError(await as.staff.get('/companies/999999/ai'), 'not_found');
    expectError(await as.clientAdmin.get(`/companies/${ctx.world.client.id}/ai`), 'forbidden');
    expectError(await as.anonymous.get(`/companies/${ctx.world.client.id}/ai`), 'unauthenticated');
  });
});
