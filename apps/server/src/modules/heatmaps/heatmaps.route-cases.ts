import { randomBytes } from 'node:crypto';
import { type InputCase, imageFormFile, signedIn } from '../../../test/bad-input-matrix.js';
import { type InputWorld, signedQuery } from '../../../test/bad-input-world.js';
import { buildParticipant, buildTest } from '../../../test/factories.js';
import { IMAGES, multipartFile } from '../../../test/images.js';
import {
  type Ctx,
  companyOf,
  GET_AND_HEAD,
  ownCompanyRoute,
  type RouteCases,
  researchRoute,
  signedUrlHolderOk,
} from '../../../test/route-policy-matrix.js';
import { heatmaps } from '../../db/schema.js';
import { screenshotKey, screenshotPath } from './heatmap-screenshots.js';

/** Heatmaps are not Professional-only (spec 3 §6): an Essential test's readers read them too. */
const ESSENTIAL_DONE = { state: 'done', testType: 'essential' } as const;

/** A done Essential test of the target company with a heatmap page and its screenshot. */
async function heatmapOf(ctx: Ctx) {
  const test = await buildTest(ctx.t.db, companyOf(ctx).id, ESSENTIAL_DONE);
  const screenshot = `${randomBytes(16).toString('hex')}.png`;
  await ctx.t.files.put(screenshotKey(test.id, screenshot), IMAGES.png);
  const [row] = await ctx.t.db
    .insert(heatmaps)
    .values({ testId: test.id, name: 'Home', url: 'http://198.51.100.7/', screenshot })
    .returning();
  if (!row) throw new Error('no heatmap');
  return {
    testUrl: `/api/v1/tests/${test.id}/heatmaps`,
    url: `/api/v1/tests/${test.id}/heatmaps/${row.id}`,
    uploadUrl: `/api/v1/tests/${test.id}/heatmap_screenshots`,
    screenshotPath: screenshotPath(test.id, screenshot),
  };
}

/** A heatmap page of a done Essential test with a recorded participant. */
async function heatmapWithParticipant(ctx: Ctx) {
  const page = await heatmapOf(ctx);
  const testId = Number(page.testUrl.split('/')[4]);
  const participant = await buildParticipant(ctx.t, testId);
  return { url: page.url, participantId: participant.id };
}

/** Heatmap pages: whoever reads the test's results reads them; the research area writes. */
export const heatmapsPolicyCases: RouteCases = {
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/heatmaps',
    ownCompanyRoute(async (ctx) => ({ url: (await heatmapOf(ctx)).testUrl })),
  ),
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/heatmaps/:hid',
    ownCompanyRoute(async (ctx) => ({ url: (await heatmapOf(ctx)).url })),
  ),
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/heatmaps/:hid/points',
    ownCompanyRoute(async (ctx) => ({ url: `${(await heatmapOf(ctx)).url}/points?kind=clicks` })),
  ),
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/heatmaps/:hid/areas',
    ownCompanyRoute(async (ctx) => ({ url: `${(await heatmapOf(ctx)).url}/areas?areas=0,0,100,100` })),
  ),
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/heatmaps/:hid/fixations',
    ownCompanyRoute(async (ctx) => {
      const { url, participantId } = await heatmapWithParticipant(ctx);
      return { url: `${url}/fixations?participant_ids=${participantId}` };
    }),
  ),
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/heatmaps/:hid/scroll_reach',
    ownCompanyRoute(async (ctx) => ({ url: `${(await heatmapOf(ctx)).url}/scroll_reach` })),
  ),
  'POST /api/v1/tests/:id/heatmaps': researchRoute(async (ctx) => ({
    url: (await heatmapOf(ctx)).testUrl,
    payload: { heatmap: { name: 'Cart' } },
  })),
  'PATCH /api/v1/tests/:id/heatmaps/:hid': researchRoute(async (ctx) => ({
    url: (await heatmapOf(ctx)).url,
    payload: { heatmap: { name: 'Start' } },
  })),
  'DELETE /api/v1/tests/:id/heatmaps/:hid': researchRoute(async (ctx) => ({
    url: (await heatmapOf(ctx)).url,
  })),
  // The page's address is a public IP literal: the capture is queued without a DNS look-up.
  'POST /api/v1/tests/:id/heatmaps/:hid/capture': researchRoute(async (ctx) => ({
    url: `${(await heatmapOf(ctx)).url}/capture`,
    payload: {},
  })),
  'POST /api/v1/tests/:id/heatmap_screenshots': researchRoute(async (ctx) => ({
    url: (await heatmapOf(ctx)).uploadUrl,
    ...(await multipartFile(IMAGES.png)),
  })),
  ...GET_AND_HEAD('/api/v1/tests/:id/heatmap_screenshots/:name', {
    access: 'signed',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: ctx.t.sign((await heatmapOf(ctx)).screenshotPath) }),
    expect: signedUrlHolderOk,
  }),
};

