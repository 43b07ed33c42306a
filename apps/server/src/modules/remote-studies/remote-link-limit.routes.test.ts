import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectError, useWorld } from '../../../test/api.js';
import { buildRemoteCohort } from '../../../test/factories.js';
import { participants } from '../../db/schema.js';
import { remoteReadyTest } from './remote-studies.route-cases.js';

// The sign-in route's limit (AUTH_RATE_LIMIT per address and minute), small here.
const ctx = useWorld({ AUTH_RATE_LIMIT: '3' });

describe('the participant link', () => {
  it('is limited per route as sign-in is: calls past the limit answer 429, and join no participant', async () => {
    const test = await remoteReadyTest(ctx.t, ctx.world.client.id);
    const { token } = await buildRemoteCohort(ctx.t, {
      testId: test.id,
      createdById: ctx.world.superAdmin.id,
    });
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.t.app.inject({
        method,
        url,
        headers: { authorization: `Remote ${token}` },
        ...(payload ? { payload } : {}),
      });
    for (let count = 0; count < 3; count++)
      expect((await call('GET', '/api/v1/remote/study')).statusCode).toBe(200);
    expectError(await call('GET', '/api/v1/remote/study'), 'rate_limited');
    const consent = { version: 1, streams: ['eyes'], purposes: ['report'] };
    for (let count = 0; count < 3; count++)
      expect((await call('POST', '/api/v1/remote/participants', { consent })).statusCode).toBe(201);
    expectError(await call('POST', '/api/v1/remote/participants', { consent }), 'rate_limited');
    const joined = await ctx.t.db.select().from(participants).where(eq(participants.testId, test.id));
    expect(joined).toHaveLength(3);
  });
});
