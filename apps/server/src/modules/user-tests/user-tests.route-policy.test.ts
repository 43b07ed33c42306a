import { describe, expect, it } from 'vitest';
import { buildTest } from '../../../test/factories.js';
import { describeRoutePolicy, type RoleName, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { tests } from '../../db/schema.js';
import { testsPolicyCases } from './user-tests.route-cases.js';

const matrix = usePolicyWorld();
describeRoutePolicy(matrix, testsPolicyCases);

describe('what a permitted read returns stays within the company', () => {
  it('shows client users only their own company’s tests; staff every company’s', async () => {
    const { t, world } = matrix;
    await buildTest(t.db, world.client.id);
    await buildTest(t.db, world.other.id);
    await buildTest(t.db, world.demo.id);
    // The walks of this process made tests in more companies (the provider's, for staff's own).
    const everyCompany = new Set(
      (await t.db.select({ companyId: tests.companyId }).from(tests)).map((test) => test.companyId),
    );
    const companiesSeen = async (role: RoleName) => {
      const response = await t.app.inject({
        url: '/api/v1/tests',
        headers: { authorization: matrix.authorization.get(role) ?? '' },
      });
      expect(response.statusCode).toBe(200);
      return new Set((response.json() as { company_id: number }[]).map((test) => test.company_id));
    };
    expect(await companiesSeen('clientAdmin')).toEqual(new Set([world.client.id]));
    expect(await companiesSeen('clientMember')).toEqual(new Set([world.client.id]));
    expect(await companiesSeen('otherAdmin')).toEqual(new Set([world.other.id]));
    expect(await companiesSeen('demoUser')).toEqual(new Set([world.demo.id]));
    expect(await companiesSeen('staff')).toEqual(everyCompany);
    expect(await companiesSeen('superAdmin')).toEqual(everyCompany);
  });
});
