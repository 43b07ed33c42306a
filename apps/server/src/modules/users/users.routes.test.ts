import { MESSAGES, type Role, type User, userListAnswer, userSchema } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  apiClient,
  expectError,
  expectOk,
  lastLinkTo,
  signInWorld,
  useWorld,
} from '../../../test/api.js';
import { lastMailTo, readOutbox } from '../../../test/create-test-app.js';
import { buildCompany, buildUser, signIn } from '../../../test/factories.js';
import { companies } from '../../db/schema.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;

beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

let addressCount = 0;
const newAddress = () => `invitee${++addressCount}@example.test`;

/** A fresh user of a company, so that a test may change or remove it. */
const buildMember = (companyId: number, role: Role = 'company_member') =>
  buildUser(ctx.t.db, { role, companyId });

/** The user as staff sees it now: the follow-up read that shows what a call changed (or not). */
async function currentUser(id: number): Promise<User> {
  return userSchema.parse(expectOk(await as.superAdmin.get(`/users/${id}`)));
}

async function signedInAs(email: string): Promise<ApiClient> {
  return apiClient(ctx.t.app, await signIn(ctx.t.app, email));
}

const mailCountTo = (address: string) =>
  readOutbox(ctx.t.dataDir).filter((mail) => mail.to.includes(address)).length;

describe('GET /users', () => {
  it('lists every user with their company for staff and Super Admins', async () => {
    const { world } = ctx;
    for (const client of [as.staff, as.superAdmin]) {
      const users = userListAnswer.parse(expectOk(await client.get('/users')));
      const ids = users.map((user) => user.id);
      expect(ids).toEqual(
        expect.arrayContaining([world.clientAdmin.id, world.otherAdmin.id, world.demoUser.id]),
      );
      expect(users.find((user) => user.id === world.clientMember.id)).toMatchObject({
        company: { id: world.client.id, name: world.client.name },
      });
      expect(JSON.stringify(users)).not.toContain('argon2');
    }
  });

  it('is refused to client users and to anonymous callers', async () => {
    for (const client of [as.clientAdmin, as.clientMember, as.demoUser])
      expectError(await client.get('/users'), 'forbidden');
    expectError(await as.anonymous.get('/users'), 'unauthenticated');
  });
});

describe('GET /users/me', () => {
  it('answers the signed-in user', async () => {
    const { world } = ctx;
    expect(userSchema.parse(expectOk(await as.clientMember.get('/users/me')))).toMatchObject({
      id: world.clientMember.id,
      email: world.clientMember.email,
      role: 'company_member',
      company_id: world.client.id,
      confirmed: true,
    });
    expect(expectOk(await as.demoUser.get('/users/me')).role).toBe('demo');
    expectError(await as.anonymous.get('/users/me'), 'unauthenticated');
  });
});

describe('GET /users/{id}', () => {
  it('lets users read themselves, their colleagues, and staff read anyone', async () => {
    const { world } = ctx;
    expect(expectOk(await as.clientMember.get(`/users/${world.clientMember.id}`)).id).toBe(
      world.clientMember.id,
    );
    expect(expectOk(await as.clientMember.get(`/users/${world.clientAdmin.id}`)).id).toBe(
      world.clientAdmin.id,
    );
    expect(expectOk(await as.staff.get(`/users/${world.otherAdmin.id}`)).id).toBe(world.otherAdmin.id);
  });

  it('refuses users of another company', async () => {
    const { world } = ctx;
    expectError(await as.otherAdmin.get(`/users/${world.clientMember.id}`), 'not_found');
    expectError(await as.clientMember.get(`/users/${world.staff.id}`), 'not_found');
  });

  it('does not let demo users read the other people who signed up', async () => {
    const { world } = ctx;
    const stranger = await buildMember(world.demo.id, 'demo');
    expectError(await as.demoUser.get(`/users/${stranger.id}`), 'not_found');
  });

  it('answers 404 for an unknown user', async () => {
    expectError(await as.staff.get('/users/999999'), 'not_found');
  });
});

