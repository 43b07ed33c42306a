import { auditListAnswer, tokenAnswer } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { apiClient, expectError, expectOk, useWorld } from '../../../test/api.js';
import { TEST_JWT_SECRET } from '../../../test/create-test-app.js';
import { buildUser, PASSWORD, signIn } from '../../../test/factories.js';
import { buildApp } from '../../app.js';
import { rateLimits } from '../../db/schema.js';
import { deleteEndedSignInFailures, readSignInFailures } from './auth.repository.js';
import { FAILURE_WINDOW_MS, failureKeyOf, MAX_DELAY_MS, signInDelayAfter } from './sign-in-throttle.js';

const ctx = useWorld();

/** One sign-in from `address`, answering its status and the wait the server asked for. */
async function attempt(email: string, password: string, address: string) {
  const before = ctx.t.sleeps.length;
  const response = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/v1/tokens',
    payload: { email, password },
    remoteAddress: address,
  });
  const waits = ctx.t.sleeps.slice(before);
  return { response, waited: waits.reduce((sum, ms) => sum + ms, 0) };
}

/** The waits of `count` wrong passwords for `email`, each from another address. */
async function fail(email: string, count: number): Promise<number[]> {
  const waits: number[] = [];
  for (let i = 0; i < count; i++) {
    const { response, waited } = await attempt(email, 'not-the-password', `198.51.100.${(i % 250) + 1}`);
    expectError(response, 'unauthenticated');
    waits.push(waited);
  }
  return waits;
}

async function throttledEntries() {
  const staff = apiClient(ctx.t.app, await signIn(ctx.t.app, ctx.world.staff.email));
  return auditListAnswer.parse(expectOk(await staff.get('/audit?action=sign_in_throttled'))).data;
}

describe('issue 28, finding 9: sign-in throttling is per address only', () => {
  it('slows an account down after 5 failures, whatever the address: 1 s, 2 s, 4 s … capped at 30 s', async () => {
    const user = await buildUser(ctx.t.db, { role: 'company_member', companyId: ctx.world.client.id });
    const waits = await fail(user.email, 12);
    expect(waits).toEqual([0, 0, 0, 0, 0, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(signInDelayAfter(40)).toBe(MAX_DELAY_MS);
  });

  it('is not a lockout: the right password after the wait signs in, and the failures are forgotten', async () => {
    const user = await buildUser(ctx.t.db, { role: 'company_member', companyId: ctx.world.client.id });
    await fail(user.email, 7);
    const right = await attempt(user.email.toUpperCase(), PASSWORD, '203.0.113.9');
    expect(right.waited).toBe(4000);
    expect(tokenAnswer.parse(expectOk(right.response)).user.id).toBe(user.id);
    expect(await fail(user.email, 1)).toEqual([0]);
  });

  it('counts an address without an account alike, so the wait tells nothing of an account', async () => {
    const user = await buildUser(ctx.t.db, { role: 'company_member', companyId: ctx.world.client.id });
    const known = await fail(user.email, 8);
    const unknown = await fail('nobody.here@example.test', 8);
    expect(unknown).toEqual(known);
    // the address is normalised: another spelling of it counts on
    expect(await fail('  Nobody.Here@Example.TEST', 1)).toEqual([8000]);
  });

  it('starts again once the failures stop for 15 minutes', async () => {
    const user = await buildUser(ctx.t.db, { role: 'company_member', companyId: ctx.world.client.id });
    expect(await fail(user.email, 6)).toEqual([0, 0, 0, 0, 0, 1000]);
    ctx.t.clock.advance(FAILURE_WINDOW_MS - 1000);
    expect(await fail(user.email, 1)).toEqual([2000]);
    ctx.t.clock.advance(FAILURE_WINDOW_MS + 1000);
    expect(await fail(user.email, 1)).toEqual([0]);
  });

  it('audits each slow-down that starts, once per run, with the account, its company and the address', async () => {
    const user = await buildUser(ctx.t.db, { role: 'company_member', companyId: ctx.world.client.id });
    const before = (await throttledEntries()).length;
    await fail(user.email, 4);
    expect(await throttledEntries()).toHaveLength(before);
    await attempt(user.email, 'still-wrong', '192.0.2.77');
    await fail(user.email, 3);
    const entries = await throttledEntries();
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({
      action: 'sign_in_throttled',
      actor: { id: user.id, label: user.email },
      company: { id: ctx.world.client.id },
      address: '192.0.2.77',
      detail: { failures: 5, window_minutes: 15 },
    });

    await fail('another.nobody@example.test', 5);
    const [unknown] = await throttledEntries();
    expect(unknown).toMatchObject({
      actor: { id: null, label: 'An address without an account' },
      company: null,
    });
    expect(JSON.stringify(unknown)).not.toContain('another.nobody');
  });
});

describe('the counts of the sign-in slow-down', () => {
  it('are removed once their time ran out, from time to time, and only those', async () => {
    await fail('left.alone@example.test', 2);
    await fail('still.trying@example.test', 1);
    ctx.t.clock.advance(FAILURE_WINDOW_MS - 60_000);
    await fail('still.trying@example.test', 1);
    ctx.t.clock.advance(120_000);
    await deleteEndedSignInFailures(ctx.t.db, 'sign-in failures|', ctx.t.clock.now);
    const rows = await ctx.t.db.select().from(rateLimits);
    const keys = rows.map((row) => row.key);
    expect(keys).not.toContain(failureKeyOf('left.alone@example.test'));
    expect(keys).toContain(failureKeyOf('still.trying@example.test'));
    expect(
      await readSignInFailures(ctx.t.db, failureKeyOf('still.trying@example.test'), ctx.t.clock.now),
    ).toBe(2);
    expect(keys.join()).not.toContain('@');
  });
});

describe('the sign-in slow-down across API processes', () => {
  it('is shared: failures counted by one process slow the next try down on another', async () => {
    const user = await buildUser(ctx.t.db, { role: 'company_member', companyId: ctx.world.client.id });
    const otherSleeps: number[] = [];
    const other = await buildApp({
      config: ctx.t.config,
      db: ctx.t.db,
      files: ctx.t.files,
      jwtSecret: TEST_JWT_SECRET,
      clock: () => ctx.t.clock.now,
      sleep: async (ms) => {
        otherSleeps.push(ms);
      },
    });
    try {
      await other.ready();
      expect(await fail(user.email, 6)).toEqual([0, 0, 0, 0, 0, 1000]);
      const response = await other.inject({
        method: 'POST',
        url: '/api/v1/tokens',
        payload: { email: user.email, password: PASSWORD },
        remoteAddress: '203.0.113.50',
      });
      expect(otherSleeps).toEqual([2000]);
      expect(tokenAnswer.parse(expectOk(response)).user.id).toBe(user.id);
    } finally {
      await other.close();
    }
  });
});
