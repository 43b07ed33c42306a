/**
 * The route-policy walk (DESIGN §4): every route of /api/v1 × every demo role × own / other
 * company. Each module states, per route, its access and the outcome for each role and target in
 * `<module>.route-cases.ts`; its `<module>.route-policy.test.ts` walks them with
 * `describeRoutePolicy`, and test/route-coverage.test.ts holds the rows of all modules against
 * the app's registered routes, so that a route added, removed or changed without its row fails.
 */
import { type Access, ERROR_STATUS, errorBodySchema } from '@limbus/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { countries } from '../src/db/schema.js';
import type { TestApp } from './create-test-app.js';
import { buildUser, buildWorld, signIn } from './factories.js';
import { sharedPerProcess } from './shared-per-process.js';

type World = Awaited<ReturnType<typeof buildWorld>>;
type Company = World['client'];
type WorldUser = World['clientAdmin'];

export const ROLES = [
  'anonymous',
  'superAdmin',
  'staff',
  'clientAdmin',
  'clientMember',
  'otherAdmin',
  'demoUser',
] as const;
export type RoleName = (typeof ROLES)[number];

/** What the ids of a call point at: nothing, the acting user, the actor's company, another company. */
export type Target = 'none' | 'self' | 'own' | 'other';
/**
 * `ok`: any 2xx; otherwise the exact status (400: past the access check, the input was refused,
 * as a capture of a loopback address is without starting a browser).
 */
export type Outcome = 'ok' | 400 | 401 | 403 | 404 | 409;
export type RoleExpectation = Outcome | Partial<Record<Exclude<Target, 'none'>, Outcome>>;

/** The app and cast the walk runs on, shared by the module files of one test process. */
export type PolicyWorld = {
  t: TestApp;
  world: World;
  /** A confirmed client member whose credentials the sign-in routes use. */
  account: WorldUser;
  countryId: number;
  /** The bearer token of every signed-in role. */
  authorization: ReadonlyMap<RoleName, string>;
};
export type Ctx = PolicyWorld & {
  role: RoleName;
  target: Target;
  actor: WorldUser | null;
  own: Company;
  other: Company;
};
type RequestSpec = {
  url: string;
  payload?: object;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
};
export type RouteCase = {
  access: Access;
  targets: readonly Target[];
  request: (ctx: Ctx) => RequestSpec | Promise<RequestSpec>;
  expect: Record<RoleName, RoleExpectation>;
};
/** A module's rows, keyed `METHOD /path` as the app registers them. */
export type RouteCases = Record<string, RouteCase>;

/** The policy world of this test process, for the enclosing file: read its fields in tests. */
export const usePolicyWorld = sharedPerProcess(async (t): Promise<PolicyWorld> => {
  const world = await buildWorld(t.db);
  const account = await buildUser(t.db, { role: 'company_member', companyId: world.client.id });
  const [country] = await t.db.select({ id: countries.id }).from(countries).limit(1);
  if (!country) throw new Error('no countries seeded');
  const authorization = new Map<RoleName, string>();
  for (const role of ROLES) {
    if (role !== 'anonymous') authorization.set(role, (await signIn(t.app, world[role].email)).authorization);
  }
  return { t, world, account, countryId: country.id, authorization };
});

let sequence = 0;
export const fresh = (label: string) => `${label}-${++sequence}-${Date.now()}`;
export const freshEmail = () => `${fresh('policy')}@example.test`;

// ── the actor's own company and another one ──

/** The actor's own company: provider staff belong to the provider; anonymous borrows the client. */
function ownCompany(world: World, role: RoleName): Company {
  const own: Record<RoleName, Company> = {
    anonymous: world.client,
    superAdmin: world.provider,
    staff: world.provider,
    clientAdmin: world.client,
    clientMember: world.client,
    otherAdmin: world.other,
    demoUser: world.demo,
  };
  return own[role];
}