describe('POST /users', () => {
  it('lets staff invite a user into any company, with an invitation mail', async () => {
    const { t, world } = ctx;
    const email = newAddress();
    const response = await as.staff.post('/users', {
      email: email.toUpperCase(),
      role: 'company_admin',
      company_id: world.other.id,
    });
    const user = userSchema.parse(expectOk(response, 201));
    expect(user).toMatchObject({
      email,
      role: 'company_admin',
      company_id: world.other.id,
      confirmed: false,
      last_login: 0,
    });
    expect(lastMailTo(t.dataDir, email).subject).toBe(`You are invited to ${world.other.name} on Limbus`);
    const link = lastLinkTo(t.dataDir, email);
    expect(`${link.origin}${link.pathname}`).toBe('http://limbus.test/verify');
    expect(link.searchParams.get('confirmation_token')).toMatch(/^[\w-]{40,}$/);
    expect((await currentUser(user.id)).email).toBe(email);
  });

  it('lets a company admin invite Admins and Members into its own company', async () => {
    const { t, world } = ctx;
    for (const role of ['company_member', 'company_admin'] as const) {
      const email = newAddress();
      const user = expectOk(
        await as.clientAdmin.post('/users', { email, role, company_id: world.client.id }),
        201,
      );
      expect(user).toMatchObject({ role, company_id: world.client.id });
      expect(lastLinkTo(t.dataDir, email).pathname).toBe('/verify');
    }
  });

  it.each([
    ['into another company', { role: 'company_member', company: 'other' }],
    ['as Super Admin', { role: 'admin', company: 'client' }],
    ['as demo user', { role: 'demo', company: 'client' }],
  ] as const)(
    'refuses a company admin inviting %s, and creates nothing',
    async (_case, { role, company }) => {
      const { world } = ctx;
      const email = newAddress();
      const response = await as.clientAdmin.post('/users', { email, role, company_id: world[company].id });
      // Another company is not found, as a missing one is (issue 28, finding 7).
      expectError(response, company === 'other' ? 'not_found' : 'forbidden');
      expect(mailCountTo(email)).toBe(0);
      const users = userListAnswer.parse(expectOk(await as.staff.get('/users')));
      expect(users.map((user) => user.email)).not.toContain(email);
    },
  );

  it('refuses members and demo users', async () => {
    const { world } = ctx;
    const body = { email: newAddress(), role: 'company_member', company_id: world.client.id };
    expectError(await as.clientMember.post('/users', body), 'forbidden');
    expectError(
      await as.demoUser.post('/users', { ...body, role: 'demo', company_id: world.demo.id }),
      'forbidden',
    );
    expectError(await as.anonymous.post('/users', body), 'unauthenticated');
  });

  it('answers 409 keyed email when the address has an account', async () => {
    const { world } = ctx;
    const response = await as.clientAdmin.post('/users', {
      email: world.otherAdmin.email.toUpperCase(),
      role: 'company_member',
      company_id: world.client.id,
    });
    expectError(response, 'conflict', { email: expect.any(String) });
    expect((await currentUser(world.otherAdmin.id)).company_id).toBe(world.other.id);
  });

  it('lets only a Super Admin create a Super Admin', async () => {
    const { world } = ctx;
    const body = { role: 'admin', company_id: world.provider.id };
    expectError(await as.staff.post('/users', { ...body, email: newAddress() }), 'forbidden');
    expect(expectOk(await as.superAdmin.post('/users', { ...body, email: newAddress() }), 201).role).toBe(
      'admin',
    );
  });

  it('keeps the demo company and the role demo together', async () => {
    const { world } = ctx;
    const memberOfDemo = await as.staff.post('/users', {
      email: newAddress(),
      role: 'company_member',
      company_id: world.demo.id,
    });
    expectError(memberOfDemo, 'validation', { role: expect.any(String) });
    const demoElsewhere = await as.staff.post('/users', {
      email: newAddress(),
      role: 'demo',
      company_id: world.client.id,
    });
    expectError(demoElsewhere, 'validation', { role: expect.any(String) });
    const demo = await as.staff.post('/users', {
      email: newAddress(),
      role: 'demo',
      company_id: world.demo.id,
    });
    expect(expectOk(demo, 201)).toMatchObject({ role: 'demo', company_id: world.demo.id });
  });

  it('refuses an unknown company and bad fields', async () => {
    expectError(
      await as.staff.post('/users', { email: newAddress(), role: 'company_member', company_id: 999999 }),
      'validation',
      {
        company_id: expect.any(String),
      },
    );
    expectError(
      await as.staff.post('/users', { email: 'nope', role: 'boss', company_id: 1, extra: true }),
      'validation',
      {
        email: MESSAGES.invalidEmail,
        role: expect.any(String),
        extra: 'This field is not allowed',
      },
    );
  });
});

