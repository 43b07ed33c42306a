import {
  type Company,
  companyListAnswer,
  companySchema,
  contractSchema,
  countryListAnswer,
  createCompanyAnswer,
  MESSAGES,
  userListAnswer,
} from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  expectError,
  expectOk,
  lastLinkTo,
  signInWorld,
  useWorld,
  type World,
} from '../../../test/api.js';
import { readOutbox } from '../../../test/create-test-app.js';
import { buildCompany, buildContract, buildTest, buildUser, signIn } from '../../../test/factories.js';
import { bundles } from '../../db/schema.js';
import { addMonths, toIsoDate } from '../contracts/contract-rules.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
let netherlandsId: number;

beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
  const countries = countryListAnswer.parse(expectOk(await as.clientMember.get('/countries')));
  netherlandsId = countries.find((country) => country.code === 'NL')?.id ?? 0;
});

let nameCount = 0;
const newName = () => `New Company ${++nameCount}`;

/** A valid POST /companies body: provider staff as consultant and account manager. */
function companyBody(company: Record<string, unknown>) {
  const { world } = ctx;
  return {
    company: {
      name: newName(),
      address: 'Keizersgracht 1',
      postal_code: '1015 CJ',
      city: 'Amsterdam',
      country_id: netherlandsId,
      consultant_id: world.staff.id,
      business_developer_id: world.superAdmin.id,
      ...company,
    },
  };
}

async function createCompany(company: Record<string, unknown>): Promise<Company> {
  return createCompanyAnswer.parse(expectOk(await as.staff.post('/companies', companyBody(company)), 201))
    .data;
}

const companyNames = async () =>
  companyListAnswer.parse(expectOk(await as.staff.get('/companies'))).map((company) => company.name);
const userEmails = async () =>
  userListAnswer.parse(expectOk(await as.staff.get('/users'))).map((user) => user.email);
const mailCountTo = (address: string) =>
  readOutbox(ctx.t.dataDir).filter((mail) => mail.to.includes(address)).length;

describe('GET /companies', () => {
  it('lists companies with the end date and available tests of the contract that ends last', async () => {
    const { t, world } = ctx;
    const today = toIsoDate(t.clock.now);
    const company = await buildCompany(t.db, { name: 'Aardvark Two Contracts' });
    await buildContract(t.db, company.id, {
      startDate: addMonths(today, -2),
      endDate: addMonths(today, 24),
      essential: 5,
    });
    const latest = await buildContract(t.db, company.id, {
      startDate: addMonths(today, -12),
      endDate: addMonths(today, 36),
      essential: 4,
      professional: 6,
    });
    await t.db.update(bundles).set({ requested: 2 }).where(eq(bundles.contractId, latest.id));
    const withoutContract = await buildCompany(t.db, { name: 'Aardvark No Contract' });

    const rows = companyListAnswer.parse(expectOk(await as.staff.get('/companies')));
    expect(rows.find((row) => row.id === company.id)).toEqual({
      id: company.id,
      name: company.name,
      available_tests: 2 + 4,
      end_date: addMonths(today, 36),
      is_demo: false,
      is_provider: false,
    });
    expect(rows.find((row) => row.id === withoutContract.id)).toMatchObject({
      available_tests: 0,
      end_date: null,
    });
    expect(rows.find((row) => row.id === world.demo.id)).toMatchObject({ is_demo: true, is_provider: false });
    expect(rows.find((row) => row.id === world.provider.id)).toMatchObject({
      is_demo: false,
      is_provider: true,
    });
  });

  it('is for staff only', async () => {
    expectOk(await as.superAdmin.get('/companies'));
    for (const client of [as.clientAdmin, as.clientMember, as.demoUser])
      expectError(await client.get('/companies'), 'forbidden');
    expectError(await as.anonymous.get('/companies'), 'unauthenticated');
  });
});