const newHeatmap = async (w: InputWorld) => {
  const [row] = await w.t.db
    .insert(heatmaps)
    .values({ testId: w.recordedTestId, name: 'Home', url: 'http://198.51.100.7/' })
    .returning({ id: heatmaps.id });
  if (!row) throw new Error('no heatmap');
  return row.id;
};

const uploadedScreenshot = async (w: InputWorld) => {
  const name = `${randomBytes(16).toString('hex')}.png`;
  await w.t.files.put(screenshotKey(w.recordedTestId, name), IMAGES.png);
  return name;
};

export const heatmapsInputCases: InputCase[] = [
  signedIn('GET /api/v1/tests/:id/heatmaps', ['params'], (w) => ({ id: w.recordedTestId })),
  signedIn('GET /api/v1/tests/:id/heatmaps/:hid', ['params'], async (w) => ({
    id: w.recordedTestId,
    params: { hid: await newHeatmap(w) },
  })),
  signedIn('GET /api/v1/tests/:id/heatmaps/:hid/points', ['params', 'querystring'], async (w) => ({
    id: w.recordedTestId,
    params: { hid: await newHeatmap(w) },
    query: {
      kind: 'gaze',
      first_seconds: '5',
      participant_id: String(w.recordedParticipantId),
      peaks: 'frustration',
      cohort: 'lab',
    },
  })),
  signedIn('GET /api/v1/tests/:id/heatmaps/:hid/areas', ['params', 'querystring'], async (w) => ({
    id: w.recordedTestId,
    params: { hid: await newHeatmap(w) },
    query: { areas: '0,0,100,100;10.5,20,300,40', first_seconds: '10' },
  })),
  signedIn('GET /api/v1/tests/:id/heatmaps/:hid/fixations', ['params', 'querystring'], async (w) => ({
    id: w.recordedTestId,
    params: { hid: await newHeatmap(w) },
    query: { participant_ids: String(w.recordedParticipantId), first_seconds: 'all' },
  })),
  signedIn('GET /api/v1/tests/:id/heatmaps/:hid/scroll_reach', ['params', 'querystring'], async (w) => ({
    id: w.recordedTestId,
    params: { hid: await newHeatmap(w) },
    query: { cohort: 'remote' },
  })),
  signedIn('POST /api/v1/tests/:id/heatmaps', ['body', 'params'], async (w) => ({
    id: w.recordedTestId,
    body: {
      heatmap: {
        name: 'Home',
        url: 'https://shop.example/',
        match_type: 'starts_with',
        screenshot: await uploadedScreenshot(w),
      },
    },
  })),
  signedIn('PATCH /api/v1/tests/:id/heatmaps/:hid', ['body', 'params'], async (w) => ({
    id: w.recordedTestId,
    params: { hid: await newHeatmap(w) },
    body: { heatmap: { name: 'Cart', match_type: 'exact', screenshot: await uploadedScreenshot(w) } },
  })),
  signedIn('DELETE /api/v1/tests/:id/heatmaps/:hid', ['params'], async (w) => ({
    id: w.recordedTestId,
    params: { hid: await newHeatmap(w) },
  })),
  signedIn('POST /api/v1/tests/:id/heatmaps/:hid/capture', ['params'], async (w) => ({
    id: w.recordedTestId,
    params: { hid: await newHeatmap(w) },
  })),
  {
    ...signedIn('POST /api/v1/tests/:id/heatmap_screenshots', ['params'], (w) => ({ id: w.recordedTestId })),
    multipart: imageFormFile,
  },
  signedIn('GET /api/v1/tests/:id/heatmap_screenshots/:name', ['querystring', 'params'], async (w) => {
    const name = await uploadedScreenshot(w);
    return {
      id: w.recordedTestId,
      params: { name },
      query: signedQuery(w, screenshotPath(w.recordedTestId, name)),
    };
  }),
];
