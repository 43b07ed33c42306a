import { describe, expect, it } from 'vitest';
import { describeBadInput } from '../../../test/bad-input-matrix.js';
import { freshEmail, send, useInputWorld } from '../../../test/bad-input-world.js';
import { companiesInputCases } from './companies.route-cases.js';

const w = useInputWorld();
describeBadInput(w, companiesInputCases);

describe('hostile but valid text', () => {
  it('is stored and answered exactly as sent (trimmed), not run or rewritten', async () => {
    const name = "Robert'); DROP TABLE companies; -- <script>alert(1)</script> 😀 مرحبا";
    const created = await send(w, 'superAdmin', {
      method: 'POST',
      url: '/api/v1/companies',
      payload: {
        company: {
          name,
          address: "1' OR '1'='1",
          postal_code: '<b>1000</b>',
          city: '\u202Eevil',
          country_id: w.countryId,
          consultant_id: w.world.staff.id,
          business_developer_id: w.world.superAdmin.id,
          admin_email: freshEmail(),
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const read = await send(w, 'superAdmin', { url: `/api/v1/companies/${created.json().data.id}` });
    expect(read.json()).toMatchObject({
      name,
      address: "1' OR '1'='1",
      postal_code: '<b>1000</b>',
      city: '\u202Eevil',
    });
    const list = await send(w, 'superAdmin', { url: '/api/v1/users' });
    expect(list.statusCode).toBe(200);
  });
});
