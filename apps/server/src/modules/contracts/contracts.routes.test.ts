import { bundleSchema, type Contract, contractSchema } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildCompany } from '../../../test/factories.js';
import { bundles } from '../../db/schema.js';
import { addMonths, toIsoDate } from './contract-rules.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
let today: string;

beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
  today = toIsoDate(ctx.t.clock.now);
});

const addDays = (isoDate: string, days: number) =>
  toIsoDate(new Date(new Date(`${isoDate}T00:00:00Z`).getTime() + days * 24 * 60 * 60 * 1000));

/** The contracts of a company as staff reads them: the follow-up read after a change. */
async function contractsOf(companyId: number): Promise<Contract[]> {
  return contractSchema.array().parse(expectOk(await as.staff.get(`/companies/${companyId}/contracts`)));
}

async function contractOf(companyId: number, id: number): Promise<Contract | undefined> {
  return (await contractsOf(companyId)).find((contract) => contract.id === id);
}

/** A new company with one contract made through the API. */
async function companyWithContract(dates = { start_date: '2026-01-01', end_date: '2026-12-31' }) {
  const company = await buildCompany(ctx.t.db);
  const contract = contractSchema.parse(
    expectOk(await as.staff.post('/contracts', { company_id: company.id, ...dates, comments: 'first' }), 201),
  );
  return { company, contract };
}

async function addBundle(contractId: number, testType: 'essential' | 'professional', tests: number) {
  const body = { test_type: testType, tests, comments: `${tests} ${testType}`, contract_id: contractId };
  return bundleSchema.parse(expectOk(await as.staff.post('/bundles', body), 201));
}

describe('POST /contracts', () => {
  it('creates a contract with dates and comments', async () => {
    const company = await buildCompany(ctx.t.db);
    const body = {
      company_id: company.id,
      start_date: '2026-03-01',
      end_date: '2027-03-01',
      comments: 'Yearly',
    };
    const contract = contractSchema.parse(expectOk(await as.staff.post('/contracts', body), 201));
    expect(contract).toEqual({
      id: expect.any(Number),
      company_id: company.id,
      start_date: '2026-03-01',
      end_date: '2027-03-01',
      endDate: '2027-03-01',
      is_active: '2026-03-01' <= today && today < '2027-03-01',
      comments: 'Yearly',
      available_tests: { essential: 0, professional: 0 },
      bundles: [],
    });
    expect(await contractsOf(company.id)).toEqual([contract]);
  });

  it('creates a contract from today for a number of months', async () => {
    const company = await buildCompany(ctx.t.db);
    const contract = expectOk(
      await as.superAdmin.post('/contracts', { company_id: company.id, months: 6 }),
      201,
    );
    expect(contract).toMatchObject({
      start_date: today,
      end_date: addMonths(today, 6),
      is_active: true,
      comments: '',
    });
  });

  it.each([
    ['a start after the end', { start_date: '2026-06-01', end_date: '2026-05-01' }, 'end_date'],
    ['a start equal to the end', { start_date: '2026-06-01', end_date: '2026-06-01' }, 'end_date'],
    ['both dates and months', { start_date: '2026-06-01', end_date: '2026-12-01', months: 3 }, 'months'],
    ['only a start date', { start_date: '2026-06-01' }, 'end_date'],
    ['neither dates nor months', {}, 'end_date'],
    ['a date that does not exist', { start_date: '2026-02-30', end_date: '2026-12-01' }, 'start_date'],
    ['zero months', { months: 0 }, 'months'],
  ])('answers 400 for %s and creates nothing', async (_case, fields, field) => {
    const company = await buildCompany(ctx.t.db);
    const response = await as.staff.post('/contracts', { company_id: company.id, ...fields });
    expectError(response, 'validation', { [field]: expect.any(String) });
    expect(await contractsOf(company.id)).toEqual([]);
  });

  it('answers 400 keyed company_id for an unknown company', async () => {
    expectError(await as.staff.post('/contracts', { company_id: 999999, months: 1 }), 'validation', {
      company_id: expect.any(String),
    });
  });
});