describe('PATCH and PUT /users/{id}', () => {
  it('lets members change their own names, also sending back their unchanged e-mail and role', async () => {
    const { world } = ctx;
    const member = await buildMember(world.client.id);
    const client = await signedInAs(member.email);
    const patched = await client.patch(`/users/${member.id}`, {
      email: member.email,
      role: 'company_member',
      profile: { first_name: 'Mia', last_name: 'Member' },
    });
    expect(expectOk(patched).profile).toMatchObject({ first_name: 'Mia', last_name: 'Member' });
    expectOk(await client.put(`/users/${member.id}`, { profile: { first_name: 'Mira' } }));
    expect((await currentUser(member.id)).profile).toMatchObject({ first_name: 'Mira', last_name: 'Member' });
  });

  it('keeps the language a user reads participants’ words in: a known ISO 639-1 code, or none (issue 26)', async () => {
    const member = await buildMember(ctx.world.client.id);
    const client = await signedInAs(member.email);
    // Until chosen, the browser decides: the account says none.
    expect(expectOk<User>(await client.get('/users/me')).profile.language).toBe('');
    const chosen = await client.patch(`/users/${member.id}`, { profile: { language: 'nl' } });
    expect(expectOk(chosen).profile).toMatchObject({ language: 'nl' });
    expect((await currentUser(member.id)).profile.language).toBe('nl');
    for (const unknown of ['xx', 'Dutch', 'nl-NL', 'EN', ' en']) {
      expectError(
        await client.patch(`/users/${member.id}`, { profile: { language: unknown } }),
        'validation',
        {
          language: 'Choose a language from the list',
        },
      );
    }
    expect((await currentUser(member.id)).profile.language).toBe('nl');
    expectOk(await client.patch(`/users/${member.id}`, { profile: { language: '' } }));
    expect((await currentUser(member.id)).profile.language).toBe('');
  });

  it('stops naming a company admin as the admin of a company they left or no longer administer', async () => {
    const { world } = ctx;
    const company = await buildCompany(ctx.t.db);
    const admin = await buildMember(company.id, 'company_admin');
    await ctx.t.db.update(companies).set({ adminId: admin.id }).where(eq(companies.id, company.id));
    expect(expectOk(await as.superAdmin.get(`/companies/${company.id}`)).admin_id).toBe(admin.id);
    expectOk(await as.superAdmin.patch(`/users/${admin.id}`, { company_id: world.other.id }));
    expect(expectOk(await as.superAdmin.get(`/companies/${company.id}`)).admin_id).toBeNull();
  });

  it('refuses members changing their own role or the names of others, and changes nothing', async () => {
    const { world } = ctx;
    const member = await buildMember(world.client.id);
    const client = await signedInAs(member.email);
    expectError(await client.patch(`/users/${member.id}`, { role: 'company_admin' }), 'forbidden');
    expectError(
      await client.patch(`/users/${world.clientAdmin.id}`, { profile: { first_name: 'Hacked' } }),
      'forbidden',
    );
    expect((await currentUser(member.id)).role).toBe('company_member');
    expect((await currentUser(world.clientAdmin.id)).profile.first_name).not.toBe('Hacked');
  });

  it('lets a company admin change the names and the role (Admin, Member) of its members', async () => {
    const { world } = ctx;
    const member = await buildMember(world.client.id);
    const promoted = await as.clientAdmin.patch(`/users/${member.id}`, {
      role: 'company_admin',
      profile: { first_name: 'Ada', last_name: 'Admin' },
    });
    expect(expectOk(promoted)).toMatchObject({
      role: 'company_admin',
      profile: { first_name: 'Ada', last_name: 'Admin' },
    });
    expect(expectOk(await as.clientAdmin.put(`/users/${member.id}`, { role: 'company_member' })).role).toBe(
      'company_member',
    );
    expect((await currentUser(member.id)).role).toBe('company_member');
  });

  it.each([
    ['grant Super Admin', { role: 'admin' }],
    ['make a demo user', { role: 'demo' }],
    ['move a member to another company', { company_id: 'other' }],
    ['change an e-mail address', { email: 'changed@example.test' }],
  ] as const)('refuses a company admin trying to %s', async (_case, change) => {
    const { world } = ctx;
    const member = await buildMember(world.client.id);
    const body = 'company_id' in change ? { company_id: world.other.id } : change;
    // Another company is not found, as a missing one is (issue 28, finding 7).
    expectError(
      await as.clientAdmin.patch(`/users/${member.id}`, body),
      'company_id' in change ? 'not_found' : 'forbidden',
    );
    expect(await currentUser(member.id)).toMatchObject({
      role: 'company_member',
      company_id: world.client.id,
      email: member.email,
    });
  });

  it('refuses a company admin changing users of another company, or its own role', async () => {
    const { world } = ctx;
    expectError(
      await as.clientAdmin.patch(`/users/${world.otherAdmin.id}`, { profile: { first_name: 'X' } }),
      'not_found',
    );
    expectError(
      await as.clientAdmin.patch(`/users/${world.clientAdmin.id}`, { role: 'company_member' }),
      'forbidden',
    );
    expect((await currentUser(world.clientAdmin.id)).role).toBe('company_admin');
  });

  it('lets staff change e-mail, company and role, with 409 keyed email for a taken address', async () => {
    const { world } = ctx;
    const member = await buildMember(world.client.id);
    const email = newAddress();
    const changed = await as.staff.patch(`/users/${member.id}`, {
      email,
      company_id: world.other.id,
      role: 'company_admin',
    });
    expect(expectOk(changed)).toMatchObject({ email, company_id: world.other.id, role: 'company_admin' });
    expectError(await as.staff.put(`/users/${member.id}`, { email: world.clientAdmin.email }), 'conflict', {
      email: expect.any(String),
    });
    expect((await currentUser(member.id)).email).toBe(email);
  });

  it('lets only a Super Admin grant or change Super Admin', async () => {
    const { world } = ctx;
    const member = await buildMember(world.provider.id);
    expectError(await as.staff.patch(`/users/${member.id}`, { role: 'admin' }), 'forbidden');
    expectError(
      await as.staff.patch(`/users/${world.superAdmin.id}`, { profile: { first_name: 'X' } }),
      'forbidden',
    );
    expect(expectOk(await as.superAdmin.patch(`/users/${member.id}`, { role: 'admin' })).role).toBe('admin');
    expectError(await as.staff.patch(`/users/${member.id}`, { role: 'company_member' }), 'forbidden');
    expect((await currentUser(member.id)).role).toBe('admin');
  });

  it('keeps the demo company and the role demo together both ways', async () => {
    const { world } = ctx;
    const member = await buildMember(world.client.id);
    expectError(await as.staff.patch(`/users/${member.id}`, { company_id: world.demo.id }), 'validation', {
      role: expect.any(String),
    });
    expectError(await as.staff.patch(`/users/${member.id}`, { role: 'demo' }), 'validation', {
      role: expect.any(String),
    });
    expect(await currentUser(member.id)).toMatchObject({
      role: 'company_member',
      company_id: world.client.id,
    });

    const demoted = await as.staff.patch(`/users/${member.id}`, { role: 'demo', company_id: world.demo.id });
    expect(expectOk(demoted)).toMatchObject({ role: 'demo', company_id: world.demo.id });
    expectError(await as.staff.patch(`/users/${member.id}`, { company_id: world.client.id }), 'validation', {
      role: expect.any(String),
    });
  });

  it('refuses empty names and unknown users', async () => {
    const { world } = ctx;
    expectError(
      await as.clientMember.patch(`/users/${world.clientMember.id}`, { profile: { first_name: ' ' } }),
      'validation',
      {
        first_name: MESSAGES.required,
      },
    );
    expectError(await as.staff.patch('/users/999999', { profile: { first_name: 'X' } }), 'not_found');
  });
});

