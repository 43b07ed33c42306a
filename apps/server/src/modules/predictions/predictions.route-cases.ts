import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type InputCase, imageFormFile, signedIn } from '../../../test/bad-input-matrix.js';
import { signedQuery } from '../../../test/bad-input-world.js';
import { buildTest } from '../../../test/factories.js';
import { buildPrediction, buildProject, screenshotPng, uploadForm } from '../../../test/predictions.js';
import {
  type Ctx,
  companyOf,
  GET_AND_HEAD,
  ownCompanyRoute,
  type RoleExpectation,
  type RoleName,
  type RouteCases,
  readsOwnCompany,
  signedInOk,
  signedInRoute,
  signedUrlHolderOk,
} from '../../../test/route-policy-matrix.js';
import { areasOfInterest, heatmaps, predictions } from '../../db/schema.js';
import { screenshotKey } from '../heatmaps/heatmap-screenshots.js';

/** A prediction of the target company, not generated yet. */
const predictionOf = (ctx: Ctx) => buildPrediction(ctx.t, companyOf(ctx).id);

/** A prediction of the target company with one box; its path and the box's. */
async function areaOf(ctx: Ctx) {
  const id = await predictionOf(ctx);
  const [area] = await ctx.t.db
    .insert(areasOfInterest)
    .values({ predictionId: id, ordinal: 1, top: 0, left: 0, width: 50, height: 20 })
    .returning({ id: areasOfInterest.id });
  if (!area) throw new Error('no area');
  return `/api/v1/predictions/${id}/areas_of_interest/${area.id}`;
}

/** A project of the target company. */
const projectOf = (ctx: Ctx) => buildProject(ctx.t, companyOf(ctx).id);

/** A capture that passes the access check; its loopback address is then refused (400) without a browser. */
const LOOPBACK_CAPTURE = {
  prediction: { url: 'http://127.0.0.1/', device: 'desktop', view: 'above_fold', title: 'Home' },
};

/** A done test of the target company with a heatmap page and its screenshot; the page's path. */
async function heatmapPageOf(ctx: Ctx): Promise<{ url: string; heatmapId: number }> {
  const test = await buildTest(ctx.t.db, companyOf(ctx).id, { state: 'done', testType: 'essential' });
  const screenshot = `${randomBytes(16).toString('hex')}.png`;
  await ctx.t.files.put(screenshotKey(test.id, screenshot), await screenshotPng());
  const [row] = await ctx.t.db
    .insert(heatmaps)
    .values({ testId: test.id, name: 'Home', screenshot })
    .returning({ id: heatmaps.id });
  if (!row) throw new Error('no heatmap');
  return { url: `/api/v1/tests/${test.id}/heatmaps/${row.id}/prediction`, heatmapId: row.id };
}

/** Such a page with a prediction of its screenshot already made. */
async function predictedPageOf(ctx: Ctx): Promise<string> {
  const page = await heatmapPageOf(ctx);
  const id = await predictionOf(ctx);
  await ctx.t.db.update(predictions).set({ heatmapId: page.heatmapId }).where(eq(predictions.id, id));
  return page.url;
}

/** A company's predictions are its own: every other company's are answered as not found. */
const readsOwnPredictions: Record<RoleName, RoleExpectation> = {
  anonymous: { own: 401, other: 401 },
  superAdmin: { own: 'ok', other: 404 },
  staff: { own: 'ok', other: 404 },
  clientAdmin: { own: 'ok', other: 404 },
  clientMember: { own: 'ok', other: 404 },
  otherAdmin: { own: 'ok', other: 404 },
  demoUser: { own: 'ok', other: 404 },
};
/** Demo users only read: the demo company is shared by strangers. */
const writesOwnPredictions = { ...readsOwnPredictions, demoUser: { own: 403, other: 404 } } as const;

