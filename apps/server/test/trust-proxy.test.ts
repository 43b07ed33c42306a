/**
 * Forwarded headers count only from a configured proxy (TRUST_PROXY): otherwise any client could
 * name a new address in X-Forwarded-For for each request and get a fresh rate-limit budget.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './create-test-app.js';

const LIMIT = 3;
const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), AUTH_RATE_LIMIT: String(LIMIT) };

const signInFrom = (app: FastifyInstance, forwardedFor: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/tokens',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: 'nobody@example.test', password: 'wrong-password' },
  });

/** The statuses of `LIMIT + 1` sign-ins, each with the forwarded header `forwardedFor(i)`. */
async function statuses(app: FastifyInstance, forwardedFor: (i: number) => string): Promise<number[]> {
  const answers = [];
  for (let i = 0; i <= LIMIT; i++) answers.push((await signInFrom(app, forwardedFor(i))).statusCode);
  return answers;
}

vi.setConfig({ testTimeout: 120_000 });

let t: TestApp | undefined;
afterEach(async () => t?.close());

describe('TRUST_PROXY', () => {
  it('is off by default, in production too: a forged X-Forwarded-For gets no fresh budget', async () => {
    t = await createTestApp(PRODUCTION);
    expect(await statuses(t.app, (i) => `203.0.113.${i}`)).toEqual([401, 401, 401, 429]);
  });

  it('with a hop count takes the address the proxy appended, not what the client wrote', async () => {
    t = await createTestApp({ ...PRODUCTION, TRUST_PROXY: '1' });
    expect(await statuses(t.app, (i) => `203.0.113.${i}, 198.51.100.7`)).toEqual([401, 401, 401, 429]);
    expect((await signInFrom(t.app, '198.51.100.8')).statusCode).toBe(401);
  });

  it('with an address list trusts only those proxies', async () => {
    t = await createTestApp({ ...PRODUCTION, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
    expect(await statuses(t.app, (i) => `203.0.113.${i}, 198.51.100.9`)).toEqual([401, 401, 401, 429]);
    expect((await signInFrom(t.app, '198.51.100.10')).statusCode).toBe(401);
  });
});
