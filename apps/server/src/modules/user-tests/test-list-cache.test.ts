import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/change-notices.js';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { buildCompany, buildContract, buildTest, buildUser, signIn } from '../../../test/factories.js';
import { type ChangeListener, createChangeListener } from '../../db/change-listener.js';
import { tests } from '../../db/schema.js';
import { updateProfile } from '../users/users.repository.js';
import { createTestListCache } from './test-list-cache.js';
import { deleteTestRow, insertTestRow, updateTestRow } from './user-tests.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

let companies = 0;
async function companyWithAdmin() {
  const company = await buildCompany(t.db, { name: `Listed Co ${++companies}` });
  await buildContract(t.db, company.id);
  const admin = await buildUser(t.db, { role: 'company_admin', companyId: company.id });
  const session = await signIn(t.app, admin.email);
  const names = async () =>
    (
      (
        await t.app.inject({ url: '/api/v1/tests', headers: { authorization: session.authorization } })
      ).json() as {
        name: string;
      }[]
    ).map((test) => test.name);
  return { company, admin, names };
}

/** Resolves when the listener has heard that a test of the company changed. */
function noticeOfTestsOf(changes: ChangeListener, companyId: number): Promise<void> {
  return new Promise((resolve) => {
    const stop = changes.subscribe({
      onChange(change) {
        if (change && 'testsOfCompanyId' in change && change.testsOfCompanyId === companyId) {
          stop();
          resolve();
        }
      },
      onListening() {},
    });
  });
}

describe('the cached test list of GET /tests', { timeout: 60_000 }, () => {
  it('is kept between requests: a change that nothing announces is not seen', async () => {
    // A cache of its own, to read only after the insert's notice has come: a notice that comes
    // during a read keeps nothing (on PostgreSQL it comes a little after the commit).
    const changes = await createChangeListener(t.db);
    const cache = createTestListCache(t.db, changes);
    try {
      const company = await buildCompany(t.db, { name: `Listed Co ${++companies}` });
      const names = async () => (await cache.get(company.id)).map((test) => test.name);
      const heard = noticeOfTestsOf(changes, company.id);
      await buildTest(t.db, company.id, { name: 'Before' });
      await heard;
      expect(await names()).toEqual(['Before']);
      // a write the trigger does not see (it is off), as a lost notice would be
      await t.db.execute(sql`ALTER TABLE tests DISABLE TRIGGER tests_list_changed`);
      await t.db.update(tests).set({ name: 'Unseen' }).where(eq(tests.companyId, company.id));
      await t.db.execute(sql`ALTER TABLE tests ENABLE TRIGGER tests_list_changed`);
      expect(await names()).toEqual(['Before']);
    } finally {
      cache.close();
      await changes.close();
    }
  });

  it("shows this process's new, changed and removed tests on the very next request", async () => {
    const { company, admin, names } = await companyWithAdmin();
    expect(await names()).toEqual([]);
    const id = await insertTestRow(t.db, { name: 'New', companyId: company.id, requesterId: admin.id });
    expect(await names()).toEqual(['New']);
    await updateTestRow(t.db, id, { name: 'Renamed' });
    expect(await names()).toEqual(['Renamed']);
    await deleteTestRow(t.db, id);
    expect(await names()).toEqual([]);
  });

  it('forgets a company’s list when another process changes one of its tests, and only that list', async () => {
    const first = await companyWithAdmin();
    const second = await companyWithAdmin();
    const test = await buildTest(t.db, first.company.id, { name: 'Theirs' });
    await buildTest(t.db, second.company.id, { name: 'Ours' });
    expect(await first.names()).toEqual(['Theirs']);
    expect(await second.names()).toEqual(['Ours']);
    // straight to the database, as another API process would write it
    await t.db.execute(sql`UPDATE tests SET name = 'Changed elsewhere' WHERE id = ${test.id}`);
    expect(await eventually(async () => (await first.names())[0] === 'Changed elsewhere')).toBe(true);
    expect(await second.names()).toEqual(['Ours']);
  });

  it("shows a requester's new name once the database says the profile changed", async () => {
    const { company, admin } = await companyWithAdmin();
    const session = await signIn(t.app, admin.email);
    await buildTest(t.db, company.id, { name: 'Asked', requesterId: admin.id });
    const requesterName = async () =>
      (
        await t.app.inject({ url: '/api/v1/tests', headers: { authorization: session.authorization } })
      ).json()[0].requester.profile.first_name;
    await requesterName();
    await updateProfile(t.db, admin.id, { firstName: 'Renamed' });
    expect(await requesterName()).toBe('Renamed');
  });

  it('answers the home page the newest few of the same list', async () => {
    const { company, admin } = await companyWithAdmin();
    const session = await signIn(t.app, admin.email);
    for (let index = 0; index < 8; index++)
      await buildTest(t.db, company.id, {
        name: `T${index}`,
        updatedAt: new Date(Date.UTC(2026, 0, index + 1)),
      });
    const home = await t.app.inject({
      url: '/api/v1/tests?homepage=1',
      headers: { authorization: session.authorization },
    });
    const all = await t.app.inject({
      url: '/api/v1/tests',
      headers: { authorization: session.authorization },
    });
    const namesOf = (answer: typeof home) => (answer.json() as { name: string }[]).map((test) => test.name);
    expect(namesOf(all)).toEqual(['T7', 'T6', 'T5', 'T4', 'T3', 'T2', 'T1', 'T0']);
    expect(namesOf(home)).toEqual(namesOf(all).slice(0, namesOf(home).length));
    expect(namesOf(home).length).toBeLessThan(8);
  });
});