describe('DELETE /users/{id}', () => {
  it('lets a company admin remove a member of its own company; the member can no longer call', async () => {
    const { world } = ctx;
    const member = await buildMember(world.client.id);
    const memberClient = await signedInAs(member.email);
    const response = await as.clientAdmin.delete(`/users/${member.id}`);
    expect(response.statusCode).toBe(204);
    expectError(await as.staff.get(`/users/${member.id}`), 'not_found');
    expectError(await memberClient.get('/users/me'), 'unauthenticated');
  });

  it('refuses removing yourself, for everyone', async () => {
    const { world } = ctx;
    expectError(await as.clientAdmin.delete(`/users/${world.clientAdmin.id}`), 'forbidden');
    expectError(await as.superAdmin.delete(`/users/${world.superAdmin.id}`), 'forbidden');
    expectOk(await as.clientAdmin.get('/users/me'));
  });

  it('refuses company admins outside their company, members, and staff removing a Super Admin', async () => {
    const { world } = ctx;
    const colleague = await buildMember(world.client.id);
    expectError(await as.otherAdmin.delete(`/users/${colleague.id}`), 'not_found');
    expectError(await as.clientMember.delete(`/users/${colleague.id}`), 'forbidden');
    expectError(await as.staff.delete(`/users/${world.superAdmin.id}`), 'forbidden');
    await currentUser(colleague.id);
    await currentUser(world.superAdmin.id);
  });

  it('lets staff remove users of any company, and answers 404 for unknown ones', async () => {
    const { world } = ctx;
    const member = await buildMember(world.other.id);
    expect((await as.staff.delete(`/users/${member.id}`)).statusCode).toBe(204);
    expectError(await as.staff.delete(`/users/${member.id}`), 'not_found');
  });
});

