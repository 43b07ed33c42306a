import type { JsonObject } from '../../../test/bad-input-checks.js';
import { type InputCase, signedIn, videoFormFile } from '../../../test/bad-input-matrix.js';
import { type InputWorld, signedQuery } from '../../../test/bad-input-world.js';
import { buildTest, giveVideo } from '../../../test/factories.js';
import {
  companyOf,
  fresh,
  GET_AND_HEAD,
  ownCompanyRoute,
  type RoleExpectation,
  type RoleName,
  type RouteCases,
  readsOwnCompany,
  researchRoute,
  signedInRoute,
  signedUrlHolderOk,
} from '../../../test/route-policy-matrix.js';

/**
 * Changing drafts: staff for every company, client users their own; demo users never (403 on
 * their own company's, which they see; another company's is not found).
 */
const ordersOwnTests: Record<RoleName, RoleExpectation> = {
  ...readsOwnCompany,
  demoUser: { own: 403, other: 404 },
};
/** Ordering: demo users are refused by their role before the body's company is read (403 alike). */
const ordersForOwnCompany: Record<RoleName, RoleExpectation> = {
  ...ordersOwnTests,
  demoUser: { own: 403, other: 403 },
};

/** Tests: every signed-in user; what each sees is checked in tests.route-policy.test.ts. */
export const testsPolicyCases: RouteCases = {
  ...GET_AND_HEAD(
    '/api/v1/tests',
    signedInRoute(() => ({ url: '/api/v1/tests' })),
  ),
  ...GET_AND_HEAD(
    '/api/v1/tests/:id',
    ownCompanyRoute(async (ctx) => ({
      url: `/api/v1/tests/${(await buildTest(ctx.t.db, companyOf(ctx).id)).id}`,
    })),
  ),
  // Ordering: staff for any company; client users for their own (drafts); demo users not at all.
  'POST /api/v1/tests': {
    access: 'user',
    targets: ['own', 'other'],
    request: (ctx) => ({
      url: '/api/v1/tests',
      payload: { test: { name: fresh('Order'), company_id: companyOf(ctx).id } },
    }),
    expect: ordersForOwnCompany,
  },
  'PATCH /api/v1/tests/:id': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: `/api/v1/tests/${(await buildTest(ctx.t.db, companyOf(ctx).id)).id}`,
      payload: { test: { name: fresh('Renamed') } },
    }),
    expect: ordersOwnTests,
  },
  'DELETE /api/v1/tests/:id': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/tests/${(await buildTest(ctx.t.db, companyOf(ctx).id)).id}` }),
    expect: ordersOwnTests,
  },
  ...GET_AND_HEAD(
    '/api/v1/categories',
    signedInRoute(() => ({ url: '/api/v1/categories' })),
  ),
  ...GET_AND_HEAD(
    '/api/v1/flows',
    signedInRoute(() => ({ url: '/api/v1/flows' })),
  ),
  // The research area's files of a test: staff on any company's test, nobody else.
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/files',
    researchRoute(async (ctx) => ({
      url: `/api/v1/tests/${(await buildTest(ctx.t.db, companyOf(ctx).id)).id}/files`,
    })),
  ),
  // Media by signed URL: the signature is the capability, granted by the answers that name the
  // video after checking the reader (GET /tests/{id}, the participant calls); signed-urls.test.ts.
  ...GET_AND_HEAD('/api/v1/tests/:id/video', {
    access: 'signed',
    targets: ['own', 'other'],
    request: async (ctx) => {
      const test = await buildTest(ctx.t.db, companyOf(ctx).id, { platform: 'video' });
      await giveVideo(ctx.t, { testId: test.id });
      return { url: ctx.t.sign(`/api/v1/tests/${test.id}/video`) };
    },
    expect: signedUrlHolderOk,
  }),
};

/** A write of every field of a test that staff may set (a draft: it takes no credit). */
function orderSample(w: InputWorld, extra: JsonObject = {}): JsonObject {
  return {
    name: 'Checkout test',
    purpose: 'Find what stops buyers',
    test_type: 'professional',
    platform: 'desktop',
    state: 'draft',
    translation: 'English',
    focus_elements: ['Menu'],
    scenario: 'Buy a pair of shoes',
    url: 'https://shop.example',
    stop_moment: 'The order confirmation',
    target_group: 'custom',
    custom_target: 'Runners over 40',
    requester_id: w.world.clientMember.id,
    researcher_id: w.world.staff.id,
    category_id: w.categoryId,
    flow_id: w.flowId,
    brand_name: 'Shoes',
    comments: 'Call first',
    delivery_date: '2026-12-01',
    external_app: false,
    minimum_participants_for_metrics: 5,
    translation_language: 'Dutch',
    timing: 'Before Christmas',
    addons: ['tagon'],
    associations: [{ text: 'Modern' }],
    open_questions: [{ text: 'What did you miss?' }],
    evaluations: [{ text: 'How easy was it?', caption_low: 'Hard', caption_high: 'Easy' }],
    ...extra,
  };
}

export const testsInputCases: InputCase[] = [
  signedIn('GET /api/v1/tests', ['querystring'], () => ({ query: { homepage: '1' } })),
  signedIn('GET /api/v1/tests/:id', ['params'], (w) => ({ id: w.recordedTestId })),
  {
    key: 'POST /api/v1/tests',
    isPublic: false,
    parts: ['body'],
    acceptsMultipart: true,
    multipart: videoFormFile('test[video]'),
    sample: (w) => ({ body: { test: orderSample(w, { company_id: w.world.client.id }) } }),
  },
  {
    key: 'PATCH /api/v1/tests/:id',
    isPublic: false,
    parts: ['params', 'body'],
    acceptsMultipart: true,
    multipart: videoFormFile('test[video]'),
    sample: async (w) => ({
      id: (await buildTest(w.t.db, w.world.client.id)).id,
      body: { test: orderSample(w) },
    }),
  },
  signedIn('DELETE /api/v1/tests/:id', ['params'], async (w) => ({
    id: (await buildTest(w.t.db, w.world.client.id)).id,
  })),
  signedIn('GET /api/v1/tests/:id/files', ['params'], (w) => ({ id: w.recordedTestId })),
  signedIn('GET /api/v1/tests/:id/video', ['querystring', 'params'], (w) => ({
    id: w.videoTestId,
    query: signedQuery(w, `/api/v1/tests/${w.videoTestId}/video`),
  })),
];
