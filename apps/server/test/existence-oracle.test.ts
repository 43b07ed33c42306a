import { errorBodySchema } from '@limbus/contract';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, signInWorld, useWorld } from './api.js';
import { buildTest, buildUser } from './factories.js';

/**
 * Issue 28, finding 7: another company's test, user or company answered 403 and a missing one 404,
 * so that anyone signed in could tell which ids exist elsewhere. Both answer the same 404 now
 * (policy.ts, `authorizeFound`); 403 stays for what the caller sees but may not do.
 */
const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
const MISSING = 2_000_000_000;

beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

/** What a caller can tell of an answer: its status, its body and its length. */
function observed(response: LightMyRequestResponse) {
  return {
    status: response.statusCode,
    body: errorBodySchema.parse(response.json()),
    length: response.headers['content-length'],
  };
}

type Call = (client: ApiClient, id: number) => Promise<LightMyRequestResponse>;

/** Calls `call` on another company's id and on a missing one, and asserts both answers are one 404. */
async function expectNoDifference(client: ApiClient, call: Call, otherId: number) {
  const other = observed(await call(client, otherId));
  const missing = observed(await call(client, MISSING));
  expect(missing.status).toBe(404);
  expect(other).toEqual(missing);
}

describe('issue 28, finding 7: another tenant’s resources answer like missing ones', () => {
  it("another company's test", async () => {
    const test = await buildTest(ctx.t.db, ctx.world.other.id);
    const calls: Call[] = [
      (c, id) => c.get(`/tests/${id}`),
      (c, id) => c.patch(`/tests/${id}`, { test: { name: 'Renamed' } }),
      (c, id) => c.delete(`/tests/${id}`),
      (c, id) => c.get(`/tests/${id}/participants`),
    ];
    for (const client of [as.clientAdmin, as.clientMember, as.demoUser]) {
      for (const call of calls) await expectNoDifference(client, call, test.id);
    }
  });

  it("another company's user, and another demo user for a demo user", async () => {
    const stranger = await buildUser(ctx.t.db, { role: 'company_member', companyId: ctx.world.other.id });
    const otherDemo = await buildUser(ctx.t.db, { role: 'demo', companyId: ctx.world.demo.id });
    const calls: Call[] = [
      (c, id) => c.get(`/users/${id}`),
      (c, id) => c.patch(`/users/${id}`, { profile: { first_name: 'Changed' } }),
      (c, id) => c.delete(`/users/${id}`),
    ];
    for (const call of calls) {
      await expectNoDifference(as.clientAdmin, call, stranger.id);
      await expectNoDifference(as.clientMember, call, stranger.id);
      await expectNoDifference(as.demoUser, call, otherDemo.id);
    }
  });

  it("another company's company", async () => {
    const calls: Call[] = [
      (c, id) => c.get(`/companies/${id}`),
      (c, id) => c.get(`/companies/${id}/contracts`),
      (c, id) => c.get(`/companies/${id}/users/`),
      (c, id) => c.get(`/companies/${id}/retention`),
    ];
    for (const client of [as.clientAdmin, as.clientMember, as.demoUser]) {
      for (const call of calls) await expectNoDifference(client, call, ctx.world.other.id);
    }
  });

  it('keeps 403 where the caller sees the resource but may not do the action', async () => {
    const demoTest = await buildTest(ctx.t.db, ctx.world.demo.id);
    const member = await buildUser(ctx.t.db, { role: 'company_member', companyId: ctx.world.client.id });
    const forbiddenCalls: [ApiClient, () => Promise<LightMyRequestResponse>][] = [
      [as.demoUser, () => as.demoUser.patch(`/tests/${demoTest.id}`, { test: { name: 'Renamed' } })],
      [as.clientMember, () => as.clientMember.get(`/companies/${ctx.world.client.id}/retention`)],
      [as.clientMember, () => as.clientMember.delete(`/users/${member.id}`)],
      [as.demoUser, () => as.demoUser.get(`/companies/${ctx.world.demo.id}/users/`)],
    ];
    for (const [, call] of forbiddenCalls) {
      const response = await call();
      expect(response.statusCode, response.body).toBe(403);
      expect(errorBodySchema.parse(response.json()).code).toBe('forbidden');
    }
  });
});
