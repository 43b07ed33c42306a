import { describe, it } from 'vitest';
import { expectUnchanged, expectValidationError } from '../../../test/bad-input-checks.js';
import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { send, useInputWorld } from '../../../test/bad-input-world.js';
import { hashOpaqueToken } from '../../auth/opaque-tokens.js';
import { authInputCases, liveToken } from './auth.route-cases.js';

const w = useInputWorld();
describeBadInput(w, authInputCases);

describe('hostile but valid text', () => {
  it('does not find a token by its hash or by SQL', async () => {
    const token = await liveToken(w.t, w.world.demo.id, 'reset');
    for (const guess of [hashOpaqueToken(token), "' OR '1'='1", `${token}' --`]) {
      await expectUnchanged(w.t, async () => {
        const response = await send(w, 'anonymous', {
          method: 'POST',
          url: `/api/v1/password_reset?${new URLSearchParams({ reset_password_token: guess })}`,
          payload: { password: 'new-secret' },
        });
        expectValidationError(response, guess, ['reset_password_token']);
      });
    }
  });
});
