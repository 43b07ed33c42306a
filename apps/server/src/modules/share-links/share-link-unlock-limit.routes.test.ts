import { SHARE_LINK_MESSAGES } from '@limbus/contract';
import { describe, it } from 'vitest';
import { expectError, useWorld } from '../../../test/api.js';
import { buildShareLink, buildTest, RESULTS_READY } from '../../../test/factories.js';

// The sign-in route's limit (AUTH_RATE_LIMIT per address and minute), small here.
const ctx = useWorld({ AUTH_RATE_LIMIT: '3' });

describe('POST /shared/unlock', () => {
  it('is limited as sign-in is: guesses past the limit answer 429, even the right password', async () => {
    const test = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
    const { token } = await buildShareLink(ctx.t, {
      testId: test.id,
      createdById: ctx.world.clientAdmin.id,
      password: 'discount-2026',
    });
    const unlock = (password: string) =>
      ctx.t.app.inject({
        method: 'POST',
        url: '/api/v1/shared/unlock',
        headers: { authorization: `Share ${token}` },
        payload: { password },
      });
    for (const guess of ['guess one', 'guess two', 'guess three'])
      expectError(await unlock(guess), 'validation', { password: SHARE_LINK_MESSAGES.wrongPassword });
    expectError(await unlock('discount-2026'), 'rate_limited');
  });
});