function otherCompany(world: World, role: RoleName): Company {
  return role === 'otherAdmin' || role === 'superAdmin' || role === 'staff' ? world.client : world.other;
}

export const memberRole = (company: Company) => (company.isDemo ? 'demo' : 'company_member');
export const companyOf = (ctx: Ctx) => (ctx.target === 'other' ? ctx.other : ctx.own);

// ── expectations several modules share ──

/**
 * Reading what belongs to a company (the company, its contracts, its tests and what lies below
 * them): staff every company's, client and demo users their own. Another company's is 404, as a
 * missing one is (issue 28, finding 7: no existence oracle).
 */
export const readsOwnCompany: Record<RoleName, RoleExpectation> = {
  anonymous: { own: 401, other: 401 },
  superAdmin: { own: 'ok', other: 'ok' },
  staff: { own: 'ok', other: 'ok' },
  clientAdmin: { own: 'ok', other: 404 },
  clientMember: { own: 'ok', other: 404 },
  otherAdmin: { own: 'ok', other: 404 },
  demoUser: { own: 'ok', other: 404 },
};

/**
 * What a company's admins and staff use, its members and demo users not: a company's audit trail
 * and retention policy, a participant's access export. Members and demo users see their own
 * company's (403), not another's (404).
 */
export const companyAdminsAndStaff: Record<RoleName, RoleExpectation> = {
  ...readsOwnCompany,
  clientMember: { own: 403, other: 404 },
  demoUser: { own: 403, other: 404 },
};

/**
 * Staff only, whichever company the resource belongs to: the research area on tests and what lies
 * below them, the admin area on contracts and bundles. Refused by the route's access before any
 * resource is read, so a missing one is refused alike (403).
 */
export const staffOnAnyCompany: Record<RoleName, RoleExpectation> = {
  anonymous: { own: 401, other: 401 },
  superAdmin: { own: 'ok', other: 'ok' },
  staff: { own: 'ok', other: 'ok' },
  clientAdmin: { own: 403, other: 403 },
  clientMember: { own: 403, other: 403 },
  otherAdmin: { own: 403, other: 403 },
  demoUser: { own: 403, other: 403 },
};

/** Staff only, nothing of a company. */
export const staffOnly: Record<RoleName, Outcome> = {
  anonymous: 401,
  superAdmin: 'ok',
  staff: 'ok',
  clientAdmin: 403,
  clientMember: 403,
  otherAdmin: 403,
  demoUser: 403,
};

export const anyoneOk: Record<RoleName, Outcome> = {
  anonymous: 'ok',
  superAdmin: 'ok',
  staff: 'ok',
  clientAdmin: 'ok',
  clientMember: 'ok',
  otherAdmin: 'ok',
  demoUser: 'ok',
};

export const signedInOk: Record<RoleName, Outcome> = { ...anyoneOk, anonymous: 401 };

/** Whoever holds a signed media URL reads that one file, whatever company it belongs to. */
export const signedUrlHolderOk: Record<RoleName, RoleExpectation> = {
  anonymous: { own: 'ok', other: 'ok' },
  superAdmin: { own: 'ok', other: 'ok' },
  staff: { own: 'ok', other: 'ok' },
  clientAdmin: { own: 'ok', other: 'ok' },
  clientMember: { own: 'ok', other: 'ok' },
  otherAdmin: { own: 'ok', other: 'ok' },
  demoUser: { own: 'ok', other: 'ok' },
};

/** Recorder and share routes take a key or token of their own; no user's token opens them. */
const recorderOnly: Record<RoleName, Outcome> = {
  anonymous: 401,
  superAdmin: 401,
  staff: 401,
  clientAdmin: 401,
  clientMember: 401,
  otherAdmin: 401,
  demoUser: 401,
};
export const recorderRoute = (url: string): RouteCase => ({
  access: 'recorder',
  targets: ['none'],
  request: () => ({ url }),
  expect: recorderOnly,
});

