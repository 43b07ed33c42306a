import type { InputCase } from '../../../test/bad-input-matrix.js';
import { freshEmail } from '../../../test/bad-input-world.js';
import type { TestApp } from '../../../test/create-test-app.js';
import { buildUser, PASSWORD, signIn } from '../../../test/factories.js';
import {
  anyoneOk,
  freshEmail as freshPolicyEmail,
  GET_AND_HEAD,
  type RouteCases,
} from '../../../test/route-policy-matrix.js';
import { newOpaqueToken } from '../../auth/opaque-tokens.js';
import { insertToken } from './auth-tokens.repository.js';

/**
 * A live token of a new demo user: a confirmation (`isInvited`: the user has no password yet)
 * or a password reset.
 */
export async function liveToken(
  t: TestApp,
  demoCompanyId: number,
  kind: 'confirmation' | 'reset',
  { isInvited = false } = {},
): Promise<string> {
  const user = await buildUser(t.db, {
    role: 'demo',
    companyId: demoCompanyId,
    confirmed: kind === 'reset',
    ...(isInvited ? { password: null } : {}),
  });
  const token = newOpaqueToken();
  await insertToken(t.db, {
    userId: user.id,
    kind,
    tokenHash: token.hash,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return token.token;
}

/** Accounts: public; what they need comes from the body, the query or the refresh cookie. */
export const authPolicyCases: RouteCases = {
  'POST /api/v1/tokens': {
    access: 'public',
    targets: ['none'],
    request: (ctx) => ({ url: '/api/v1/tokens', payload: { email: ctx.account.email, password: PASSWORD } }),
    expect: anyoneOk,
  },
  'DELETE /api/v1/tokens': {
    access: 'public',
    targets: ['none'],
    request: () => ({ url: '/api/v1/tokens' }),
    expect: anyoneOk,
  },
  'POST /api/v1/refresh_token': {
    access: 'public',
    targets: ['none'],
    request: async (ctx) => ({
      url: '/api/v1/refresh_token',
      cookies: { limbus_refresh: (await signIn(ctx.t.app, ctx.account.email)).refreshCookie },
    }),
    expect: anyoneOk,
  },
  'POST /api/v1/signup': {
    access: 'public',
    targets: ['none'],
    request: () => ({
      url: '/api/v1/signup',
      payload: {
        email: freshPolicyEmail(),
        password: 'secret1',
        profile: { first_name: 'New', last_name: 'Person' },
      },
    }),
    expect: anyoneOk,
  },
  'POST /api/v1/confirmation': {
    access: 'public',
    targets: ['none'],
    request: async (ctx) => ({
      url: `/api/v1/confirmation?confirmation_token=${await liveToken(ctx.t, ctx.world.demo.id, 'confirmation')}`,
      payload: {},
    }),
    expect: anyoneOk,
  },
  ...GET_AND_HEAD('/api/v1/password_reset', {
    access: 'public',
    targets: ['none'],
    request: (ctx) => ({ url: `/api/v1/password_reset?email=${encodeURIComponent(ctx.account.email)}` }),
    expect: anyoneOk,
  }),
  'POST /api/v1/password_reset': {
    access: 'public',
    targets: ['none'],
    request: async (ctx) => ({
      url: `/api/v1/password_reset?reset_password_token=${await liveToken(ctx.t, ctx.world.demo.id, 'reset')}`,
      payload: { password: 'new-secret' },
    }),
    expect: anyoneOk,
  },
};

export const authInputCases: InputCase[] = [
  {
    key: 'POST /api/v1/tokens',
    isPublic: true,
    parts: ['body'],
    // An address without an account: even a valid request changes nothing.
    sample: () => ({ body: { email: 'nobody@example.test', password: 'some-password' } }),
  },
  {
    key: 'POST /api/v1/signup',
    isPublic: true,
    parts: ['body'],
    sample: () => ({
      body: {
        email: freshEmail(),
        password: 'secret1',
        password2: 'secret1',
        profile: { first_name: 'New', last_name: 'Person', newsletter: true },
      },
    }),
  },
  {
    key: 'POST /api/v1/confirmation',
    isPublic: true,
    parts: ['body', 'querystring'],
    sample: async (w) => ({
      query: {
        confirmation_token: await liveToken(w.t, w.world.demo.id, 'confirmation', { isInvited: true }),
      },
      body: {
        password: 'secret1',
        profile: { first_name: 'Invited', last_name: 'Person', newsletter: false },
      },
    }),
  },
  {
    key: 'GET /api/v1/password_reset',
    isPublic: true,
    parts: ['querystring'],
    sample: () => ({ query: { email: 'nobody@example.test' } }),
  },
  {
    key: 'POST /api/v1/password_reset',
    isPublic: true,
    parts: ['body', 'querystring'],
    sample: async (w) => ({
      query: { reset_password_token: await liveToken(w.t, w.world.demo.id, 'reset') },
      body: { password: 'new-secret' },
    }),
  },
];