describe('is_active', () => {
  it('is derived from the dates: start ≤ today < end', async () => {
    const cases = [
      { start_date: today, end_date: addDays(today, 1), is_active: true },
      { start_date: addDays(today, -30), end_date: today, is_active: false },
      { start_date: addDays(today, 1), end_date: addDays(today, 30), is_active: false },
      { start_date: addDays(today, -400), end_date: addDays(today, -35), is_active: false },
    ];
    for (const { is_active, ...dates } of cases) {
      const { company, contract } = await companyWithContract(dates);
      expect(contract.is_active, JSON.stringify(dates)).toBe(is_active);
      expect((await contractOf(company.id, contract.id))?.is_active).toBe(is_active);
    }
  });
});

describe('PATCH and PUT /contracts/{id}', () => {
  it('accepts the whole contract as the client sends it back and changes only dates and comments', async () => {
    const { world } = ctx;
    const { company, contract } = await companyWithContract();
    await addBundle(contract.id, 'essential', 2);
    const sentBack = { ...(await contractOf(company.id, contract.id)) };
    const response = await as.staff.patch(`/contracts/${contract.id}`, {
      ...sentBack,
      start_date: '2026-02-01',
      end_date: '2027-01-31',
      endDate: '2030-01-01',
      comments: 'Changed',
      is_active: false,
      company_id: world.other.id,
      available_tests: { essential: 99, professional: 99 },
    });
    const changed = contractSchema.parse(expectOk(response));
    expect(changed).toEqual({
      ...sentBack,
      start_date: '2026-02-01',
      end_date: '2027-01-31',
      endDate: '2027-01-31',
      comments: 'Changed',
      is_active: '2026-02-01' <= today && today < '2027-01-31',
    });
    expect(await contractOf(company.id, contract.id)).toEqual(changed);
    expect(await contractsOf(world.other.id)).not.toContainEqual(
      expect.objectContaining({ id: contract.id }),
    );
  });

  it('changes one field with PUT too', async () => {
    const { company, contract } = await companyWithContract();
    expect(
      expectOk(await as.staff.put(`/contracts/${contract.id}`, { comments: 'Only this' })),
    ).toMatchObject({
      comments: 'Only this',
      start_date: contract.start_date,
      end_date: contract.end_date,
    });
    expect((await contractOf(company.id, contract.id))?.comments).toBe('Only this');
  });

  it('refuses a start that is not before the end, also against the stored date, and changes nothing', async () => {
    const { company, contract } = await companyWithContract();
    const bodies = [
      { start_date: '2026-06-01', end_date: '2026-06-01' },
      { end_date: '2025-12-31' },
      { start_date: '2027-01-01' },
    ];
    for (const body of bodies) {
      expectError(await as.staff.patch(`/contracts/${contract.id}`, body), 'validation', {
        end_date: expect.any(String),
      });
    }
    expect(await contractOf(company.id, contract.id)).toEqual(contract);
  });

  it('answers 404 for an unknown contract', async () => {
    expectError(await as.staff.patch('/contracts/999999', { comments: 'x' }), 'not_found');
  });
});

describe('POST /contracts/{id}/renew', () => {
  it('moves the end date forward by months from the current end date, clamping to the end of the month', async () => {
    const { company, contract } = await companyWithContract({
      start_date: '2026-01-01',
      end_date: '2026-01-31',
    });
    const once = contractSchema.parse(
      expectOk(await as.staff.post(`/contracts/${contract.id}/renew`, { months: 1 })),
    );
    expect(once).toMatchObject({ start_date: '2026-01-01', end_date: '2026-02-28', endDate: '2026-02-28' });
    const twice = expectOk(await as.staff.post(`/contracts/${contract.id}/renew`, { months: 12 }));
    expect(twice).toMatchObject({ start_date: '2026-01-01', end_date: '2027-02-28' });
    expect((await contractOf(company.id, contract.id))?.end_date).toBe('2027-02-28');
  });

  it('refuses a bad number of months and unknown contracts', async () => {
    const { company, contract } = await companyWithContract();
    for (const months of [0, -1, 1.5, '3']) {
      expectError(await as.staff.post(`/contracts/${contract.id}/renew`, { months }), 'validation', {
        months: expect.any(String),
      });
    }
    expect((await contractOf(company.id, contract.id))?.end_date).toBe(contract.end_date);
    expectError(await as.staff.post('/contracts/999999/renew', { months: 1 }), 'not_found');
  });
});

