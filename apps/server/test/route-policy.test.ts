/**
 * Every route of /api/v1 × every demo role × own / other company (DESIGN §4): the expectation
 * table below states, per route, its access and the outcome for each role and target. A route
 * that is added, removed or changes its policy makes this file fail until the table says so.
 */
import { randomBytes } from 'node:crypto';
import { ERROR_STATUS, errorBodySchema } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import Fastify, { type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../src/auth/access-tokens.js';
import { newOpaqueToken } from '../src/auth/opaque-tokens.js';
import {
  answers,
  bundles,
  countries,
  insights,
  resources,
  sections,
  significantPoints,
  suggestions,
  tags,
  testQuestions,
  tests,
} from '../src/db/schema.js';
import { type Access, registerAuthentication } from '../src/http/authenticate.js';
import { createSignedUrls } from '../src/http/signed-urls.js';
import { insertToken } from '../src/modules/auth/auth-tokens.repository.js';
import { insertConversation, insertMessage } from '../src/modules/support/support.repository.js';
import { createTestSetup } from '../src/modules/test-setups/test-setups.service.js';
import { createTestApp, type TestApp } from './create-test-app.js';
import {
  buildCompany,
  buildContract,
  buildParticipant,
  buildTest,
  buildUser,
  buildWorld,
  giveVideo,
  PASSWORD,
  signIn,
} from './factories.js';
import { IMAGES, multipartFile } from './images.js';
import { tinyMp4 } from './videos.js';

type World = Awaited<ReturnType<typeof buildWorld>>;
type Company = World['client'];
type WorldUser = World['clientAdmin'];

const ROLES = [
  'anonymous',
  'superAdmin',
  'staff',
  'clientAdmin',
  'clientMember',
  'otherAdmin',
  'demoUser',
] as const;
type RoleName = (typeof ROLES)[number];

/** What the ids of a call point at: nothing, the acting user, the actor's company, another company. */
type Target = 'none' | 'self' | 'own' | 'other';
/** `ok`: any 2xx; otherwise the exact status. */
type Outcome = 'ok' | 401 | 403 | 404 | 409;
type RoleExpectation = Outcome | Partial<Record<Exclude<Target, 'none'>, Outcome>>;

type Ctx = { role: RoleName; target: Target; actor: WorldUser | null; own: Company; other: Company };
type RequestSpec = {
  url: string;
  payload?: object;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
};
type RouteCase = {
  access: Access;
  targets: readonly Target[];
  request: (ctx: Ctx) => RequestSpec | Promise<RequestSpec>;
  expect: Record<RoleName, RoleExpectation>;
};

let t: TestApp;
let world: World;
let countryId: number;
/** A confirmed client member whose credentials the sign-in routes use. */
let account: WorldUser;
const authorization = new Map<RoleName, string>();
let sequence = 0;
const fresh = (label: string) => `${label}-${++sequence}-${Date.now()}`;
const freshEmail = () => `${fresh('policy')}@example.test`;

// ── fixtures: fresh resources in the acting user's own company or in another one ──

/** The actor's own company: provider staff belong to the provider; anonymous borrows the client. */
function ownCompany(role: RoleName): Company {
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

function otherCompany(role: RoleName): Company {
  return role === 'otherAdmin' || role === 'superAdmin' || role === 'staff' ? world.client : world.other;
}

const memberRole = (company: Company) => (company.isDemo ? 'demo' : 'company_member');
const companyOf = (ctx: Ctx) => (ctx.target === 'other' ? ctx.other : ctx.own);

/** `self`: the actor (a client admin for anonymous); `own`/`other`: a new member of that company. */
async function userOf(ctx: Ctx): Promise<number> {
  if (ctx.target === 'self') return (ctx.actor ?? world.clientAdmin).id;
  const company = companyOf(ctx);
  return (await buildUser(t.db, { role: memberRole(company), companyId: company.id })).id;
}

async function contractOf(ctx: Ctx): Promise<number> {
  return (await buildContract(t.db, companyOf(ctx).id)).id;
}

async function bundleOf(ctx: Ctx): Promise<number> {
  const [bundle] = await t.db
    .insert(bundles)
    .values({ contractId: await contractOf(ctx), testType: 'essential', tests: 1 })
    .returning();
  if (!bundle) throw new Error('no bundle');
  return bundle.id;
}

/** A test of the target company with a recorded participant (synthetic streams). */
async function participantOf(ctx: Ctx, type: 'default' | 'video_heatmap' = 'default') {
  const test = await buildTest(t.db, companyOf(ctx).id);
  const { id } = await buildParticipant(t, test.id, { type });
  return { testId: test.id, participantId: id, url: `/api/v1/tests/${test.id}/participants/${id}` };
}

/** A test of the target company with a participant, a point, a tag, a page title, a section and an answer. */
async function annotatedOf(ctx: Ctx) {
  const test = await buildTest(t.db, companyOf(ctx).id);
  const at = Date.UTC(2026, 0, 12, 9, 30, 2);
  const { id: participantId } = await buildParticipant(t, test.id, {
    significantPoints: [{ emotion: 'joy', timestampTop: at, tags: ['Tagged'] }],
    sections: [{ timestampStart: at, timestampEnd: at + 1000, label: { name: 'Home', urls: [] } }],
  });
  const [point] = await t.db
    .select()
    .from(significantPoints)
    .where(eq(significantPoints.participantId, participantId));
  const [section] = await t.db.select().from(sections).where(eq(sections.participantId, participantId));
  const [tag] = await t.db.select().from(tags).where(eq(tags.testId, test.id));
  const [question] = await t.db
    .insert(testQuestions)
    .values({ testId: test.id, kind: 'open', text: 'Why?' })
    .returning();
  if (!point || !section?.labelId || !tag || !question) throw new Error('no annotations');
  const [answer] = await t.db
    .insert(answers)
    .values({ questionId: question.id, participantId, text: 'Because' })
    .returning();
  if (!answer) throw new Error('no answer');
  return {
    testId: test.id,
    participantId,
    pointId: point.id,
    sectionId: section.id,
    labelId: section.labelId,
    tagId: tag.id,
    questionId: question.id,
    answerId: answer.id,
  };
}

/** A test of the target company with an insight. */
async function insightOf(ctx: Ctx) {
  const test = await buildTest(t.db, companyOf(ctx).id);
  const [insight] = await t.db
    .insert(insights)
    .values({ testId: test.id, assignedId: 1, title: 'Insight' })
    .returning();
  if (!insight) throw new Error('no insight');
  return {
    url: `/api/v1/tests/${test.id}/insights/${insight.id}`,
    testUrl: `/api/v1/tests/${test.id}/insights`,
  };
}

/** A test of the target company with a suggestion. */
async function suggestionOf(ctx: Ctx) {
  const test = await buildTest(t.db, companyOf(ctx).id);
  const [suggestion] = await t.db
    .insert(suggestions)
    .values({ testId: test.id, rank: 1, title: 'Suggestion' })
    .returning();
  if (!suggestion) throw new Error('no suggestion');
  return {
    url: `/api/v1/tests/${test.id}/suggestions/${suggestion.id}`,
    testUrl: `/api/v1/tests/${test.id}/suggestions`,
  };
}

/** Reading a company's tests and what lies below them: staff all, client and demo users their own. */
const readsOwnTests: Record<RoleName, RoleExpectation> = {
  anonymous: { own: 401, other: 401 },
  superAdmin: { own: 'ok', other: 'ok' },
  staff: { own: 'ok', other: 'ok' },
  clientAdmin: { own: 'ok', other: 403 },
  clientMember: { own: 'ok', other: 403 },
  otherAdmin: { own: 'ok', other: 403 },
  demoUser: { own: 'ok', other: 403 },
};

/** Ordering tests and changing drafts: staff for every company, client users their own; demo users never. */
const ordersOwnTests: Record<RoleName, RoleExpectation> = {
  ...readsOwnTests,
  demoUser: { own: 403, other: 403 },
};

async function liveToken(kind: 'confirmation' | 'reset'): Promise<string> {
  const user = await buildUser(t.db, { role: 'demo', companyId: world.demo.id, confirmed: kind === 'reset' });
  const token = newOpaqueToken();
  await insertToken(t.db, {
    userId: user.id,
    kind,
    tokenHash: token.hash,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return token.token;
}

/** A new test setup (lab recorder). */
async function setupOf(): Promise<number> {
  return (await createTestSetup({ db: t.db, clock: () => new Date() }, { name: fresh('lab'), ip: '' })).data
    .id;
}

/** A support conversation started by the actor (`self`), a colleague (`own`) or a user of another company. */
async function conversationOf(ctx: Ctx): Promise<number> {
  const company = companyOf(ctx);
  const starter =
    ctx.target === 'self'
      ? (ctx.actor ?? world.clientAdmin)
      : await buildUser(t.db, { role: memberRole(company), companyId: company.id });
  const at = new Date();
  const conversationId = await insertConversation(t.db, {
    companyId: starter.companyId ?? company.id,
    userId: starter.id,
    subject: 'Question',
    at,
  });
  await insertMessage(t.db, { conversationId, authorId: starter.id, body: 'Question', isStaff: false, at });
  return conversationId;
}

/** The research area, whichever company the test belongs to (insights). */
const researchersOnTests: Record<RoleName, RoleExpectation> = {
  anonymous: { own: 401, other: 401 },
  superAdmin: { own: 'ok', other: 'ok' },
  staff: { own: 'ok', other: 'ok' },
  clientAdmin: { own: 403, other: 403 },
  clientMember: { own: 403, other: 403 },
  otherAdmin: { own: 403, other: 403 },
  demoUser: { own: 403, other: 403 },
};

/** Suggestions: staff, and the users of the test's company; demo users only read. */
const writesOwnSuggestions: Record<RoleName, RoleExpectation> = {
  ...readsOwnTests,
  demoUser: { own: 403, other: 403 },
};

/** A resource of the library, written by a provider user; a draft unless `published`. */
async function resourceOf(published = false): Promise<number> {
  const [resource] = await t.db
    .insert(resources)
    .values({ title: fresh('Article'), authorId: world.staff.id, published })
    .returning({ id: resources.id });
  if (!resource) throw new Error('no resource');
  return resource.id;
}

/** Writing the resources library: users of the provider company (flag is_provider) and Super Admins. */
const resourceAuthors: Record<RoleName, Outcome> = {
  anonymous: 401,
  superAdmin: 'ok',
  staff: 'ok',
  clientAdmin: 403,
  clientMember: 403,
  otherAdmin: 403,
  demoUser: 403,
};

/** A support conversation: its starter and the provider's staff, nobody else (not even colleagues). */
const starterOrStaff: Record<RoleName, RoleExpectation> = {
  anonymous: { self: 401, own: 401, other: 401 },
  superAdmin: { self: 'ok', own: 'ok', other: 'ok' },
  staff: { self: 'ok', own: 'ok', other: 'ok' },
  clientAdmin: { self: 'ok', own: 403, other: 403 },
  clientMember: { self: 'ok', own: 403, other: 403 },
  otherAdmin: { self: 'ok', own: 403, other: 403 },
  demoUser: { self: 'ok', own: 403, other: 403 },
};

/** Staff only, nothing of a company. */
const staffOnly: Record<RoleName, Outcome> = {
  anonymous: 401,
  superAdmin: 'ok',
  staff: 'ok',
  clientAdmin: 403,
  clientMember: 403,
  otherAdmin: 403,
  demoUser: 403,
};

/** Recorder routes take a setup key (`Authorization: Setup <key>`); no user's token opens them. */
const recorderOnly: Record<RoleName, Outcome> = {
  anonymous: 401,
  superAdmin: 401,
  staff: 401,
  clientAdmin: 401,
  clientMember: 401,
  otherAdmin: 401,
  demoUser: 401,
};
const recorderRoute = (url: string): RouteCase => ({
  access: 'recorder',
  targets: ['none'],
  request: () => ({ url }),
  expect: recorderOnly,
});

// ── the table ──

const GET_AND_HEAD = (url: string, route: RouteCase): Record<string, RouteCase> => ({
  [`GET ${url}`]: route,
  [`HEAD ${url}`]: route,
});

/** The catch-all of /api/v1 (`api.all('/*')`): every method Fastify supports. */
const CATCH_ALL_METHODS = ['GET', 'HEAD', 'TRACE', 'DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST', 'QUERY'];

const anyoneOk: Record<RoleName, Outcome> = {
  anonymous: 'ok',
  superAdmin: 'ok',
  staff: 'ok',
  clientAdmin: 'ok',
  clientMember: 'ok',
  otherAdmin: 'ok',
  demoUser: 'ok',
};

/** Whoever holds a signed media URL reads that one file, whatever company it belongs to. */
const signedUrlHolderOk: Record<RoleName, RoleExpectation> = {
  anonymous: { own: 'ok', other: 'ok' },
  superAdmin: { own: 'ok', other: 'ok' },
  staff: { own: 'ok', other: 'ok' },
  clientAdmin: { own: 'ok', other: 'ok' },
  clientMember: { own: 'ok', other: 'ok' },
  otherAdmin: { own: 'ok', other: 'ok' },
  demoUser: { own: 'ok', other: 'ok' },
};

const POLICY: Record<string, RouteCase> = {
  // Accounts: public; what they need comes from the body, the query or the refresh cookie.
  'POST /api/v1/tokens': {
    access: 'public',
    targets: ['none'],
    request: () => ({ url: '/api/v1/tokens', payload: { email: account.email, password: PASSWORD } }),
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
    request: async () => ({
      url: '/api/v1/refresh_token',
      cookies: { limbus_refresh: (await signIn(t.app, account.email)).refreshCookie },
    }),
    expect: anyoneOk,
  },
  'POST /api/v1/signup': {
    access: 'public',
    targets: ['none'],
    request: () => ({
      url: '/api/v1/signup',
      payload: {
        email: freshEmail(),
        password: 'secret1',
        profile: { first_name: 'New', last_name: 'Person' },
      },
    }),
    expect: anyoneOk,
  },
  'POST /api/v1/confirmation': {
    access: 'public',
    targets: ['none'],
    request: async () => ({
      url: `/api/v1/confirmation?confirmation_token=${await liveToken('confirmation')}`,
      payload: {},
    }),
    expect: anyoneOk,
  },
  ...GET_AND_HEAD('/api/v1/password_reset', {
    access: 'public',
    targets: ['none'],
    request: () => ({ url: `/api/v1/password_reset?email=${encodeURIComponent(account.email)}` }),
    expect: anyoneOk,
  }),
  'POST /api/v1/password_reset': {
    access: 'public',
    targets: ['none'],
    request: async () => ({
      url: `/api/v1/password_reset?reset_password_token=${await liveToken('reset')}`,
      payload: { password: 'new-secret' },
    }),
    expect: anyoneOk,
  },

  // Users
  ...GET_AND_HEAD('/api/v1/users', {
    access: 'staff',
    targets: ['none'],
    request: () => ({ url: '/api/v1/users' }),
    expect: {
      anonymous: 401,
      superAdmin: 'ok',
      staff: 'ok',
      clientAdmin: 403,
      clientMember: 403,
      otherAdmin: 403,
      demoUser: 403,
    },
  }),
  ...GET_AND_HEAD('/api/v1/users/me', {
    access: 'user',
    targets: ['none'],
    request: () => ({ url: '/api/v1/users/me' }),
    expect: {
      anonymous: 401,
      superAdmin: 'ok',
      staff: 'ok',
      clientAdmin: 'ok',
      clientMember: 'ok',
      otherAdmin: 'ok',
      demoUser: 'ok',
    },
  }),
  ...GET_AND_HEAD('/api/v1/users/:id', {
    access: 'user',
    targets: ['self', 'own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/users/${await userOf(ctx)}` }),
    expect: {
      anonymous: { self: 401, own: 401, other: 401 },
      superAdmin: { self: 'ok', own: 'ok', other: 'ok' },
      staff: { self: 'ok', own: 'ok', other: 'ok' },
      clientAdmin: { self: 'ok', own: 'ok', other: 403 },
      clientMember: { self: 'ok', own: 'ok', other: 403 },
      otherAdmin: { self: 'ok', own: 'ok', other: 403 },
      // Demo users are strangers who signed up: they do not see each other.
      demoUser: { self: 'ok', own: 403, other: 403 },
    },
  }),
  'POST /api/v1/users': {
    access: 'user',
    targets: ['own', 'other'],
    request: (ctx) => ({
      url: '/api/v1/users',
      payload: { email: freshEmail(), role: memberRole(companyOf(ctx)), company_id: companyOf(ctx).id },
    }),
    expect: {
      anonymous: { own: 401, other: 401 },
      superAdmin: { own: 'ok', other: 'ok' },
      staff: { own: 'ok', other: 'ok' },
      clientAdmin: { own: 'ok', other: 403 },
      clientMember: { own: 403, other: 403 },
      otherAdmin: { own: 'ok', other: 403 },
      demoUser: { own: 403, other: 403 },
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
          clientAdmin: { self: 'ok', own: 'ok', other: 403 },
          clientMember: { self: 'ok', own: 403, other: 403 },
          otherAdmin: { self: 'ok', own: 'ok', other: 403 },
          demoUser: { self: 'ok', own: 403, other: 403 },
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
      clientAdmin: { self: 403, own: 'ok', other: 403 },
      clientMember: { self: 403, own: 403, other: 403 },
      otherAdmin: { self: 403, own: 'ok', other: 403 },
      demoUser: { self: 403, own: 403, other: 403 },
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
    expect: {
      anonymous: { own: 401, other: 401 },
      superAdmin: { own: 'ok', other: 'ok' },
      staff: { own: 'ok', other: 'ok' },
      clientAdmin: { own: 'ok', other: 403 },
      clientMember: { own: 'ok', other: 403 },
      otherAdmin: { own: 'ok', other: 403 },
      // Demo users are strangers who signed up: they do not see each other.
      demoUser: { own: 403, other: 403 },
    },
  }),

  // Companies and countries
  ...GET_AND_HEAD('/api/v1/companies', {
    // Staff of either area; the research-only company's users are checked at the end of this file.
    access: 'user',
    targets: ['none'],
    request: () => ({ url: '/api/v1/companies' }),
    expect: {
      anonymous: 401,
      superAdmin: 'ok',
      staff: 'ok',
      clientAdmin: 403,
      clientMember: 403,
      otherAdmin: 403,
      demoUser: 403,
    },
  }),
  ...GET_AND_HEAD('/api/v1/companies/:id', {
    access: 'user',
    targets: ['own', 'other'],
    request: (ctx) => ({ url: `/api/v1/companies/${companyOf(ctx).id}` }),
    expect: {
      anonymous: { own: 401, other: 401 },
      superAdmin: { own: 'ok', other: 'ok' },
      staff: { own: 'ok', other: 'ok' },
      clientAdmin: { own: 'ok', other: 403 },
      clientMember: { own: 'ok', other: 403 },
      otherAdmin: { own: 'ok', other: 403 },
      demoUser: { own: 'ok', other: 403 },
    },
  }),
  ...GET_AND_HEAD('/api/v1/companies/:id/contracts', {
    access: 'user',
    targets: ['own', 'other'],
    request: (ctx) => ({ url: `/api/v1/companies/${companyOf(ctx).id}/contracts` }),
    expect: {
      anonymous: { own: 401, other: 401 },
      superAdmin: { own: 'ok', other: 'ok' },
      staff: { own: 'ok', other: 'ok' },
      clientAdmin: { own: 'ok', other: 403 },
      clientMember: { own: 'ok', other: 403 },
      otherAdmin: { own: 'ok', other: 403 },
      demoUser: { own: 'ok', other: 403 },
    },
  }),
  'POST /api/v1/companies': {
    access: 'staff',
    targets: ['none'],
    request: () => ({
      url: '/api/v1/companies',
      payload: {
        company: {
          name: fresh('Company'),
          address: 'Street 1',
          postal_code: '1000 AA',
          city: 'Amsterdam',
          country_id: countryId,
          consultant_id: world.staff.id,
          business_developer_id: world.superAdmin.id,
          admin_email: freshEmail(),
        },
      },
    }),
    expect: {
      anonymous: 401,
      superAdmin: 'ok',
      staff: 'ok',
      clientAdmin: 403,
      clientMember: 403,
      otherAdmin: 403,
      demoUser: 403,
    },
  },
  'DELETE /api/v1/companies/:id': {
    access: 'staff',
    targets: ['own', 'other'],
    // `other` is a new company each time, so that a removal leaves the cast alone.
    request: async (ctx) => ({
      url: `/api/v1/companies/${ctx.target === 'own' ? ctx.own.id : (await buildCompany(t.db)).id}`,
    }),
    expect: {
      anonymous: { own: 401, other: 401 },
      // Staff's own company is the provider, which cannot be removed.
      superAdmin: { own: 409, other: 'ok' },
      staff: { own: 409, other: 'ok' },
      clientAdmin: { own: 403, other: 403 },
      clientMember: { own: 403, other: 403 },
      otherAdmin: { own: 403, other: 403 },
      demoUser: { own: 403, other: 403 },
    },
  },
  ...GET_AND_HEAD('/api/v1/countries', {
    access: 'user',
    targets: ['none'],
    request: () => ({ url: '/api/v1/countries' }),
    expect: {
      anonymous: 401,
      superAdmin: 'ok',
      staff: 'ok',
      clientAdmin: 'ok',
      clientMember: 'ok',
      otherAdmin: 'ok',
      demoUser: 'ok',
    },
  }),

  // Contracts and bundles: staff only, whichever company they belong to.
  'POST /api/v1/contracts': {
    access: 'staff',
    targets: ['own', 'other'],
    request: (ctx) => ({ url: '/api/v1/contracts', payload: { company_id: companyOf(ctx).id, months: 12 } }),
    expect: {
      anonymous: { own: 401, other: 401 },
      superAdmin: { own: 'ok', other: 'ok' },
      staff: { own: 'ok', other: 'ok' },
      clientAdmin: { own: 403, other: 403 },
      clientMember: { own: 403, other: 403 },
      otherAdmin: { own: 403, other: 403 },
      demoUser: { own: 403, other: 403 },
    },
  },
  ...Object.fromEntries(
    (['PATCH', 'PUT'] as const).map((method) => [
      `${method} /api/v1/contracts/:id`,
      {
        access: 'staff',
        targets: ['own', 'other'],
        request: async (ctx) => ({
          url: `/api/v1/contracts/${await contractOf(ctx)}`,
          payload: { comments: 'Changed' },
        }),
        expect: {
          anonymous: { own: 401, other: 401 },
          superAdmin: { own: 'ok', other: 'ok' },
          staff: { own: 'ok', other: 'ok' },
          clientAdmin: { own: 403, other: 403 },
          clientMember: { own: 403, other: 403 },
          otherAdmin: { own: 403, other: 403 },
          demoUser: { own: 403, other: 403 },
        },
      } satisfies RouteCase,
    ]),
  ),
  'POST /api/v1/contracts/:id/renew': {
    access: 'staff',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: `/api/v1/contracts/${await contractOf(ctx)}/renew`,
      payload: { months: 1 },
    }),
    expect: {
      anonymous: { own: 401, other: 401 },
      superAdmin: { own: 'ok', other: 'ok' },
      staff: { own: 'ok', other: 'ok' },
      clientAdmin: { own: 403, other: 403 },
      clientMember: { own: 403, other: 403 },
      otherAdmin: { own: 403, other: 403 },
      demoUser: { own: 403, other: 403 },
    },
  },
  'POST /api/v1/bundles': {
    access: 'staff',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: '/api/v1/bundles',
      payload: { test_type: 'essential', tests: 1, contract_id: await contractOf(ctx) },
    }),
    expect: {
      anonymous: { own: 401, other: 401 },
      superAdmin: { own: 'ok', other: 'ok' },
      staff: { own: 'ok', other: 'ok' },
      clientAdmin: { own: 403, other: 403 },
      clientMember: { own: 403, other: 403 },
      otherAdmin: { own: 403, other: 403 },
      demoUser: { own: 403, other: 403 },
    },
  },
  'DELETE /api/v1/bundles/:id': {
    access: 'staff',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/bundles/${await bundleOf(ctx)}` }),
    expect: {
      anonymous: { own: 401, other: 401 },
      superAdmin: { own: 'ok', other: 'ok' },
      staff: { own: 'ok', other: 'ok' },
      clientAdmin: { own: 403, other: 403 },
      clientMember: { own: 403, other: 403 },
      otherAdmin: { own: 403, other: 403 },
      demoUser: { own: 403, other: 403 },
    },
  },

  // Tests: every signed-in user; what each sees is checked below.
  ...GET_AND_HEAD('/api/v1/tests', {
    access: 'user',
    targets: ['none'],
    request: () => ({ url: '/api/v1/tests' }),
    expect: {
      anonymous: 401,
      superAdmin: 'ok',
      staff: 'ok',
      clientAdmin: 'ok',
      clientMember: 'ok',
      otherAdmin: 'ok',
      demoUser: 'ok',
    },
  }),
  ...GET_AND_HEAD('/api/v1/tests/:id', {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/tests/${(await buildTest(t.db, companyOf(ctx).id)).id}` }),
    expect: readsOwnTests,
  }),
  // Ordering: staff for any company; client users for their own (drafts); demo users not at all.
  'POST /api/v1/tests': {
    access: 'user',
    targets: ['own', 'other'],
    request: (ctx) => ({
      url: '/api/v1/tests',
      payload: { test: { name: fresh('Order'), company_id: companyOf(ctx).id } },
    }),
    expect: ordersOwnTests,
  },
  'PATCH /api/v1/tests/:id': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: `/api/v1/tests/${(await buildTest(t.db, companyOf(ctx).id)).id}`,
      payload: { test: { name: fresh('Renamed') } },
    }),
    expect: ordersOwnTests,
  },
  'DELETE /api/v1/tests/:id': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/tests/${(await buildTest(t.db, companyOf(ctx).id)).id}` }),
    expect: ordersOwnTests,
  },
  ...GET_AND_HEAD('/api/v1/categories', {
    access: 'user',
    targets: ['none'],
    request: () => ({ url: '/api/v1/categories' }),
    expect: { ...anyoneOk, anonymous: 401 },
  }),
  ...GET_AND_HEAD('/api/v1/flows', {
    access: 'user',
    targets: ['none'],
    request: () => ({ url: '/api/v1/flows' }),
    expect: { ...anyoneOk, anonymous: 401 },
  }),

  // Participants: whoever reads the test reads its participants and their streams.
  ...GET_AND_HEAD('/api/v1/tests/:id/participants', {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/tests/${(await participantOf(ctx)).testId}/participants` }),
    expect: readsOwnTests,
  }),
  ...GET_AND_HEAD('/api/v1/tests/:id/participants/:pid', {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `${(await participantOf(ctx)).url}?associations=emotions,sections` }),
    expect: readsOwnTests,
  }),
  ...GET_AND_HEAD('/api/v1/tests/:id/participants/:pid/streams/:kind', {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `${(await participantOf(ctx)).url}/streams/eyes` }),
    expect: readsOwnTests,
  }),
  ...GET_AND_HEAD('/api/v1/participants/get_video_participant', {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: `/api/v1/participants/get_video_participant?test_id=${(await participantOf(ctx, 'video_heatmap')).testId}`,
    }),
    expect: readsOwnTests,
  }),
  // Media by signed URL: the signature is the capability, granted by the answers that name the
  // video after checking the reader (GET /tests/{id}, the participant calls); signed-urls.test.ts.
  ...GET_AND_HEAD('/api/v1/tests/:id/participants/:pid/video', {
    access: 'signed',
    targets: ['own', 'other'],
    request: async (ctx) => {
      const { testId, participantId } = await participantOf(ctx);
      await giveVideo(t, { participantId });
      return { url: t.sign(`/api/v1/tests/${testId}/participants/${participantId}/video`) };
    },
    expect: signedUrlHolderOk,
  }),
  ...GET_AND_HEAD('/api/v1/tests/:id/video', {
    access: 'signed',
    targets: ['own', 'other'],
    request: async (ctx) => {
      const test = await buildTest(t.db, companyOf(ctx).id, { platform: 'video' });
      await giveVideo(t, { testId: test.id });
      return { url: t.sign(`/api/v1/tests/${test.id}/video`) };
    },
    expect: signedUrlHolderOk,
  }),
  // A GET that starts video processing (the spec's call), without a HEAD twin: the research area.
  'GET /api/v1/tests/:id/process_video_test': {
    access: 'researcher',
    targets: ['own', 'other'],
    request: async (ctx) => {
      const test = await buildTest(t.db, companyOf(ctx).id, { platform: 'video' });
      await buildParticipant(t, test.id);
      return { url: `/api/v1/tests/${test.id}/process_video_test` };
    },
    expect: {
      anonymous: { own: 401, other: 401 },
      superAdmin: { own: 'ok', other: 'ok' },
      staff: { own: 'ok', other: 'ok' },
      clientAdmin: { own: 403, other: 403 },
      clientMember: { own: 403, other: 403 },
      otherAdmin: { own: 403, other: 403 },
      demoUser: { own: 403, other: 403 },
    },
  },
  // A GET that toggles (the spec's call), without a HEAD twin. Demo users only read.
  'GET /api/v1/tests/:id/participants/:pid/favourite': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `${(await participantOf(ctx)).url}/favourite` }),
    expect: { ...readsOwnTests, demoUser: { own: 403, other: 403 } },
  },
  'DELETE /api/v1/tests/:id/participants/:pid': {
    access: 'researcher',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: (await participantOf(ctx)).url }),
    expect: {
      anonymous: { own: 401, other: 401 },
      superAdmin: { own: 'ok', other: 'ok' },
      staff: { own: 'ok', other: 'ok' },
      clientAdmin: { own: 403, other: 403 },
      clientMember: { own: 403, other: 403 },
      otherAdmin: { own: 403, other: 403 },
      demoUser: { own: 403, other: 403 },
    },
  },

  'PATCH /api/v1/tests/:id/participants/:pid': {
    access: 'researcher',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: (await participantOf(ctx)).url,
      ...(await multipartFile(await tinyMp4(), {
        field: 'video',
        filename: 'screen.mp4',
        type: 'video/mp4',
      })),
    }),
    expect: researchersOnTests,
  },

  // Annotations: whoever reads the test reads its tags, page titles and points; the research area writes.
  ...GET_AND_HEAD('/api/v1/tests/:id/tags', {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/tests/${(await annotatedOf(ctx)).testId}/tags` }),
    expect: readsOwnTests,
  }),
  'POST /api/v1/tests/:id/tags': {
    access: 'researcher',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: `/api/v1/tests/${(await annotatedOf(ctx)).testId}/tags`,
      payload: { tag: { name: fresh('Tag') } },
    }),
    expect: researchersOnTests,
  },
  'PATCH /api/v1/tags/:id': {
    access: 'researcher',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: `/api/v1/tags/${(await annotatedOf(ctx)).tagId}`,
      payload: { tag: { name: fresh('Renamed') } },
    }),
    expect: researchersOnTests,
  },
  'DELETE /api/v1/tags/:id': {
    access: 'researcher',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/tags/${(await annotatedOf(ctx)).tagId}` }),
    expect: researchersOnTests,
  },
  ...GET_AND_HEAD('/api/v1/tests/:id/labels', {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/tests/${(await annotatedOf(ctx)).testId}/labels` }),
    expect: readsOwnTests,
  }),
  'POST /api/v1/tests/:id/labels': {
    access: 'researcher',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: `/api/v1/tests/${(await annotatedOf(ctx)).testId}/labels`,
      payload: { label: { name: 'Home', urls: ['https://shop.example/'] } },
    }),
    expect: researchersOnTests,
  },
  'PATCH /api/v1/tests/:id/labels/:lid': {
    access: 'researcher',
    targets: ['own', 'other'],
    request: async (ctx) => {
      const { testId, labelId } = await annotatedOf(ctx);
      return { url: `/api/v1/tests/${testId}/labels/${labelId}`, payload: { label: { name: 'Basket' } } };
    },
    expect: researchersOnTests,
  },
  'DELETE /api/v1/tests/:id/labels/:lid': {
    access: 'researcher',
    targets: ['own', 'other'],
    request: async (ctx) => {
      const { testId, labelId } = await annotatedOf(ctx);
      return { url: `/api/v1/tests/${testId}/labels/${labelId}` };
    },
    expect: researchersOnTests,
  },
  ...GET_AND_HEAD('/api/v1/participant_data/significant_points/:id', {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: `/api/v1/participant_data/significant_points/${(await annotatedOf(ctx)).pointId}`,
    }),
    expect: readsOwnTests,
  }),
  'PATCH /api/v1/participant_data/significant_points/:id': {
    access: 'researcher',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: `/api/v1/participant_data/significant_points/${(await annotatedOf(ctx)).pointId}`,
      payload: { comment: 'Looked for the button', false_positive: false },
    }),
    expect: researchersOnTests,
  },
  'POST /api/v1/sections': {
    access: 'researcher',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: '/api/v1/sections',
      payload: {
        section: {
          participant_id: (await annotatedOf(ctx)).participantId,
          timestamp_start: Date.UTC(2026, 0, 12, 9, 30, 20),
          timestamp_end: Date.UTC(2026, 0, 12, 9, 30, 30),
        },
      },
    }),
    expect: researchersOnTests,
  },
  'PATCH /api/v1/sections/:id': {
    access: 'researcher',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: `/api/v1/sections/${(await annotatedOf(ctx)).sectionId}`,
      payload: { section: { label_id: null } },
    }),
    expect: researchersOnTests,
  },
  'DELETE /api/v1/sections/:id': {
    access: 'researcher',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/sections/${(await annotatedOf(ctx)).sectionId}` }),
    expect: researchersOnTests,
  },
  // Questionnaire answers: the research area.
  'POST /api/v1/answers': {
    access: 'researcher',
    targets: ['own', 'other'],
    request: async (ctx) => {
      const { questionId, participantId } = await annotatedOf(ctx);
      return {
        url: '/api/v1/answers',
        payload: { answer: { question_id: questionId, participant_id: participantId, text: 'Yes' } },
      };
    },
    expect: researchersOnTests,
  },
  'PATCH /api/v1/answers/:id': {
    access: 'researcher',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: `/api/v1/answers/${(await annotatedOf(ctx)).answerId}`,
      payload: { answer: { text: 'Changed' } },
    }),
    expect: researchersOnTests,
  },
  'DELETE /api/v1/answers/:id': {
    access: 'researcher',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/answers/${(await annotatedOf(ctx)).answerId}` }),
    expect: researchersOnTests,
  },

  // Insights: whoever reads the test reads them; the research area writes them.
  ...GET_AND_HEAD('/api/v1/tests/:id/insights', {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: (await insightOf(ctx)).testUrl }),
    expect: readsOwnTests,
  }),
  ...GET_AND_HEAD('/api/v1/tests/:id/insights/:iid', {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: (await insightOf(ctx)).url }),
    expect: readsOwnTests,
  }),
  'POST /api/v1/tests/:id/insights': {
    access: 'researcher',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: (await insightOf(ctx)).testUrl, payload: { insight: { title: 'New' } } }),
    expect: researchersOnTests,
  },
  'PATCH /api/v1/tests/:id/insights/:iid': {
    access: 'researcher',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: (await insightOf(ctx)).url, payload: { insight: { title: 'Changed' } } }),
    expect: researchersOnTests,
  },
  'DELETE /api/v1/tests/:id/insights/:iid': {
    access: 'researcher',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: (await insightOf(ctx)).url }),
    expect: researchersOnTests,
  },

  // AI text: the research area asks the model (the local provider here); nothing is saved.
  'POST /api/v1/tests/:id/insights/:iid/ai/:field': {
    access: 'researcher',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `${(await insightOf(ctx)).url}/ai/summary` }),
    expect: researchersOnTests,
  },
  'POST /api/v1/ai/prompt': {
    access: 'researcher',
    targets: ['none'],
    request: () => ({
      url: '/api/v1/ai/prompt',
      payload: { prompt: 'Rewrite', text: 'the menu was hidden' },
    }),
    expect: {
      anonymous: 401,
      superAdmin: 'ok',
      staff: 'ok',
      clientAdmin: 403,
      clientMember: 403,
      otherAdmin: 403,
      demoUser: 403,
    },
  },

  // Suggestions: whoever reads the test reads them; staff and the company's users (not demo) write.
  ...GET_AND_HEAD('/api/v1/tests/:id/suggestions', {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: (await suggestionOf(ctx)).testUrl }),
    expect: readsOwnTests,
  }),
  ...GET_AND_HEAD('/api/v1/tests/:id/suggestions/:sid', {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: (await suggestionOf(ctx)).url }),
    expect: readsOwnTests,
  }),
  'POST /api/v1/tests/:id/suggestions': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: (await suggestionOf(ctx)).testUrl,
      payload: { suggestion: { title: 'New' } },
    }),
    expect: writesOwnSuggestions,
  },
  'PATCH /api/v1/tests/:id/suggestions/:sid': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: (await suggestionOf(ctx)).url, payload: { suggestion: { done: true } } }),
    expect: writesOwnSuggestions,
  },
  'DELETE /api/v1/tests/:id/suggestions/:sid': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: (await suggestionOf(ctx)).url }),
    expect: writesOwnSuggestions,
  },

  // Test setups: the research area manages the lab recorders (spec 2 /research/testsetups).
  ...GET_AND_HEAD('/api/v1/test_setups', {
    access: 'researcher',
    targets: ['none'],
    request: () => ({ url: '/api/v1/test_setups' }),
    expect: staffOnly,
  }),
  'POST /api/v1/test_setups': {
    access: 'researcher',
    targets: ['none'],
    request: () => ({ url: '/api/v1/test_setups', payload: { name: fresh('lab'), ip: '10.0.0.1' } }),
    expect: staffOnly,
  },
  'POST /api/v1/test_setups/:id/key': {
    access: 'researcher',
    targets: ['none'],
    request: async () => ({ url: `/api/v1/test_setups/${await setupOf()}/key` }),
    expect: staffOnly,
  },
  'DELETE /api/v1/test_setups/:id': {
    access: 'researcher',
    targets: ['none'],
    request: async () => ({ url: `/api/v1/test_setups/${await setupOf()}` }),
    expect: staffOnly,
  },

  // Ingestion: lab recorders with their key only (ingestion.routes.test.ts walks them with a key).
  'POST /api/v1/ingest/heartbeat': recorderRoute('/api/v1/ingest/heartbeat'),
  'POST /api/v1/ingest/participants': recorderRoute('/api/v1/ingest/participants'),
  'PUT /api/v1/ingest/participants/:pid/streams/:kind/batches/:seq': recorderRoute(
    '/api/v1/ingest/participants/1/streams/eyes/batches/0',
  ),
  'POST /api/v1/ingest/participants/:pid/finish': recorderRoute('/api/v1/ingest/participants/1/finish'),
  'POST /api/v1/ingest/participants/:pid/video': recorderRoute('/api/v1/ingest/participants/1/video'),
  'HEAD /api/v1/ingest/participants/:pid/video': recorderRoute('/api/v1/ingest/participants/1/video'),
  'PATCH /api/v1/ingest/participants/:pid/video': recorderRoute('/api/v1/ingest/participants/1/video'),

  // Support chat: any signed-in user starts and lists their own; staff (research licence) see all.
  'POST /api/v1/support/conversations': {
    access: 'user',
    targets: ['none'],
    request: () => ({ url: '/api/v1/support/conversations', payload: { message: 'Hello' } }),
    expect: { ...anyoneOk, anonymous: 401 },
  },
  ...GET_AND_HEAD('/api/v1/support/conversations', {
    access: 'user',
    targets: ['none'],
    request: () => ({ url: '/api/v1/support/conversations' }),
    expect: { ...anyoneOk, anonymous: 401 },
  }),
  ...GET_AND_HEAD('/api/v1/support/conversations/:id', {
    access: 'user',
    targets: ['self', 'own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/support/conversations/${await conversationOf(ctx)}` }),
    expect: starterOrStaff,
  }),
  'POST /api/v1/support/conversations/:id/messages': {
    access: 'user',
    targets: ['self', 'own', 'other'],
    request: async (ctx) => ({
      url: `/api/v1/support/conversations/${await conversationOf(ctx)}/messages`,
      payload: { message: 'More' },
    }),
    expect: starterOrStaff,
  },
  'PATCH /api/v1/support/conversations/:id': {
    access: 'researcher',
    targets: ['self', 'own', 'other'],
    request: async (ctx) => ({
      url: `/api/v1/support/conversations/${await conversationOf(ctx)}`,
      payload: { status: 'closed' },
    }),
    expect: {
      anonymous: { self: 401, own: 401, other: 401 },
      superAdmin: { self: 'ok', own: 'ok', other: 'ok' },
      staff: { self: 'ok', own: 'ok', other: 'ok' },
      clientAdmin: { self: 403, own: 403, other: 403 },
      clientMember: { self: 403, own: 403, other: 403 },
      otherAdmin: { self: 403, own: 403, other: 403 },
      demoUser: { self: 403, own: 403, other: 403 },
    },
  },

  // Resources: every signed-in user reads published articles; the provider company writes them.
  ...GET_AND_HEAD('/api/v1/resources', {
    access: 'user',
    targets: ['none'],
    request: () => ({ url: '/api/v1/resources' }),
    expect: { ...anyoneOk, anonymous: 401 },
  }),
  ...GET_AND_HEAD('/api/v1/resources/:id', {
    access: 'user',
    targets: ['none'],
    // A draft: it does not exist for readers outside the provider company.
    request: async () => ({ url: `/api/v1/resources/${await resourceOf()}` }),
    expect: {
      anonymous: 401,
      superAdmin: 'ok',
      staff: 'ok',
      clientAdmin: 404,
      clientMember: 404,
      otherAdmin: 404,
      demoUser: 404,
    },
  }),
  'POST /api/v1/resources': {
    access: 'user',
    targets: ['none'],
    request: () => ({ url: '/api/v1/resources', payload: { resource: { title: 'New', resource_type: 1 } } }),
    expect: resourceAuthors,
  },
  'PATCH /api/v1/resources/:id': {
    access: 'user',
    targets: ['none'],
    request: async () => ({
      url: `/api/v1/resources/${await resourceOf(true)}`,
      payload: { resource: { published: false } },
    }),
    expect: resourceAuthors,
  },
  'DELETE /api/v1/resources/:id': {
    access: 'user',
    targets: ['none'],
    request: async () => ({ url: `/api/v1/resources/${await resourceOf(true)}` }),
    expect: resourceAuthors,
  },
  ...GET_AND_HEAD('/api/v1/resource_tags', {
    access: 'user',
    targets: ['none'],
    request: () => ({ url: '/api/v1/resource_tags' }),
    expect: { ...anyoneOk, anonymous: 401 },
  }),
  'POST /api/v1/resource_images': {
    access: 'user',
    targets: ['none'],
    request: () =>
      multipartFile(IMAGES.png).then((upload) => ({ url: '/api/v1/resource_images', ...upload })),
    expect: resourceAuthors,
  },
  // The random name is the key: an image link works for whoever holds it, as an <img src> needs.
  ...GET_AND_HEAD('/api/v1/resource_images/:name', {
    access: 'public',
    targets: ['none'],
    request: async () => {
      const name = `${randomBytes(16).toString('hex')}.png`;
      await t.files.put(`resource-images/${name}`, IMAGES.png);
      return { url: `/api/v1/resource_images/${name}` };
    },
    expect: anyoneOk,
  }),

  // Unknown calls under /api/v1 answer 404 to everyone, never the web app.
  ...Object.fromEntries(
    CATCH_ALL_METHODS.map((method) => [
      `${method} /api/v1/*`,
      {
        access: 'public',
        targets: ['none'],
        request: () => ({
          url: '/api/v1/no/such/call',
          ...(['GET', 'HEAD', 'TRACE'].includes(method) ? {} : { payload: {} }),
        }),
        expect: {
          anonymous: 404,
          superAdmin: 404,
          staff: 404,
          clientAdmin: 404,
          clientMember: 404,
          otherAdmin: 404,
          demoUser: 404,
        },
      } satisfies RouteCase,
    ]),
  ),
};

