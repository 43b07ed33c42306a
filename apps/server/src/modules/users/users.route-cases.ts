import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import { freshEmail } from '../../../test/bad-input-world.js';
import { buildUser } from '../../../test/factories.js';
import {
  type Ctx,
  companyOf,
  freshEmail as freshPolicyEmail,
  GET_AND_HEAD,
  memberRole,
  type RouteCase,
  type RouteCases,
  readsOwnCompany,
  signedInRoute,
  staffOnly,
} from '../../../test/route-policy-matrix.js';

/** `self`: the actor (a client admin for anonymous); `own`/`other`: a new member of that company. */
async function userOf(ctx: Ctx): Promise<number> {
  if (ctx.target === 'self') return (ctx.actor ?? ctx.world.clientAdmin).id;
  const company = companyOf(ctx);
  return (await buildUser(ctx.t.db, { role: memberRole(company), companyId: company.id })).id;
}

export const usersPolicyCases: RouteCases = {
  ...GET_AND_HEAD('/api/v1/users', {
    access: 'staff',
    targets: ['none'],
    request: () => ({ url: '/api/v1/users' }),
    expect: staffOnly,
  }),
  ...GET_AND_HEAD(
    '/api/v1/users/me',
    signedInRoute(() => ({ url: '/api/v1/users/me' })),
  ),
  ...GET_AND_HEAD('/api/v1/users/:id', {
    access: 'user',
    targets: ['self', 'own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/users/${await userOf(ctx)}` }),
    expect: {
      anonymous: { self: 401, own: 401, other: 401 },
      superAdmin: { self: 'ok', own: 'ok', other: 'ok' },
      staff: { self: 'ok', own: 'ok', other: 'ok' },
      clientAdmin: { self: 'ok', own: 'ok', other: 404 },
      clientMember: { self: 'ok', own: 'ok', other: 404 },
      otherAdmin: { self: 'ok', own: 'ok', other: 404 },
      // Demo users are strangers who signed up: they do not see each other (404, as for a missing one).
      demoUser: { self: 'ok', own: 404, other: 404 },
    },
  }),
  'POST /api/v1/users': {
    access: 'user',
    targets: ['own', 'other'],
    request: (ctx) => ({
      url: '/api/v1/users',
      payload: {
        email: freshPolicyEmail(),
        role: memberRole(companyOf(ctx)),
        company_id: companyOf(ctx).id,
      },
    }),
    expect: {
      anonymous: { own: 401, other: 401 },
      superAdmin: { own: 'ok', other: 'ok' },
      staff: { own: 'ok', other: 'ok' },
      // Into another company: that company is not found (a missing one alike).
      clientAdmin: { own: 'ok', other: 404 },
      clientMember: { own: 403, other: 404 },
      otherAdmin: { own: 'ok', other: 404 },
      demoUser: { own: 403, other: 404 },
    },
  },
  ...Object.fromEntries(
    (['PATCH', 'PUT'] as const).map((method) => [
      `${method} /api/v1/users/:id`,
      {
        access: 'user',
        targets: ['self', 'own', 'other'],
        request: async (ctx) => ({
          url: `/api/v1/users/${await userOf(ctx)}`,
          payload: { profile: { first_name: 'Changed' } },
        }),
        expect: {
          anonymous: { self: 401, own: 401, other: 401 },
          superAdmin: { self: 'ok', own: 'ok', other: 'ok' },
          staff: { self: 'ok', own: 'ok', other: 'ok' },
          clientAdmin: { self: 'ok', own: 'ok', other: 404 },
          clientMember: { self: 'ok', own: 403, other: 404 },
          otherAdmin: { self: 'ok', own: 'ok', other: 404 },
          demoUser: { self: 'ok', own: 404, other: 404 },
        },
      } satisfies RouteCase,
    ]),
  ),
  'DELETE /api/v1/users/:id': {
    access: 'user',
    targets: ['self', 'own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/users/${await userOf(ctx)}` }),
    expect: {
      anonymous: { self: 401, own: 401, other: 401 },
      superAdmin: { self: 403, own: 'ok', other: 'ok' },
      staff: { self: 403, own: 'ok', other: 'ok' },
      clientAdmin: { self: 403, own: 'ok', other: 404 },
      clientMember: { self: 403, own: 403, other: 404 },
      otherAdmin: { self: 403, own: 'ok', other: 404 },
      demoUser: { self: 403, own: 404, other: 404 },
    },
  },
  ...GET_AND_HEAD('/api/v1/researchers', {
    access: 'researcher',
    targets: ['none'],
    request: () => ({ url: '/api/v1/researchers' }),
    expect: staffOnly,
  }),
  ...GET_AND_HEAD('/api/v1/companies/:id/users/', {
    access: 'user',
    targets: ['own', 'other'],
    request: (ctx) => ({
      url: `/api/v1/companies/${companyOf(ctx).id}/users/?role=company_admin,company_member`,
    }),
    // Demo users are strangers who signed up: they do not see each other.
    expect: { ...readsOwnCompany, demoUser: { own: 403, other: 404 } },
  }),
};

export const usersInputCases: InputCase[] = [
  signedIn('GET /api/v1/users/:id', ['params'], (w) => ({ id: w.world.clientAdmin.id })),
  signedIn('POST /api/v1/users', ['body'], (w) => ({
    body: { email: freshEmail(), role: 'company_member', company_id: w.world.client.id },
  })),
  ...(['PATCH', 'PUT'] as const).map(
    (method): InputCase => ({
      key: `${method} /api/v1/users/:id`,
      isPublic: false,
      parts: ['body', 'params'],
      sample: (w) => ({
        id: w.targetUserId,
        body: {
          email: freshEmail(),
          role: 'company_member',
          company_id: w.world.client.id,
          profile: { first_name: 'Target', last_name: 'User', newsletter: false },
        },
      }),
    }),
  ),
  signedIn('DELETE /api/v1/users/:id', ['params'], (w) => ({ id: w.targetUserId })),
  signedIn('GET /api/v1/companies/:id/users/', ['querystring', 'params'], (w) => ({
    id: w.world.client.id,
    query: { role: 'company_admin,company_member' },
  })),
];
