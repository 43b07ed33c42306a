import { hashPassword } from '../auth/passwords.js';
import type { Database, Executor } from '../db/client.js';
import { addMonths, toIsoDate } from '../modules/contracts/contract-rules.js';
import { insertUser } from '../modules/users/users.service.js';
import {
  findCountryId,
  insertBundles,
  insertCompaniesWithIds,
  insertContract,
  insertTests,
  setCompanyStaff,
} from './demo-records.repository.js';
import { insertDemoResources } from './demo-resources.js';
import { markDemoSeedPending } from './demo-seed.repository.js';

export const DEMO_PASSWORD = 'limbus-demo';

/** The demo sign-ins, all with password `limbus-demo` (README lists them too). */
export const DEMO_ACCOUNTS = [
  { email: 'admin@limbus.test', role: 'admin', company: 2, firstName: 'Sanne', lastName: 'de Vries' },
  {
    email: 'researcher@limbus.test',
    role: 'company_admin',
    company: 2,
    firstName: 'Ruben',
    lastName: 'Jansen',
  },
  {
    email: 'client.admin@limbus.test',
    role: 'company_admin',
    company: 3,
    firstName: 'Claire',
    lastName: 'Mendes',
  },
  {
    email: 'client.member@limbus.test',
    role: 'company_member',
    company: 3,
    firstName: 'Milan',
    lastName: 'Bakker',
  },
  {
    email: 'other.admin@limbus.test',
    role: 'company_admin',
    company: 4,
    firstName: 'Olivia',
    lastName: 'Grant',
  },
  {
    email: 'expired.admin@limbus.test',
    role: 'company_admin',
    company: 5,
    firstName: 'Erik',
    lastName: 'Lund',
  },
  { email: 'demo@limbus.test', role: 'demo', company: 1, firstName: 'Dana', lastName: 'Demo' },
] as const;

/** Demo companies, contracts, users and tests, relative to `today` so that contracts stay current. */
export async function seedDemoData(db: Database, today: Date): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const day = toIsoDate(today);
  await db.transaction(async (tx) => {
    await insertCompanies(tx);
    const userIds = new Map<string, number>();
    for (const account of DEMO_ACCOUNTS) {
      const id = await insertUser(tx, {
        ...account,
        companyId: account.company,
        passwordHash,
        confirmedAt: today,
      });
      userIds.set(account.email, id);
    }
    const id = (email: string) => userIds.get(email) ?? null;
    const staff = {
      consultantId: id('researcher@limbus.test'),
      businessDeveloperId: id('admin@limbus.test'),
    };
    const admins: Record<number, string> = {
      2: 'admin@limbus.test',
      3: 'client.admin@limbus.test',
      4: 'other.admin@limbus.test',
      5: 'expired.admin@limbus.test',
    };
    for (const [companyId, email] of Object.entries(admins)) {
      await setCompanyStaff(tx, Number(companyId), { adminId: id(email), ...staff });
    }
    await insertContracts(tx, day);
    await insertOrderedTests(tx, id('client.admin@limbus.test'), id('other.admin@limbus.test'));
    await insertDemoResources(tx, { id: id('admin@limbus.test'), name: 'Sanne de Vries' }, today);
    await markDemoSeedPending(tx);
  });
}

async function insertCompanies(tx: Executor): Promise<void> {
  const countryId = await findCountryId(tx, 'NL');
  const place = (address: string, postalCode: string, city: string) => ({
    address,
    postalCode,
    city,
    countryId,
  });
  await insertCompaniesWithIds(tx, [
    { id: 1, name: 'Demo', isDemo: true, ...place('Demoweg 1', '1000 AA', 'Amsterdam') },
    {
      id: 2,
      name: 'Limbus',
      isProvider: true,
      licenceAnalysis: true,
      licenceResearch: true,
      ...place('Science Park 400', '1098 XH', 'Amsterdam'),
    },
    { id: 3, name: 'Acme Retail', ...place('Damrak 70', '1012 LM', 'Amsterdam') },
    { id: 4, name: 'Globex', ...place('Coolsingel 40', '3011 AD', 'Rotterdam') },
    { id: 5, name: 'Initech', ...place('Stationsplein 12', '3511 ED', 'Utrecht') },
  ]);
}

async function insertContracts(tx: Executor, today: string): Promise<void> {
  const contract = (companyId: number, startDate: string, endDate: string, comments: string) =>
    insertContract(tx, { companyId, startDate, endDate, comments });
  const acme = await contract(3, addMonths(today, -3), addMonths(today, 9), 'Annual research subscription');
  const globex = await contract(4, addMonths(today, -1), addMonths(today, 5), 'Pilot');
  const initech = await contract(5, addMonths(today, -13), addMonths(today, -1), 'Ended pilot');
  await insertBundles(tx, [
    { contractId: acme, testType: 'essential', tests: 5, requested: 0, comments: 'Starter pack' },
    { contractId: acme, testType: 'professional', tests: 3, requested: 1, comments: 'Deep-dive studies' },
    { contractId: globex, testType: 'professional', tests: 2, requested: 0, comments: '' },
    { contractId: initech, testType: 'essential', tests: 2, requested: 2, comments: '' },
  ]);
}

/** The tests the client companies ordered, in their states before any result: requested, draft, in progress. */
async function insertOrderedTests(
  tx: Executor,
  acmeAdmin: number | null,
  globexAdmin: number | null,
): Promise<void> {
  await insertTests(tx, [
    {
      name: 'Checkout flow redesign',
      purpose: 'Find where shoppers hesitate between basket and payment.',
      testType: 'professional',
      platform: 'desktop',
      state: 'requested',
      companyId: 3,
      requesterId: acmeAdmin,
      url: 'https://shop.acme.test/basket',
      scenario: 'Buy a pair of running shoes in your size and pay with iDEAL.',
      stopMoment: 'The order confirmation page',
      focusElements: ['Delivery options', 'Discount code field'],
    },
    {
      name: 'Product page on mobile',
      purpose: 'Learn whether the size guide is found and understood.',
      testType: 'essential',
      platform: 'mobile',
      state: 'draft',
      companyId: 3,
      requesterId: acmeAdmin,
      url: 'https://m.acme.test/p/runner-2',
    },
    {
      name: 'Spring campaign video',
      purpose: 'Which scenes hold attention and which frustrate.',
      testType: 'professional',
      platform: 'video',
      state: 'in-progress',
      companyId: 3,
      requesterId: acmeAdmin,
      brandName: 'Acme',
    },
    {
      name: 'Onboarding wizard',
      purpose: 'Measure frustration during account setup.',
      testType: 'professional',
      platform: 'desktop',
      state: 'draft',
      companyId: 4,
      requesterId: globexAdmin,
      url: 'https://app.globex.test/start',
    },
  ]);
}
