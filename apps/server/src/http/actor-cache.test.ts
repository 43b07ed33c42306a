import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/change-notices.js';
import { createTestApp, type TestApp } from '../../test/create-test-app.js';
import { buildCompany, buildContract, buildUser, signIn } from '../../test/factories.js';
import { type ChangeListener, createChangeListener } from '../db/change-listener.js';
import { users } from '../db/schema.js';
import { updateProfile, updateUserRow } from '../modules/users/users.repository.js';
import { loadSignedInUser } from '../modules/users/users.service.js';
import { createActorCache } from './actor-cache.js';

let t: TestApp;
let changes: ChangeListener;
beforeAll(async () => {
  t = await createTestApp();
  changes = await createChangeListener(t.db);
}, 120_000);
afterAll(async () => {
  await changes.close();
  await t.close();
});

let companies = 0;
async function signedInMember(app: TestApp) {
  const company = await buildCompany(app.db, { name: `Cached Co ${++companies}` });
  await buildContract(app.db, company.id);
  const user = await buildUser(app.db, { role: 'company_admin', companyId: company.id });
  const session = await signIn(app.app, user.email);
  return { company, user, session };
}

const getMe = (app: TestApp, authorization: string) =>
  app.app.inject({ url: '/api/v1/users/me', headers: { authorization } });

describe('the actor cache', { timeout: 60_000 }, () => {
  it('keeps an actor between requests: a change that announces nothing is not seen before the time to live', async () => {
    const { user } = await signedInMember(t);
    let now = 0;
    const cache = createActorCache(
      (userId) => loadSignedInUser(t, userId),
      changes,
      () => now,
    );
    try {
      expect((await cache.get(user.id))?.actor.role).toBe('company_admin');
      // a write the triggers do not see (they are off), as a lost notice would be
      await t.db.execute(sql`ALTER TABLE users DISABLE TRIGGER users_actor_changed`);
      await t.db.update(users).set({ role: 'company_member' }).where(eq(users.id, user.id));
      await t.db.execute(sql`ALTER TABLE users ENABLE TRIGGER users_actor_changed`);
      expect((await cache.get(user.id))?.actor.role).toBe('company_admin');
      now += 5_001;
      expect((await cache.get(user.id))?.actor.role).toBe('company_member');
    } finally {
      cache.close();
    }
  });

  it('forgets an actor that the database says changed, whoever wrote it (another process)', async () => {
    const app = t;
    const { user, session } = await signedInMember(app);
    expect((await getMe(app, session.authorization)).statusCode).toBe(200);
    // straight to the database, as another API process's sign-out would write it
    await app.db.execute(sql`UPDATE users SET token_version = token_version + 1 WHERE id = ${user.id}`);
    expect(await eventually(async () => (await getMe(app, session.authorization)).statusCode === 401)).toBe(
      true,
    );
  });

  it('sees a role change of this process on the very next request', async () => {
    const { user, session } = await signedInMember(t);
    expect((await getMe(t, session.authorization)).json().role).toBe('company_admin');
    await updateUserRow(t.db, user.id, { role: 'company_member' });
    expect((await getMe(t, session.authorization)).json().role).toBe('company_member');
  });

  it('answers GET /users/me with a name or e-mail another process changed, once the database says so', async () => {
    const { user, session } = await signedInMember(t);
    expect((await getMe(t, session.authorization)).statusCode).toBe(200);
    await t.db.execute(sql`UPDATE profiles SET first_name = 'Renamed' WHERE user_id = ${user.id}`);
    await t.db.execute(
      sql`UPDATE users SET email = ${`moved-${user.id}@example.test`} WHERE id = ${user.id}`,
    );
    expect(
      await eventually(async () => {
        const me = (await getMe(t, session.authorization)).json();
        return me.profile?.first_name === 'Renamed' && me.email === `moved-${user.id}@example.test`;
      }),
    ).toBe(true);
  });

  it('sees a profile change of this process on the very next request', async () => {
    const { user, session } = await signedInMember(t);
    expect((await getMe(t, session.authorization)).statusCode).toBe(200);
    await updateProfile(t.db, user.id, { lastName: 'Newname' });
    expect((await getMe(t, session.authorization)).json().profile?.last_name).toBe('Newname');
  });

  it('forgets the users of a company whose licences change', async () => {
    const app = t;
    const { company, user } = await signedInMember(app);
    const cache = createActorCache((userId) => loadSignedInUser(app, userId), changes);
    try {
      expect((await cache.get(user.id))?.actor.company?.licenceAnalysis).toBe(false);
      await app.db.execute(sql`UPDATE companies SET licence_analysis = true WHERE id = ${company.id}`);
      expect(
        await eventually(async () => (await cache.get(user.id))?.actor.company?.licenceAnalysis === true),
      ).toBe(true);
    } finally {
      cache.close();
    }
  });
});