// ── the walk ──

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.db);
  account = await buildUser(t.db, { role: 'company_member', companyId: world.client.id });
  const [country] = await t.db.select({ id: countries.id }).from(countries).limit(1);
  if (!country) throw new Error('no countries seeded');
  countryId = country.id;
  for (const role of ROLES) {
    if (role !== 'anonymous') authorization.set(role, (await signIn(t.app, world[role].email)).authorization);
  }
});
afterAll(() => t?.close());

const apiRoutes = () => t.app.registeredRoutes.filter((route) => route.url.startsWith('/api/v1'));
const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe('every route states its access', () => {
  it('lists every /api/v1 route of the app in the policy table, with the access it states', () => {
    const registered = apiRoutes();
    expect(registered.length).toBeGreaterThan(40);
    const missing = registered.filter((route) => !POLICY[keyOf(route)]).map(keyOf);
    expect(missing, 'routes without a row in POLICY').toEqual([]);
    const stale = Object.keys(POLICY).filter((key) => !registered.some((route) => keyOf(route) === key));
    expect(stale, 'rows of POLICY without a route').toEqual([]);
    for (const route of registered) {
      expect(route.access, keyOf(route)).toBe(POLICY[keyOf(route)]?.access);
    }
  });

  it('states an expectation for every role and every target of each route', () => {
    for (const [key, route] of Object.entries(POLICY)) {
      for (const role of ROLES) {
        for (const target of route.targets)
          expect(expectedOutcome(route, role, target), `${key} ${role} ${target}`).toBeDefined();
      }
    }
  });

  it('serves nothing but reading outside /api/v1 (the web app and its files)', () => {
    const others = t.app.registeredRoutes.filter((route) => !route.url.startsWith('/api/v1'));
    expect(others.map(keyOf)).toEqual(expect.arrayContaining(['GET /*', 'HEAD /*']));
    for (const route of others) expect(['GET', 'HEAD'], keyOf(route)).toContain(route.method);
  });

  it('refuses to build an app with a /api/v1 route that states no access', async () => {
    const app = Fastify({ logger: false });
    registerAuthentication(app, {
      db: t.db,
      accessTokens: createAccessTokens('x'.repeat(32)),
      signedUrls: createSignedUrls('x'.repeat(32)),
      clock: () => new Date(),
    });
    const build = async () => {
      await app.register(
        async (api) => {
          api.get('/stated', { config: { access: 'user' } }, async () => 'fine');
          api.get('/unstated', async () => 'open to all');
        },
        { prefix: '/api/v1' },
      );
      await app.ready();
    };
    await expect(build()).rejects.toThrow(
      'Route GET /api/v1/unstated states no access policy (config.access)',
    );
    await app.close();
  });

  it('lets a route outside /api/v1 go without access (the web app)', async () => {
    const app = Fastify({ logger: false });
    registerAuthentication(app, {
      db: t.db,
      accessTokens: createAccessTokens('x'.repeat(32)),
      signedUrls: createSignedUrls('x'.repeat(32)),
      clock: () => new Date(),
    });
    app.get('/page', async () => 'page');
    await app.ready();
    expect(app.registeredRoutes.map(keyOf)).toEqual(['GET /page', 'HEAD /page']);
    await app.close();
  });
});