describe('GET /companies/{id}', () => {
  it('answers the own company with contracts, bundles, latest contract, admin and consultant', async () => {
    const { t, world } = ctx;
    const demoUser = await buildUser(t.db, { role: 'demo', companyId: world.demo.id });
    // Signed in while still a demo user: the token carries over to the new company.
    const newAdmin = apiClient(t.app, await signIn(t.app, demoUser.email));
    const created = await createCompany({ admin_id: demoUser.id, months: 12 });

    const company = companySchema.parse(expectOk(await newAdmin.get(`/companies/${created.id}`)));
    expect(company).toEqual(created);
    expect(company).toMatchObject({
      name: created.name,
      address: 'Keizersgracht 1',
      postal_code: '1015 CJ',
      city: 'Amsterdam',
      country_id: netherlandsId,
      country: { name: 'Netherlands' },
      admin_id: demoUser.id,
      admin: { id: demoUser.id, email: demoUser.email, role: 'company_admin', company_id: created.id },
      consultant_id: world.staff.id,
      consultant: { id: world.staff.id },
      business_developer_id: world.superAdmin.id,
      business_developer: { id: world.superAdmin.id },
      licence_analysis: false,
      licence_research: false,
      is_demo: false,
    });
    expect(company.contracts).toHaveLength(1);
    expect(company.contract).toEqual(company.contracts[0]);
  });

  it('lists the contracts with bundles and picks the one that ends last as contract', async () => {
    const { world } = ctx;
    const company = companySchema.parse(expectOk(await as.clientMember.get(`/companies/${world.client.id}`)));
    expect(company.contracts).toHaveLength(1);
    const [contract] = company.contracts;
    expect(contract).toMatchObject({
      company_id: world.client.id,
      is_active: true,
      available_tests: { essential: 2, professional: 3 },
    });
    expect(contract?.bundles.map((bundle) => [bundle.test_type, bundle.tests, bundle.requested])).toEqual([
      ['essential', 2, 0],
      ['professional', 3, 0],
    ]);
    expect(company.contract?.id).toBe(contract?.id);
  });

  it('refuses other companies to client users and answers 404 for unknown ones', async () => {
    const { world } = ctx;
    expectError(await as.clientAdmin.get(`/companies/${world.other.id}`), 'not_found');
    expectError(await as.demoUser.get(`/companies/${world.client.id}`), 'not_found');
    expect(expectOk(await as.staff.get(`/companies/${world.other.id}`)).id).toBe(world.other.id);
    expectError(await as.staff.get('/companies/999999'), 'not_found');
  });
});

describe('GET /companies/{id}/contracts', () => {
  it('answers the contracts of the own company, and of any company to staff', async () => {
    const { world } = ctx;
    const contracts = contractSchema
      .array()
      .parse(expectOk(await as.clientAdmin.get(`/companies/${world.client.id}/contracts`)));
    expect(contracts.map((contract) => contract.company_id)).toEqual([world.client.id]);
    expect(expectOk(await as.staff.get(`/companies/${world.other.id}/contracts`))).toHaveLength(1);
    expectError(await as.clientAdmin.get(`/companies/${world.other.id}/contracts`), 'not_found');
  });
});

describe('POST /companies', () => {
  it('creates a company with a new admin by e-mail, who gets an invitation', async () => {
    const { t } = ctx;
    const response = await as.staff.post('/companies', companyBody({ admin_email: 'New.Boss@Example.test' }));
    const answer = createCompanyAnswer.parse(expectOk(response, 201));
    expect(answer.status).toBe('created');
    expect(answer.data.admin).toMatchObject({
      email: 'new.boss@example.test',
      role: 'company_admin',
      company_id: answer.data.id,
      confirmed: false,
    });
    expect(answer.data).toMatchObject({ contracts: [], contract: null });
    const link = lastLinkTo(t.dataDir, 'new.boss@example.test');
    expect(`${link.origin}${link.pathname}`).toBe('http://limbus.test/verify');
    expect(companySchema.parse(expectOk(await as.staff.get(`/companies/${answer.data.id}`)))).toEqual(
      answer.data,
    );
  });

  it('moves a demo user chosen as admin into the new company as its Admin', async () => {
    const { t, world } = ctx;
    for (const choice of ['admin_id', 'admin_email'] as const) {
      const demoUser = await buildUser(t.db, { role: 'demo', companyId: world.demo.id });
      const company = await createCompany({ [choice]: choice === 'admin_id' ? demoUser.id : demoUser.email });
      expect(company.admin_id).toBe(demoUser.id);
      const admin = expectOk(await as.staff.get(`/users/${demoUser.id}`));
      expect(admin).toMatchObject({ role: 'company_admin', company_id: company.id, confirmed: true });
      expect(mailCountTo(demoUser.email)).toBe(0);
    }
  });

  it('adds a contract from today for the chosen number of months', async () => {
    const { t } = ctx;
    const today = toIsoDate(t.clock.now);
    const company = await createCompany({ admin_email: 'months.admin@example.test', months: 3 });
    expect(company.contracts).toHaveLength(1);
    expect(company.contract).toMatchObject({
      start_date: today,
      end_date: addMonths(today, 3),
      endDate: addMonths(today, 3),
      is_active: true,
      bundles: [],
      available_tests: { essential: 0, professional: 0 },
    });
  });

  it('answers 409 keyed name when the name is taken in any case, and creates nothing', async () => {
    const { world } = ctx;
    const before = await companyNames();
    const response = await as.staff.post(
      '/companies',
      companyBody({
        name: world.client.name.toUpperCase(),
        admin_email: 'name.taken@example.test',
        months: 1,
      }),
    );
    expectError(response, 'conflict', { name: MESSAGES.companyNameTaken });
    expect(await companyNames()).toEqual(before);
    expect(await userEmails()).not.toContain('name.taken@example.test');
    expect(mailCountTo('name.taken@example.test')).toBe(0);
  });

  it('answers 409 keyed admin when the admin already belongs to another company, and changes nothing', async () => {
    const { world } = ctx;
    const before = await companyNames();
    for (const admin of [{ admin_id: world.otherAdmin.id }, { admin_email: world.clientMember.email }]) {
      expectError(await as.staff.post('/companies', companyBody(admin)), 'conflict', {
        admin: MESSAGES.adminTaken,
      });
    }
    expect(await companyNames()).toEqual(before);
    expect(expectOk(await as.staff.get(`/users/${world.otherAdmin.id}`))).toMatchObject({
      role: 'company_admin',
      company_id: world.other.id,
    });
  });

  it.each([
    ['no admin', () => ({}), 'admin'],
    [
      'both an admin and a new admin e-mail',
      (w: World) => ({ admin_id: w.demoUser.id, admin_email: 'both@example.test' }),
      'admin',
    ],
    ['an unknown admin', () => ({ admin_id: 999999 }), 'admin'],
    ['an unknown country', () => ({ admin_email: 'x1@example.test', country_id: 999999 }), 'country_id'],
    [
      'a consultant who is not staff',
      (w: World) => ({ admin_email: 'x2@example.test', consultant_id: w.clientMember.id }),
      'consultant_id',
    ],
    [
      'an unknown account manager',
      () => ({ admin_email: 'x3@example.test', business_developer_id: 999999 }),
      'business_developer_id',
    ],
    ['an empty name', () => ({ admin_email: 'x4@example.test', name: ' ' }), 'name'],
    ['a malformed admin e-mail', () => ({ admin_email: 'not-an-email' }), 'admin_email'],
  ])('answers 400 keyed by field for %s, and creates nothing', async (_case, fieldsOf, field) => {
    const before = await companyNames();
    const response = await as.staff.post('/companies', companyBody(fieldsOf(ctx.world)));
    expectError(response, 'validation', { [field]: expect.any(String) });
    expect(await companyNames()).toEqual(before);
  });

  it('is for staff only', async () => {
    const { world } = ctx;
    const response = await as.clientAdmin.post('/companies', companyBody({ admin_id: world.demoUser.id }));
    expectError(response, 'forbidden');
    expect(expectOk(await as.staff.get(`/users/${world.demoUser.id}`)).role).toBe('demo');
  });
});

