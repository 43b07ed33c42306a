import { MESSAGES, refreshAnswer, tokenAnswer, userSchema } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  apiClient,
  expectError,
  expectOk,
  lastLinkTo,
  refreshCookieOf,
  useWorld,
} from '../../../test/api.js';
import { createTestApp, lastMailTo, readOutbox, TEST_JWT_SECRET } from '../../../test/create-test-app.js';
import {
  buildCompany,
  buildContract,
  buildUser,
  buildWorld,
  PASSWORD,
  signIn,
} from '../../../test/factories.js';
import { addMonths, toIsoDate } from '../contracts/contract-rules.js';
import { REFRESH_GRACE_MS } from './auth.service.js';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const postTokens = (app: FastifyInstance, email: string, password = PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/v1/tokens', payload: { email, password } });

const refresh = (app: FastifyInstance, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/refresh_token',
    cookies: cookie ? { limbus_refresh: cookie } : {},
  });

const getMe = (app: FastifyInstance, authorization: string) =>
  app.inject({ url: '/api/v1/users/me', headers: { authorization } });

const signUp = (app: FastifyInstance, overrides: Record<string, unknown> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/signup',
    payload: {
      email: 'new.person@example.test',
      password: 'secret1',
      password2: 'secret1',
      profile: { first_name: 'New', last_name: 'Person', newsletter: true },
      ...overrides,
    },
  });

const confirm = (app: FastifyInstance, token: string | null, payload: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url: `/api/v1/confirmation?confirmation_token=${token}`, payload });

const requestReset = (app: FastifyInstance, email: string) =>
  app.inject({ url: `/api/v1/password_reset?email=${encodeURIComponent(email)}` });