function expectedOutcome(route: RouteCase, role: RoleName, target: Target): Outcome | undefined {
  const expectation = route.expect[role];
  if (typeof expectation !== 'object') return target === 'none' ? expectation : undefined;
  return target === 'none' ? undefined : expectation[target];
}

const outcomeOf = (status: number): Outcome | number => (status >= 200 && status < 300 ? 'ok' : status);

describe.each(Object.keys(POLICY))('%s', (key) => {
  const route = POLICY[key] as RouteCase;
  const [method, path] = key.split(' ') as [string, string];
  const pattern = new RegExp(`^${path.replace(/:\w+/g, '[^/]+').replace('*', '.*')}$`);

  it.each(ROLES)('as %s', async (role) => {
    const actor = role === 'anonymous' ? null : world[role];
    for (const target of route.targets) {
      const ctx: Ctx = { role, target, actor, own: ownCompany(role), other: otherCompany(role) };
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
      const response = await t.app.inject(options);
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

describe('what a permitted read returns stays within the company', () => {
  it('shows client users only their own company’s tests; staff every company’s', async () => {
    await buildTest(t.db, world.client.id);
    await buildTest(t.db, world.other.id);
    await buildTest(t.db, world.demo.id);
    // The walk above made tests in more companies (the provider's, for staff's own participants).
    const everyCompany = new Set(
      (await t.db.select({ companyId: tests.companyId }).from(tests)).map((test) => test.companyId),
    );
    const companiesSeen = async (role: RoleName) => {
      const response = await t.app.inject({
        url: '/api/v1/tests',
        headers: { authorization: authorization.get(role) ?? '' },
      });
      expect(response.statusCode).toBe(200);
      return new Set((response.json() as { company_id: number }[]).map((test) => test.company_id));
    };
    expect(await companiesSeen('clientAdmin')).toEqual(new Set([world.client.id]));
    expect(await companiesSeen('clientMember')).toEqual(new Set([world.client.id]));
    expect(await companiesSeen('otherAdmin')).toEqual(new Set([world.other.id]));
    expect(await companiesSeen('demoUser')).toEqual(new Set([world.demo.id]));
    expect(await companiesSeen('staff')).toEqual(everyCompany);
    expect(await companiesSeen('superAdmin')).toEqual(everyCompany);
  });

  it('shows a company’s users only its own members', async () => {
    const response = await t.app.inject({
      url: `/api/v1/companies/${world.client.id}/users/`,
      headers: { authorization: authorization.get('clientMember') ?? '' },
    });
    expect(response.statusCode).toBe(200);
    const companyIds = new Set((response.json() as { company_id: number }[]).map((user) => user.company_id));
    expect(companyIds).toEqual(new Set([world.client.id]));
  });
});

describe('the research area without the analysis licence (spec 2 §6)', () => {
  let researcherOnly: string;

  beforeAll(async () => {
    const lab = await buildCompany(t.db, { name: 'Research Lab', licenceResearch: true });
    const user = await buildUser(t.db, { role: 'company_member', companyId: lab.id });
    researcherOnly = (await signIn(t.app, user.email)).authorization;
  });

  const get = (url: string) => t.app.inject({ url, headers: { authorization: researcherOnly } });

  it('loads what the setup editor offers: the companies, a company’s users and the researchers', async () => {
    expect((await get('/api/v1/companies')).statusCode).toBe(200);
    const requesters = await get(`/api/v1/companies/${world.client.id}/users/`);
    expect(requesters.statusCode).toBe(200);
    expect((requesters.json() as { id: number }[]).map((user) => user.id)).toEqual(
      expect.arrayContaining([world.clientAdmin.id, world.clientMember.id]),
    );
    const researchers = await get('/api/v1/researchers');
    expect(researchers.statusCode).toBe(200);
    const ids = (researchers.json() as { id: number }[]).map((user) => user.id);
    expect(ids).toEqual(expect.arrayContaining([world.superAdmin.id, world.staff.id]));
    expect(ids).not.toContain(world.clientAdmin.id);
  });

  it('gets nothing more of the admin area: all users, a company’s details, creating companies', async () => {
    expect((await get('/api/v1/users')).statusCode).toBe(403);
    expect((await get(`/api/v1/companies/${world.client.id}`)).statusCode).toBe(403);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/companies',
      headers: { authorization: researcherOnly },
      payload: {},
    });
    expect(created.statusCode).toBe(403);
  });
});