describe('DELETE /companies/{id}', () => {
  it('removes the company with its users, contracts and tests', async () => {
    const { t } = ctx;
    const company = await buildCompany(t.db);
    await buildContract(t.db, company.id);
    const user = await buildUser(t.db, { role: 'company_admin', companyId: company.id });
    const userClient = apiClient(t.app, await signIn(t.app, user.email));
    const test = await buildTest(t.db, company.id);

    expect((await as.staff.delete(`/companies/${company.id}`)).statusCode).toBe(204);
    expectError(await as.staff.get(`/companies/${company.id}`), 'not_found');
    expectError(await as.staff.get(`/users/${user.id}`), 'not_found');
    expect(await companyNames()).not.toContain(company.name);
    const tests = expectOk<{ id: number }[]>(await as.staff.get('/tests'));
    expect(tests.map((row) => row.id)).not.toContain(test.id);
    expectError(await userClient.get('/users/me'), 'unauthenticated');
  });

  it('refuses the demo company, the provider company and the own company with 409', async () => {
    const { t, world } = ctx;
    const staffCompany = await buildCompany(t.db, { licenceAnalysis: true });
    const staffUser = await buildUser(t.db, { role: 'company_admin', companyId: staffCompany.id });
    const staffClient = apiClient(t.app, await signIn(t.app, staffUser.email));
    expectError(await as.superAdmin.delete(`/companies/${world.demo.id}`), 'conflict');
    expectError(await as.superAdmin.delete(`/companies/${world.provider.id}`), 'conflict');
    expectError(await staffClient.delete(`/companies/${staffCompany.id}`), 'conflict');
    for (const id of [world.demo.id, world.provider.id, staffCompany.id])
      expectOk(await as.superAdmin.get(`/companies/${id}`));
  });

  it('is for staff only and answers 404 for an unknown company', async () => {
    const { world } = ctx;
    expectError(await as.clientAdmin.delete(`/companies/${world.client.id}`), 'forbidden');
    expectOk(await as.clientAdmin.get(`/companies/${world.client.id}`));
    expectError(await as.staff.delete('/companies/999999'), 'not_found');
  });
});

describe('GET /countries', () => {
  it('lists the ISO countries by name to signed-in users', async () => {
    const countries = countryListAnswer.parse(expectOk(await as.demoUser.get('/countries')));
    expect(countries.length).toBeGreaterThan(200);
    expect(countries).toContainEqual({ id: netherlandsId, code: 'NL', name: 'Netherlands' });
    // Sorted by the database's collation; these names sort alike in every one.
    const position = (name: string) => countries.findIndex((country) => country.name === name);
    expect(position('Afghanistan')).toBe(0);
    expect(position('Belgium')).toBeLessThan(position('Netherlands'));
    expect(position('Netherlands')).toBeLessThan(position('Zimbabwe'));
    expectError(await as.anonymous.get('/countries'), 'unauthenticated');
  });
});
