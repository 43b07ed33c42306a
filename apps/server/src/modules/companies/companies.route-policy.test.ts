import { beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, signIn } from '../../../test/factories.js';
import { describeRoutePolicy, usePolicyWorld } from '../../../test/route-policy-matrix.js';
import { companiesPolicyCases } from './companies.route-cases.js';

const matrix = usePolicyWorld();
describeRoutePolicy(matrix, companiesPolicyCases);

describe('the research area without the analysis licence (spec 2 §6)', () => {
  let researcherOnly: string;

  beforeAll(async () => {
    const lab = await buildCompany(matrix.t.db, { name: 'Research Lab', licenceResearch: true });
    const user = await buildUser(matrix.t.db, { role: 'company_member', companyId: lab.id });
    researcherOnly = (await signIn(matrix.t.app, user.email)).authorization;
  });

  const get = (url: string) => matrix.t.app.inject({ url, headers: { authorization: researcherOnly } });

  it('loads what the setup editor offers: the companies, a company’s users and the researchers', async () => {
    const { world } = matrix;
    expect((await get('/api/v1/companies')).statusCode).toBe(200);
    const requesters = await get(`/api/v1/companies/${world.client.id}/users/`);
    expect(requesters.statusCode).toBe(200);
    expect((requesters.json() as { id: number }[]).map((user) => user.id)).toEqual(
      expect.arrayContaining([world.clientAdmin.id, world.clientMember.id]),
    );
    const researchers = await get('/api/v1/researchers');
    expect(researchers.statusCode).toBe(200);
    const ids = (researchers.json() as { id: number }[]).map((user) => user.id);
    expect(ids).toEqual(expect.arrayContaining([world.superAdmin.id, world.staff.id]));
    expect(ids).not.toContain(world.clientAdmin.id);
  });

  it('gets nothing more of the admin area: all users, a company’s details, creating companies', async () => {
    expect((await get('/api/v1/users')).statusCode).toBe(403);
    expect((await get(`/api/v1/companies/${matrix.world.client.id}`)).statusCode).toBe(403);
    const created = await matrix.t.app.inject({
      method: 'POST',
      url: '/api/v1/companies',
      headers: { authorization: researcherOnly },
      payload: {},
    });
    expect(created.statusCode).toBe(403);
  });
});
