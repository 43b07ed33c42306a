import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './demo-data.js';
import { isDatabaseEmpty } from './demo-seed.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await isDatabaseEmpty(t.db)).toBe(true);
  await seedDemoData(t.db, new Date());
});
afterAll(() => t?.close());

const signIn = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/tokens', payload: { email, password: DEMO_PASSWORD } });

describe('demo seed', () => {
  it.each(DEMO_ACCOUNTS.filter((account) => account.email !== 'expired.admin@limbus.test'))(
    '$email signs in as $role',
    async (account) => {
      const response = await signIn(account.email);
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ role: account.role, company_id: account.company });
    },
  );

  it('refuses the expired company admin with the contract error', async () => {
    const response = await signIn('expired.admin@limbus.test');
    expect(response.statusCode).toBe(403);
    expect(Object.keys(response.json().errors)).toEqual(['contract']);
  });

  it('keeps the spec ids and flags: 1 is the demo company, 2 the provider with both licences', async () => {
    const admin = (await signIn('admin@limbus.test')).json();
    const get = (url: string) =>
      t.app.inject({ url, headers: { authorization: `Bearer ${admin.access_token}` } });
    const companies = (await get('/api/v1/companies')).json();
    expect(companies.find((company: { id: number }) => company.id === 1)).toMatchObject({
      name: 'Demo',
      is_demo: true,
    });
    expect((await get('/api/v1/companies/2')).json()).toMatchObject({
      licence_analysis: true,
      licence_research: true,
    });
    const acme = (await get('/api/v1/companies/3')).json();
    expect(acme).toMatchObject({ name: 'Acme Retail', contract: { is_active: true } });
    expect(acme.contract.available_tests).toEqual({ essential: 5, professional: 2 });
  });
});
