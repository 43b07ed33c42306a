import { describe, expect, it } from 'vitest';
import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { usersPolicyCases } from './users.route-cases.js';

const matrix = usePolicyWorld();
describeRoutePolicy(matrix, usersPolicyCases);

describe('what a permitted read returns stays within the company', () => {
  it('shows a company’s users only its own members', async () => {
    const response = await matrix.t.app.inject({
      url: `/api/v1/companies/${matrix.world.client.id}/users/`,
      headers: { authorization: matrix.authorization.get('clientMember') ?? '' },
    });
    expect(response.statusCode).toBe(200);
    const companyIds = new Set((response.json() as { company_id: number }[]).map((user) => user.company_id));
    expect(companyIds).toEqual(new Set([matrix.world.client.id]));
  });
});