export const predictionsPolicyCases: RouteCases = {
  ...GET_AND_HEAD(
    '/api/v1/predictions',
    signedInRoute(() => ({ url: '/api/v1/predictions' })),
  ),
  'POST /api/v1/predictions': {
    access: 'user',
    targets: ['none'],
    request: async () => ({
      url: '/api/v1/predictions',
      ...(await uploadForm(await screenshotPng(), { title: 'Landing page' })),
    }),
    expect: { ...signedInOk, demoUser: 403 },
  },
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/heatmaps/:hid/prediction',
    ownCompanyRoute(async (ctx) => ({ url: await predictedPageOf(ctx) })),
  ),
  // Researchers of any company's test; a company's own users, but not demo users, who only read.
  'POST /api/v1/tests/:id/heatmaps/:hid/prediction': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: (await heatmapPageOf(ctx)).url }),
    expect: { ...readsOwnCompany, demoUser: { own: 403, other: 404 } },
  },
  'POST /api/v1/predictions/capture': {
    access: 'user',
    targets: ['none'],
    request: () => ({ url: '/api/v1/predictions/capture', payload: LOOPBACK_CAPTURE }),
    expect: {
      anonymous: 401,
      superAdmin: 400,
      staff: 400,
      clientAdmin: 400,
      clientMember: 400,
      otherAdmin: 400,
      demoUser: 403,
    },
  },
  ...GET_AND_HEAD(
    '/api/v1/prediction_projects',
    signedInRoute(() => ({ url: '/api/v1/prediction_projects' })),
  ),
  'POST /api/v1/prediction_projects': {
    access: 'user',
    targets: ['none'],
    request: () => ({ url: '/api/v1/prediction_projects', payload: { project: { name: 'Relaunch' } } }),
    expect: { ...signedInOk, demoUser: 403 },
  },
  ...GET_AND_HEAD('/api/v1/prediction_projects/:id', {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/prediction_projects/${await projectOf(ctx)}` }),
    expect: readsOwnPredictions,
  }),
  'PATCH /api/v1/prediction_projects/:id': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: `/api/v1/prediction_projects/${await projectOf(ctx)}`,
      payload: { project: { name: 'Renamed' } },
    }),
    expect: writesOwnPredictions,
  },
  'DELETE /api/v1/prediction_projects/:id': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/prediction_projects/${await projectOf(ctx)}` }),
    expect: writesOwnPredictions,
  },
  ...GET_AND_HEAD('/api/v1/predictions/:id', {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/predictions/${await predictionOf(ctx)}` }),
    expect: readsOwnPredictions,
  }),
  'PATCH /api/v1/predictions/:id': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: `/api/v1/predictions/${await predictionOf(ctx)}`,
      payload: { prediction: { title: 'Renamed' } },
    }),
    expect: writesOwnPredictions,
  },
  'DELETE /api/v1/predictions/:id': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/predictions/${await predictionOf(ctx)}` }),
    expect: writesOwnPredictions,
  },
  // The spec's GET that generates, without a HEAD twin.
  'GET /api/v1/predictions/:id/generate': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/predictions/${await predictionOf(ctx)}/generate` }),
    expect: writesOwnPredictions,
  },
  // The signature is the capability, granted by the answers that name the image after checking the reader.
  ...GET_AND_HEAD('/api/v1/predictions/:id/media/:kind', {
    access: 'signed',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: ctx.t.sign(`/api/v1/predictions/${await predictionOf(ctx)}/media/image`),
    }),
    expect: signedUrlHolderOk,
  }),
  'POST /api/v1/predictions/:id/areas_of_interest': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({
      url: `/api/v1/predictions/${await predictionOf(ctx)}/areas_of_interest`,
      payload: { area_of_interest: { top: 10, left: 10, width: 40, height: 20 } },
    }),
    expect: writesOwnPredictions,
  },
  'PATCH /api/v1/predictions/:id/areas_of_interest/:aid': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: await areaOf(ctx), payload: { area_of_interest: { name: 'Header' } } }),
    expect: writesOwnPredictions,
  },
  'DELETE /api/v1/predictions/:id/areas_of_interest/:aid': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: await areaOf(ctx) }),
    expect: writesOwnPredictions,
  },
};

const ownPrediction = (w: Parameters<InputCase['sample']>[0]) => buildPrediction(w.t, w.world.provider.id);

const ownProject = (w: Parameters<InputCase['sample']>[0]) => buildProject(w.t, w.world.provider.id);

/** A heatmap page of the input world's recorded test, with a screenshot. */
async function recordedPage(w: Parameters<InputCase['sample']>[0]): Promise<number> {
  const screenshot = `${randomBytes(16).toString('hex')}.png`;
  await w.t.files.put(screenshotKey(w.recordedTestId, screenshot), await screenshotPng());
  const [row] = await w.t.db
    .insert(heatmaps)
    .values({ testId: w.recordedTestId, name: 'Home', screenshot })
    .returning({ id: heatmaps.id });
  if (!row) throw new Error('no heatmap');
  return row.id;
}

export const predictionsInputCases: InputCase[] = [
  signedIn('GET /api/v1/tests/:id/heatmaps/:hid/prediction', ['params'], async (w) => ({
    id: w.recordedTestId,
    params: { hid: await recordedPage(w) },
  })),
  signedIn('POST /api/v1/tests/:id/heatmaps/:hid/prediction', ['params'], async (w) => ({
    id: w.recordedTestId,
    params: { hid: await recordedPage(w) },
  })),
  signedIn('GET /api/v1/predictions', ['querystring'], async (w) => ({
    query: { project_id: String(await ownProject(w)) },
  })),
  signedIn('POST /api/v1/predictions/capture', ['body'], () => ({ body: LOOPBACK_CAPTURE })),
  signedIn('POST /api/v1/prediction_projects', ['body'], () => ({
    body: { project: { name: 'Relaunch', description: 'The new shop' } },
  })),
  signedIn('GET /api/v1/prediction_projects/:id', ['params'], async (w) => ({ id: await ownProject(w) })),
  signedIn('PATCH /api/v1/prediction_projects/:id', ['body', 'params'], async (w) => ({
    id: await ownProject(w),
    body: { project: { name: 'Relaunch 2', description: '' } },
  })),
  signedIn('DELETE /api/v1/prediction_projects/:id', ['params'], async (w) => ({ id: await ownProject(w) })),
  signedIn('GET /api/v1/predictions/:id', ['params'], async (w) => ({ id: await ownPrediction(w) })),
  signedIn('PATCH /api/v1/predictions/:id', ['body', 'params'], async (w) => ({
    id: await ownPrediction(w),
    body: { prediction: { title: 'Pricing page', application: 'Website', project_id: null } },
  })),
  signedIn('DELETE /api/v1/predictions/:id', ['params'], async (w) => ({ id: await ownPrediction(w) })),
  signedIn('GET /api/v1/predictions/:id/generate', ['params'], async (w) => ({ id: await ownPrediction(w) })),
  signedIn('GET /api/v1/predictions/:id/media/:kind', ['querystring', 'params'], async (w) => {
    const id = await ownPrediction(w);
    return {
      id,
      params: { kind: 'image' },
      query: signedQuery(w, `/api/v1/predictions/${id}/media/image`),
    };
  }),
  signedIn('POST /api/v1/predictions/:id/areas_of_interest', ['body', 'params'], async (w) => ({
    id: await ownPrediction(w),
    body: { area_of_interest: { top: 0, left: 0, width: 60, height: 30, name: 'Header' } },
  })),
  signedIn('PATCH /api/v1/predictions/:id/areas_of_interest/:aid', ['body', 'params'], async (w) => {
    const id = await ownPrediction(w);
    const [area] = await w.t.db
      .insert(areasOfInterest)
      .values({ predictionId: id, ordinal: 1, top: 0, left: 0, width: 50, height: 20 })
      .returning({ id: areasOfInterest.id });
    return { id, params: { aid: area?.id ?? 0 }, body: { area_of_interest: { name: '', width: 80 } } };
  }),
  signedIn('DELETE /api/v1/predictions/:id/areas_of_interest/:aid', ['params'], async (w) => {
    const id = await ownPrediction(w);
    const [area] = await w.t.db
      .insert(areasOfInterest)
      .values({ predictionId: id, ordinal: 1, top: 0, left: 0, width: 50, height: 20 })
      .returning({ id: areasOfInterest.id });
    return { id, params: { aid: area?.id ?? 0 } };
  }),
  // A form only: no body schema, query or id; the matrix sends it broken.
  { ...signedIn('POST /api/v1/predictions', [], () => ({})), multipart: imageFormFile },
];