describe('GET /companies/{id}/users/', () => {
  it('lists the users of the own company filtered by role', async () => {
    const { world } = ctx;
    const users = userListAnswer.parse(
      expectOk(
        await as.clientMember.get(`/companies/${world.client.id}/users/?role=company_admin,company_member`),
      ),
    );
    expect(users.length).toBeGreaterThanOrEqual(2);
    expect(users.every((user) => user.company_id === world.client.id)).toBe(true);
    expect(users.map((user) => user.id)).toEqual(
      expect.arrayContaining([world.clientAdmin.id, world.clientMember.id]),
    );

    const admins = userListAnswer.parse(
      expectOk(await as.clientAdmin.get(`/companies/${world.client.id}/users?role=company_admin`)),
    );
    expect(admins.length).toBeGreaterThan(0);
    expect(admins.every((user) => user.role === 'company_admin' && user.company_id === world.client.id)).toBe(
      true,
    );
  });

  it('lists every user of a company without a role filter, for staff too', async () => {
    const { world } = ctx;
    const users = userListAnswer.parse(
      expectOk(await as.staff.get(`/companies/${world.provider.id}/users/`)),
    );
    expect(users.map((user) => user.id)).toEqual(
      expect.arrayContaining([world.superAdmin.id, world.staff.id]),
    );
  });

  it('refuses an unknown role and other companies', async () => {
    const { world } = ctx;
    expectError(
      await as.clientAdmin.get(`/companies/${world.client.id}/users/?role=company_admin,boss`),
      'validation',
    );
    expectError(
      await as.otherAdmin.get(`/companies/${world.client.id}/users/?role=company_admin`),
      'not_found',
    );
  });

  it('does not list the people who signed up to a demo user', async () => {
    const { world } = ctx;
    expectError(await as.demoUser.get(`/companies/${world.demo.id}/users/`), 'forbidden');
  });
});