describe('bundles', () => {
  it('add tests of one type to a contract; available tests are tests minus requested per type', async () => {
    const { t } = ctx;
    const { company, contract } = await companyWithContract();
    const essential = await addBundle(contract.id, 'essential', 5);
    expect(essential).toEqual({
      id: expect.any(Number),
      test_type: 'essential',
      tests: 5,
      requested: 0,
      comments: '5 essential',
      contract_id: contract.id,
      created_at: expect.any(Number),
    });
    const professional = await addBundle(contract.id, 'professional', 3);
    await addBundle(contract.id, 'professional', 2);
    await t.db.update(bundles).set({ requested: 2 }).where(eq(bundles.id, essential.id));
    await t.db.update(bundles).set({ requested: 3 }).where(eq(bundles.id, professional.id));

    const stored = await contractOf(company.id, contract.id);
    expect(stored?.available_tests).toEqual({ essential: 3, professional: 2 });
    expect(stored?.bundles.map((bundle) => [bundle.test_type, bundle.tests, bundle.requested])).toEqual([
      ['essential', 5, 2],
      ['professional', 3, 3],
      ['professional', 2, 0],
    ]);
  });

  it('are removed with DELETE /bundles/{id}', async () => {
    const { company, contract } = await companyWithContract();
    const kept = await addBundle(contract.id, 'essential', 4);
    const removed = await addBundle(contract.id, 'essential', 6);
    expect((await as.staff.delete(`/bundles/${removed.id}`)).statusCode).toBe(204);
    const stored = await contractOf(company.id, contract.id);
    expect(stored?.bundles.map((bundle) => bundle.id)).toEqual([kept.id]);
    expect(stored?.available_tests).toEqual({ essential: 4, professional: 0 });
    expectError(await as.staff.delete(`/bundles/${removed.id}`), 'not_found');
  });

  it.each([
    ['an unknown contract', { contract_id: 999999 }, 'contract_id'],
    ['zero tests', { tests: 0 }, 'tests'],
    ['an unknown test type', { test_type: 'premium' }, 'test_type'],
  ])('answer 400 for %s and add nothing', async (_case, fields, field) => {
    const { company, contract } = await companyWithContract();
    const body = { test_type: 'essential', tests: 1, contract_id: contract.id, ...fields };
    expectError(await as.staff.post('/bundles', body), 'validation', { [field]: expect.any(String) });
    expect((await contractOf(company.id, contract.id))?.bundles).toEqual([]);
  });
});

describe('access', () => {
  it('is for staff only: client users get 403 and nothing changes', async () => {
    const { world } = ctx;
    const { company, contract } = await companyWithContract();
    const bundle = await addBundle(contract.id, 'professional', 1);
    for (const client of [as.clientAdmin, as.clientMember, as.demoUser]) {
      expectError(await client.post('/contracts', { company_id: world.client.id, months: 12 }), 'forbidden');
      expectError(await client.patch(`/contracts/${contract.id}`, { comments: 'mine' }), 'forbidden');
      expectError(await client.put(`/contracts/${contract.id}`, { comments: 'mine' }), 'forbidden');
      expectError(await client.post(`/contracts/${contract.id}/renew`, { months: 12 }), 'forbidden');
      expectError(
        await client.post('/bundles', { test_type: 'essential', tests: 9, contract_id: contract.id }),
        'forbidden',
      );
      expectError(await client.delete(`/bundles/${bundle.id}`), 'forbidden');
    }
    expectError(
      await as.anonymous.post('/contracts', { company_id: world.client.id, months: 12 }),
      'unauthenticated',
    );
    expect(await contractsOf(world.client.id)).toHaveLength(1);
    expect(await contractOf(company.id, contract.id)).toMatchObject({
      comments: 'first',
      end_date: contract.end_date,
      bundles: [bundle],
    });
  });
});