/**
 * A share link's visitor routes take the link's token (`Authorization: Share <token>`); no user's
 * token opens them (share-links.routes.test.ts walks them with tokens).
 */
export const shareRoute = (url: string): RouteCase => ({
  access: 'share',
  targets: ['none'],
  request: () => ({ url }),
  expect: recorderOnly,
});

/**
 * A remote study's routes take its participant link's token (`Authorization: Remote <token>`) or a
 * participant's session (`Authorization: Session <token>`); no user's token opens them
 * (remote-studies.routes.test.ts walks them with the credentials).
 */
export const remoteRoute = (access: 'remote_link' | 'remote_session', url: string): RouteCase => ({
  access,
  targets: ['none'],
  request: () => ({ url }),
  expect: recorderOnly,
});

/** A route of what belongs to a company, which its users and staff may use (readsOwnCompany). */
export const ownCompanyRoute = (request: RouteCase['request']): RouteCase => ({
  access: 'user',
  targets: ['own', 'other'],
  request,
  expect: readsOwnCompany,
});

/** A route of the research area on a company's tests: staff only, on any company. */
export const researchRoute = (request: RouteCase['request']): RouteCase => ({
  access: 'researcher',
  targets: ['own', 'other'],
  request,
  expect: staffOnAnyCompany,
});

/** A route of nothing company's that every signed-in user may use (signedInOk). */
export const signedInRoute = (request: RouteCase['request']): RouteCase => ({
  access: 'user',
  targets: ['none'],
  request,
  expect: signedInOk,
});

export const GET_AND_HEAD = (url: string, route: RouteCase): RouteCases => ({
  [`GET ${url}`]: route,
  [`HEAD ${url}`]: route,
});

// ── the walk ──

export function expectedOutcome(route: RouteCase, role: RoleName, target: Target): Outcome | undefined {
  const expectation = route.expect[role];
  if (typeof expectation !== 'object') return target === 'none' ? expectation : undefined;
  return target === 'none' ? undefined : expectation[target];
}

const outcomeOf = (status: number): Outcome | number => (status >= 200 && status < 300 ? 'ok' : status);

/** Calls every route of `cases` as every role on each of its targets and checks the outcome. */
export function describeRoutePolicy(matrix: PolicyWorld, cases: RouteCases): void {
  describe.each(Object.keys(cases))('%s', (key) => {
    const route = cases[key] as RouteCase;
    const [method, path] = key.split(' ') as [string, string];
    const pattern = new RegExp(`^${path.replace(/:\w+/g, '[^/]+').replace('*', '.*')}$`);

    it.each(ROLES)('as %s', async (role) => {
      const { world, authorization } = matrix;
      const actor = role === 'anonymous' ? null : world[role];
      for (const target of route.targets) {
        const ctx: Ctx = {
          ...matrix,
          role,
          target,
          actor,
          own: ownCompany(world, role),
          other: otherCompany(world, role),
        };
        const spec = await route.request(ctx);
        expect(spec.url.split('?')[0], 'the call goes to the route under test').toMatch(pattern);
        const token = authorization.get(role);
        const options: InjectOptions = {
          method,
          url: spec.url,
          ...(spec.payload ? { payload: spec.payload } : {}),
          ...(spec.cookies ? { cookies: spec.cookies } : {}),
          headers: { ...spec.headers, ...(token ? { authorization: token } : {}) },
        };
        const response = await matrix.t.app.inject(options);
        const expected = expectedOutcome(route, role, target);
        expect(
          outcomeOf(response.statusCode),
          `${key} as ${role} on ${target}: ${response.body.slice(0, 300)}`,
        ).toBe(expected);
        if (expected !== 'ok' && method !== 'HEAD') {
          const body = errorBodySchema.parse(response.json());
          expect(ERROR_STATUS[body.code]).toBe(response.statusCode);
        }
      }
    });
  });
}
