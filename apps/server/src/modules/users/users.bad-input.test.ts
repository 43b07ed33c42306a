import { describe, it } from 'vitest';
import { expectUnchanged, expectValidationError, UNSTORABLE } from '../../../test/bad-input-checks.js';
import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { send, useInputWorld } from '../../../test/bad-input-world.js';
import { usersInputCases } from './users.route-cases.js';

const w = useInputWorld();
describeBadInput(w, usersInputCases);

describe('hostile but valid text', () => {
  it('refuses NUL and lone surrogates in a stored name with a field error', async () => {
    for (const text of UNSTORABLE) {
      await expectUnchanged(w.t, async () => {
        const response = await send(w, 'superAdmin', {
          method: 'PATCH',
          url: `/api/v1/users/${w.targetUserId}`,
          payload: { profile: { first_name: text } },
        });
        expectValidationError(response, JSON.stringify(text), ['first_name']);
      });
    }
  });
});