const resetPassword = (app: FastifyInstance, token: string | null, password: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/password_reset?reset_password_token=${token}`,
    payload: { password },
  });

const mailsTo = (dataDir: string, address: string) =>
  readOutbox(dataDir).filter((mail) => mail.to.includes(address));
const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Signs up an address and returns its activation token. */
async function signUpAndGetToken(
  app: FastifyInstance,
  dataDir: string,
  email: string,
): Promise<string | null> {
  expectOk(await signUp(app, { email }), 201);
  return lastLinkTo(dataDir, email).searchParams.get('confirmation_token');
}

const ctx = useWorld();

describe('POST /tokens', () => {
  it('signs in with the address in any case, answers the user and sets the refresh cookie', async () => {
    const { t, world } = ctx;
    const response = await postTokens(t.app, world.clientAdmin.email.toUpperCase());
    const body = tokenAnswer.parse(expectOk(response));
    expect(body.user).toMatchObject({
      id: world.clientAdmin.id,
      email: world.clientAdmin.email,
      role: 'company_admin',
      company_id: world.client.id,
      company: {
        id: world.client.id,
        name: world.client.name,
        licence_analysis: false,
        licence_research: false,
      },
      confirmed: true,
    });
    const cookie = response.cookies.find((c) => c.name === 'limbus_refresh');
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/v1',
      maxAge: 30 * 24 * 60 * 60,
    });
    expectOk(await getMe(t.app, `Bearer ${body.access_token}`));
  });

  it('records the time of the sign-in as last_login', async () => {
    const { t, world } = ctx;
    const user = await buildUser(t.db, { role: 'company_member', companyId: world.client.id });
    const staff = apiClient(t.app, await signIn(t.app, world.staff.email));
    expect(expectOk(await staff.get(`/users/${user.id}`)).last_login).toBe(0);

    const body = tokenAnswer.parse(expectOk(await postTokens(t.app, user.email)));
    expect(body.user.last_login).toBe(unixSeconds(t.clock.now));
    expect(expectOk(await staff.get(`/users/${user.id}`)).last_login).toBe(unixSeconds(t.clock.now));
  });

  it('answers an unknown address, a wrong password and a pending invitation identically', async () => {
    const { t, world } = ctx;
    const invited = await buildUser(t.db, {
      role: 'company_member',
      companyId: world.client.id,
      password: null,
      confirmed: false,
    });
    const unknown = await postTokens(t.app, 'nobody@example.test');
    const wrong = await postTokens(t.app, world.clientAdmin.email, 'wrong-password');
    const pendingInvitation = await postTokens(t.app, invited.email, 'anything');
    expectError(unknown, 'unauthenticated', { password: MESSAGES.invalidCredentials });
    for (const response of [wrong, pendingInvitation]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(unknown.json());
      expect(refreshCookieOf(response)).toBeUndefined();
    }
  });

  it('validates the fields', async () => {
    const { t } = ctx;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      payload: { email: 'not-an-email', password: '' },
    });
    expectError(response, 'validation', { email: MESSAGES.invalidEmail, password: MESSAGES.required });
  });

  it('refuses a signed-up account that is not activated yet, on the e-mail field', async () => {
    const { t } = ctx;
    expectOk(await signUp(t.app, { email: 'pending@example.test' }), 201);
    const response = await postTokens(t.app, 'pending@example.test', 'secret1');
    expectError(response, 'unauthenticated', { email: expect.stringContaining('activate') });
    expect(refreshCookieOf(response)).toBeUndefined();
  });

  it('refuses client users of a company without an active contract, with an error keyed contract', async () => {
    const { t } = ctx;
    const today = toIsoDate(t.clock.now);
    const withoutContract = await buildCompany(t.db);
    const expired = await buildCompany(t.db);
    await buildContract(t.db, expired.id, { startDate: addMonths(today, -12), endDate: today });
    const notStarted = await buildCompany(t.db);
    await buildContract(t.db, notStarted.id, {
      startDate: addMonths(today, 1),
      endDate: addMonths(today, 13),
    });
    const users = [
      await buildUser(t.db, { role: 'company_admin', companyId: withoutContract.id }),
      await buildUser(t.db, { role: 'company_member', companyId: expired.id }),
      await buildUser(t.db, { role: 'company_admin', companyId: expired.id }),
      await buildUser(t.db, { role: 'company_member', companyId: notStarted.id }),
    ];
    for (const user of users) {
      const response = await postTokens(t.app, user.email);
      expectError(response, 'forbidden', { contract: MESSAGES.noActiveContract });
      expect(refreshCookieOf(response)).toBeUndefined();
    }
  });

  it('lets Super Admins, provider staff and demo users in without a contract', async () => {
    const { t, world } = ctx;
    const researchOnly = await buildCompany(t.db, { licenceResearch: true });
    const exempt = [
      world.superAdmin,
      world.staff,
      world.demoUser,
      await buildUser(t.db, { role: 'admin', companyId: null }),
      await buildUser(t.db, { role: 'company_member', companyId: world.provider.id }),
      await buildUser(t.db, { role: 'company_member', companyId: researchOnly.id }),
    ];
    for (const user of exempt) expectOk(await postTokens(t.app, user.email));
  });
});

describe('access tokens', () => {
  it('are refused when missing, malformed or signed with another key', async () => {
    const { t } = ctx;
    const forged =
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwiaXNzIjoibGltYnVzIn0.2Jq2Xo3s7VZ3iY3lq3H0xv8gDq3m2iQy8vX1yq8gk3s';
    expectError(await t.app.inject({ url: '/api/v1/users/me' }), 'unauthenticated');
    expectError(await getMe(t.app, 'Bearer not-a-token'), 'unauthenticated');
    expectError(await getMe(t.app, `Bearer ${forged}`), 'unauthenticated');
  });
});

describe('access tokens end', () => {
  const signed = async (claims: Record<string, unknown>, exp?: number) => {
    const token = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setIssuer('limbus');
    if (exp !== undefined) token.setExpirationTime(exp);
    return token.sign(new TextEncoder().encode(TEST_JWT_SECRET));
  };

  it('is required: a token of the right key without exp is refused', async () => {
    const { t, world } = ctx;
    const sub = String(world.clientAdmin.id);
    const inAMinute = Math.floor(t.clock.now.getTime() / 1000) + 60;
    expectError(await getMe(t.app, `Bearer ${await signed({ sub })}`), 'unauthenticated');
    const withExp = await getMe(t.app, `Bearer ${await signed({ sub, ver: 0 }, inAMinute)}`);
    expect(withExp.statusCode, withExp.body).toBe(200);
  });

  it('at sign-out, at once: the access token of the session stops working', async () => {
    const { t, world } = ctx;
    const session = await signIn(t.app, world.clientMember.email);
    expectOk(await getMe(t.app, session.authorization));
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/tokens',
      cookies: { limbus_refresh: session.refreshCookie },
    });
    expect(out.statusCode).toBe(204);
    expectError(await getMe(t.app, session.authorization), 'unauthenticated');
    expectOk(await getMe(t.app, (await signIn(t.app, world.clientMember.email)).authorization));
  });

  it('at a password reset, at once', async () => {
    const { t } = ctx;
    const user = await buildUser(t.db, { role: 'company_member', companyId: ctx.world.client.id });
    const session = await signIn(t.app, user.email);
    expectOk(await getMe(t.app, session.authorization));
    expectOk(await requestReset(t.app, user.email));
    const token = lastLinkTo(t.dataDir, user.email).searchParams.get('token');
    expectOk(await resetPassword(t.app, token, 'a-new-secret-1'));
    expectError(await getMe(t.app, session.authorization), 'unauthenticated');
  });
});

describe('the refresh cookie', () => {
  it('is refused from another site (Origin), at refresh and at sign-out', async () => {
    const { t, world } = ctx;
    const session = await signIn(t.app, world.clientAdmin.email);
    const from = (origin: string, method: 'POST' | 'DELETE', url: string) =>
      t.app.inject({ method, url, headers: { origin }, cookies: { limbus_refresh: session.refreshCookie } });
    expectError(await from('https://evil.test', 'DELETE', '/api/v1/tokens'), 'forbidden');
    expectError(await from('https://evil.test', 'POST', '/api/v1/refresh_token'), 'forbidden');
    expectOk(await from('http://limbus.test', 'POST', '/api/v1/refresh_token'));
  });

  it('is __Host- prefixed and Secure when the site is served over https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://limbus.test' });
    try {
      const world = await buildWorld(secure.db);
      const response = await postTokens(secure.app, world.clientAdmin.email);
      const cookie = response.cookies.find((c) => c.name === '__Host-limbus_refresh');
      expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Strict' });
      expect(cookie?.domain).toBeUndefined();
      const refreshed = await secure.app.inject({
        method: 'POST',
        url: '/api/v1/refresh_token',
        cookies: { '__Host-limbus_refresh': cookie?.value ?? '' },
      });
      expectOk(refreshed);
    } finally {
      await secure.close();
    }
  });
});

describe('refresh tokens', () => {
  it('rotate: the new cookie and access token work, the used cookie does not', async () => {
    const { t, world } = ctx;
    const session = await signIn(t.app, world.clientAdmin.email);
    const response = await refresh(t.app, session.refreshCookie);
    const body = refreshAnswer.parse(expectOk(response));
    const rotated = refreshCookieOf(response);
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(session.refreshCookie);
    expect(userSchema.parse(expectOk(await getMe(t.app, `Bearer ${body.access_token}`))).id).toBe(
      world.clientAdmin.id,
    );
    expectOk(await refresh(t.app, rotated));
  });

  it('revoke the whole family when a rotated cookie is presented again after the grace window, and only that family', async () => {
    const { t, world } = ctx;
    const session = await signIn(t.app, world.clientAdmin.email);
    const otherSession = await signIn(t.app, world.clientAdmin.email);
    const rotation = await refresh(t.app, session.refreshCookie);
    expectOk(rotation);
    const newest = refreshCookieOf(rotation);

    t.clock.advance(REFRESH_GRACE_MS + 1000);
    expectError(await refresh(t.app, session.refreshCookie), 'unauthenticated');
    expectError(await refresh(t.app, newest), 'unauthenticated');
    expectOk(await refresh(t.app, otherSession.refreshCookie));
  });

  it('answer two refreshes with one cookie at once (two tabs) with the same new pair', async () => {
    const { t, world } = ctx;
    const session = await signIn(t.app, world.clientAdmin.email);
    const answers = await Promise.all([
      refresh(t.app, session.refreshCookie),
      refresh(t.app, session.refreshCookie),
    ]);
    const [first, second] = answers.map((answer) => refreshAnswer.parse(expectOk(answer)));
    expect(second?.access_token).toBe(first?.access_token);
    const [cookie1, cookie2] = answers.map(refreshCookieOf);
    expect(cookie2).toBe(cookie1);
    t.clock.advance(REFRESH_GRACE_MS / 2);
    const late = await refresh(t.app, session.refreshCookie);
    expect(refreshAnswer.parse(expectOk(late)).access_token).toBe(first?.access_token);
    const newest = refreshCookieOf(late);
    expectOk(await refresh(t.app, newest));
  });

  it('end the session of a client user whose contract ended after sign-in', async () => {
    const { t } = ctx;
    const company = await buildCompany(t.db);
    const contract = await buildContract(t.db, company.id);
    const user = await buildUser(t.db, { role: 'company_member', companyId: company.id });
    const session = await signIn(t.app, user.email);
    const today = toIsoDate(new Date());
    await apiClient(t.app, await signIn(t.app, ctx.world.superAdmin.email)).patch(
      `/contracts/${contract.id}`,
      {
        end_date: today,
      },
    );
    expectError(await refresh(t.app, session.refreshCookie), 'forbidden', {
      contract: MESSAGES.noActiveContract,
    });
    expectError(await refresh(t.app, session.refreshCookie), 'unauthenticated');
  });

  it('are refused when missing or unknown', async () => {
    const { t } = ctx;
    expectError(await refresh(t.app), 'unauthenticated');
    expectError(await refresh(t.app, 'made-up-token'), 'unauthenticated');
  });

  it('end the session on DELETE /tokens and clear the cookie', async () => {
    const { t, world } = ctx;
    const session = await signIn(t.app, world.clientMember.email);
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/tokens',
      cookies: { limbus_refresh: session.refreshCookie },
    });
    expect(response.statusCode).toBe(204);
    const cleared = response.cookies.find((cookie) => cookie.name === 'limbus_refresh');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    expectError(await refresh(t.app, session.refreshCookie), 'unauthenticated');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/tokens' })).statusCode).toBe(204);
  });
});

describe('POST /signup', () => {
  it('creates a pending demo user and mails an activation link', async () => {
    const { t } = ctx;
    const response = await signUp(t.app, { email: 'Fresh.Person@Example.test' });
    expect(expectOk(response, 201)).toEqual({ message: MESSAGES.signupSent });
    const mail = lastMailTo(t.dataDir, 'fresh.person@example.test');
    expect(mail.subject).toBe('Activate your Limbus account');
    const link = lastLinkTo(t.dataDir, 'fresh.person@example.test');
    expect(`${link.origin}${link.pathname}`).toBe('http://limbus.test/activate');
    expect(link.searchParams.get('confirmation_token')).toMatch(/^[\w-]{40,}$/);
    expectError(await postTokens(t.app, 'fresh.person@example.test', 'secret1'), 'unauthenticated', {
      email: expect.any(String),
    });
  });

  it('answers the same for an address that has an account and mails it that it has one', async () => {
    const { t, world } = ctx;
    const before = mailsTo(t.dataDir, world.clientMember.email).length;
    const response = await signUp(t.app, {
      email: world.clientMember.email.toUpperCase(),
      password: 'other-password',
      password2: 'other-password',
    });
    expect(expectOk(response, 201)).toEqual({ message: MESSAGES.signupSent });
    const mails = mailsTo(t.dataDir, world.clientMember.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.subject).toBe('You already have a Limbus account');
    expect(mails.at(-1)?.text).toContain('already has an account');
    // The account is untouched: the old password still signs in, the new one does not.
    expectOk(await postTokens(t.app, world.clientMember.email));
    expectError(await postTokens(t.app, world.clientMember.email, 'other-password'), 'unauthenticated');
  });

  it.each([
    ['a malformed address', { email: 'no-at-sign' }, 'email', MESSAGES.invalidEmail],
    ['a missing address', { email: '' }, 'email', MESSAGES.required],
    ['a short password', { password: 'five5', password2: 'five5' }, 'password', MESSAGES.passwordTooShort],
    [
      'a password confirmation that differs',
      { password2: 'secret2' },
      'password2',
      MESSAGES.passwordMismatch,
    ],
    [
      'a missing first name',
      { profile: { first_name: '', last_name: 'Person' } },
      'first_name',
      MESSAGES.required,
    ],
    ['a missing last name', { profile: { first_name: 'New' } }, 'last_name', MESSAGES.required],
    ['an unknown field', { role: 'admin' }, 'role', 'This field is not allowed'],
  ])('keys the error of %s by field and creates nothing', async (name, overrides, field, message) => {
    const { t } = ctx;
    const email = `${name.replaceAll(' ', '.')}@example.test`;
    const response = await signUp(t.app, { email, ...overrides });
    expectError(response, 'validation', { [field]: message });
    expect(mailsTo(t.dataDir, email)).toHaveLength(0);
    expectOk(await signUp(t.app, { email }), 201);
    expect(lastMailTo(t.dataDir, email).subject).toBe('Activate your Limbus account');
  });
});

describe('POST /confirmation', () => {
  it('activates a signed-up account once; the user then signs in as a demo user', async () => {
    const { t, world } = ctx;
    const token = await signUpAndGetToken(t.app, t.dataDir, 'activate.me@example.test');
    expect(expectOk(await confirm(t.app, token))).toEqual({ message: MESSAGES.activated });
    expectError(await confirm(t.app, token), 'validation', { confirmation_token: MESSAGES.linkExpired });

    const session = await signIn(t.app, 'activate.me@example.test', 'secret1');
    expect(expectOk(await getMe(t.app, session.authorization))).toMatchObject({
      role: 'demo',
      company_id: world.demo.id,
      confirmed: true,
      profile: { first_name: 'New', last_name: 'Person', newsletter: true },
    });
  });

  it('activates with a POST that has no body at all, but refuses a JSON null', async () => {
    const { t } = ctx;
    const token = await signUpAndGetToken(t.app, t.dataDir, 'no.body@example.test');
    const url = `/api/v1/confirmation?confirmation_token=${token}`;
    const jsonNull = await t.app.inject({
      method: 'POST',
      url,
      payload: 'null',
      headers: { 'content-type': 'application/json' },
    });
    expectError(jsonNull, 'validation');
    expect(expectOk(await t.app.inject({ method: 'POST', url }))).toEqual({ message: MESSAGES.activated });
    expectOk(await postTokens(t.app, 'no.body@example.test', 'secret1'));
  });

  it('refuses an unknown link', async () => {
    const { t } = ctx;
    expectError(await confirm(t.app, 'not-a-real-token'), 'validation', {
      confirmation_token: MESSAGES.linkExpired,
    });
  });

  it('finishes an invitation with password and names, keeping the link alive after a mistake', async () => {
    const { t, world } = ctx;
    const admin = apiClient(t.app, await signIn(t.app, world.clientAdmin.email));
    const invited = expectOk(
      await admin.post('/users', {
        email: 'invited@example.test',
        role: 'company_member',
        company_id: world.client.id,
      }),
      201,
    );
    const link = lastLinkTo(t.dataDir, 'invited@example.test');
    expect(`${link.origin}${link.pathname}`).toBe('http://limbus.test/verify');
    const token = link.searchParams.get('confirmation_token');
    const profile = { first_name: 'Iris', last_name: 'Invited' };

    expectError(await confirm(t.app, token), 'validation', {
      password: MESSAGES.required,
      first_name: MESSAGES.required,
      last_name: MESSAGES.required,
    });
    expectError(await confirm(t.app, token, { password: 'secret1' }), 'validation', {
      first_name: MESSAGES.required,
    });
    expectError(await confirm(t.app, token, { password: 'short', profile }), 'validation', {
      password: MESSAGES.passwordTooShort,
    });
    expectError(
      await confirm(t.app, token, { password: 'secret1', profile: { first_name: '', last_name: 'X' } }),
      'validation',
      {
        first_name: MESSAGES.required,
      },
    );
    expectError(await postTokens(t.app, 'invited@example.test', 'secret1'), 'unauthenticated');

    expect(expectOk(await confirm(t.app, token, { password: 'secret1', profile }))).toEqual({
      message: MESSAGES.activated,
    });
    expectError(await confirm(t.app, token, { password: 'secret2', profile }), 'validation', {
      confirmation_token: MESSAGES.linkExpired,
    });
    const session = await signIn(t.app, 'invited@example.test', 'secret1');
    expect(expectOk(await getMe(t.app, session.authorization))).toMatchObject({
      id: invited.id,
      role: 'company_member',
      company_id: world.client.id,
      confirmed: true,
      profile: { first_name: 'Iris', last_name: 'Invited' },
    });
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown addresses; only the known one gets a reset link', async () => {
    const { t, world } = ctx;
    const known = await requestReset(t.app, world.clientMember.email.toUpperCase());
    const unknown = await requestReset(t.app, 'nobody@example.test');
    expect(expectOk(known)).toEqual({ message: MESSAGES.resetSent });
    expect(expectOk(unknown)).toEqual(known.json());
    const [noAccount, ...more] = mailsTo(t.dataDir, 'nobody@example.test');
    expect(more).toHaveLength(0);
    expect(noAccount?.text).toContain('there is no account with it');
    expect(noAccount?.text).not.toContain('/new-password');
    const link = lastLinkTo(t.dataDir, world.clientMember.email);
    expect(`${link.origin}${link.pathname}`).toBe('http://limbus.test/new-password');
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{40,}$/);
  });

  it('answers 400 with a message for a malformed address', async () => {
    const { t } = ctx;
    const response = await requestReset(t.app, 'not-an-email');
    expectError(response, 'validation');
    expect(response.json().message).toBe(MESSAGES.invalidEmail);
  });

  it('sets the new password once and ends the open sessions', async () => {
    const { t, world } = ctx;
    const user = await buildUser(t.db, { role: 'company_member', companyId: world.client.id });
    const session = await signIn(t.app, user.email);
    expectOk(await getMe(t.app, session.authorization));
    expectOk(await requestReset(t.app, user.email));
    const token = lastLinkTo(t.dataDir, user.email).searchParams.get('token');

    expectError(await resetPassword(t.app, token, 'short'), 'validation', {
      password: MESSAGES.passwordTooShort,
    });
    expectOk(await postTokens(t.app, user.email));

    expect(expectOk(await resetPassword(t.app, token, 'brand-new-secret')).message).toEqual(
      expect.any(String),
    );
    expectError(await postTokens(t.app, user.email), 'unauthenticated', {
      password: MESSAGES.invalidCredentials,
    });
    expectOk(await postTokens(t.app, user.email, 'brand-new-secret'));
    expectError(await refresh(t.app, session.refreshCookie), 'unauthenticated');
    expectError(await resetPassword(t.app, token, 'another-secret'), 'validation', {
      reset_password_token: expect.any(String),
    });
    expectOk(await postTokens(t.app, user.email, 'brand-new-secret'));
  });

  it('refuses an unknown token', async () => {
    const { t } = ctx;
    expectError(await resetPassword(t.app, 'made-up', 'brand-new-secret'), 'validation', {
      reset_password_token: expect.any(String),
    });
  });
});

describe('lifetimes (this suite moves its own clock forward)', () => {
  const ownClock = useWorld();

  it('access tokens work for 15 minutes and are refused after', async () => {
    const { t, world } = ownClock;
    const session = await signIn(t.app, world.clientMember.email);
    t.clock.advance(15 * MINUTE - 1000);
    expectOk(await getMe(t.app, session.authorization));
    t.clock.advance(2000);
    expectError(await getMe(t.app, session.authorization), 'unauthenticated');
  });

  it('refresh tokens expire after 30 days', async () => {
    const { t, world } = ownClock;
    const young = await signIn(t.app, world.clientMember.email);
    const old = await signIn(t.app, world.clientMember.email);
    t.clock.advance(30 * DAY - MINUTE);
    expectOk(await refresh(t.app, young.refreshCookie));
    t.clock.advance(2 * MINUTE);
    expectError(await refresh(t.app, old.refreshCookie), 'unauthenticated');
  });

  it('refuses an activation link after 3 days', async () => {
    const { t } = ownClock;
    const early = await signUpAndGetToken(t.app, t.dataDir, 'early@example.test');
    const late = await signUpAndGetToken(t.app, t.dataDir, 'late@example.test');
    t.clock.advance(3 * DAY - MINUTE);
    expectOk(await confirm(t.app, early));
    t.clock.advance(2 * MINUTE);
    expectError(await confirm(t.app, late), 'validation', { confirmation_token: MESSAGES.linkExpired });
    expectError(await postTokens(t.app, 'late@example.test', 'secret1'), 'unauthenticated');
  });

  it('expires a reset link after 2 hours', async () => {
    const { t, world } = ownClock;
    const early = await buildUser(t.db, { role: 'company_member', companyId: world.client.id });
    const late = await buildUser(t.db, { role: 'company_member', companyId: world.client.id });
    expectOk(await requestReset(t.app, early.email));
    expectOk(await requestReset(t.app, late.email));
    t.clock.advance(2 * HOUR - MINUTE);
    expectOk(
      await resetPassword(
        t.app,
        lastLinkTo(t.dataDir, early.email).searchParams.get('token'),
        'secret-early',
      ),
    );
    t.clock.advance(2 * MINUTE);
    const response = await resetPassword(
      t.app,
      lastLinkTo(t.dataDir, late.email).searchParams.get('token'),
      'secret-late',
    );
    expectError(response, 'validation', { reset_password_token: expect.any(String) });
    expectOk(await postTokens(t.app, late.email));
  });
});

describe('rate limit', () => {
  it('answers 429 to the 4th sign-in within a minute when the limit is 3', async () => {
    const t = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expectError(await postTokens(t.app, 'nobody@example.test', 'wrong-password'), 'unauthenticated');
      }
      const limited = await postTokens(t.app, 'nobody@example.test', 'wrong-password');
      expectError(limited, 'rate_limited');
      expect(limited.json().message).toEqual(expect.any(String));
      // Calls that are not limited still answer.
      expectError(await refresh(t.app), 'unauthenticated');
    } finally {
      await t.close();
    }
  });
});
