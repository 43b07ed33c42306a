import { describe, it } from 'vitest';
import { expectUnchanged, expectValidationError } from '../../../test/bad-input-checks.js';
import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { send, useInputWorld } from '../../../test/bad-input-world.js';
import { buildContract } from '../../../test/factories.js';
import { contractsInputCases } from './contracts.route-cases.js';

const w = useInputWorld();
describeBadInput(w, contractsInputCases);

describe('hostile but valid text', () => {
  it('refuses a renewal past the year 9999 instead of failing', async () => {
    const contract = await buildContract(w.t.db, w.world.client.id, {
      startDate: '9000-01-01',
      endDate: '9999-01-01',
    });
    await expectUnchanged(w.t, async () => {
      const response = await send(w, 'superAdmin', {
        method: 'POST',
        url: `/api/v1/contracts/${contract.id}/renew`,
        payload: { months: 120 },
      });
      expectValidationError(response, 'renew', ['months']);
    });
  });

  it('refuses the year 0 in contract dates', async () => {
    await expectUnchanged(w.t, async () => {
      const response = await send(w, 'superAdmin', {
        method: 'POST',
        url: '/api/v1/contracts',
        payload: { company_id: w.world.client.id, start_date: '0000-01-01', end_date: '0001-01-01' },
      });
      expectValidationError(response, 'year 0', ['start_date']);
    });
  });
});
