import { type InputCase, signedIn, videoFormFile } from '../../../test/bad-input-matrix.js';
import { signedQuery } from '../../../test/bad-input-world.js';
import { buildParticipant, buildTest, giveVideo, RESULTS_READY } from '../../../test/factories.js';
import { multipartFile } from '../../../test/images.js';
import {
  type Ctx,
  companyOf,
  GET_AND_HEAD,
  ownCompanyRoute,
  type RouteCases,
  readsOwnCompany,
  researchRoute,
  signedUrlHolderOk,
} from '../../../test/route-policy-matrix.js';
import { tinyMp4 } from '../../../test/videos.js';

/** A done test of the target company with a recorded participant (synthetic streams). */
async function participantOf(ctx: Ctx, type: 'default' | 'video_heatmap' = 'default') {
  const test = await buildTest(ctx.t.db, companyOf(ctx).id, RESULTS_READY);
  const { id } = await buildParticipant(ctx.t, test.id, { type });
  return { testId: test.id, participantId: id, url: `/api/v1/tests/${test.id}/participants/${id}` };
}

/** Participants: whoever reads the test reads its participants and their streams. */
export const participantsPolicyCases: RouteCases = {
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/participants',
    ownCompanyRoute(async (ctx) => ({
      url: `/api/v1/tests/${(await participantOf(ctx)).testId}/participants`,
    })),
  ),
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/participants/:pid',
    ownCompanyRoute(async (ctx) => ({
      url: `${(await participantOf(ctx)).url}?associations=emotions,sections`,
    })),
  ),
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/participants/:pid/streams/:kind',
    ownCompanyRoute(async (ctx) => ({ url: `${(await participantOf(ctx)).url}/streams/eyes` })),
  ),
  ...GET_AND_HEAD(
    '/api/v1/participants/get_video_participant',
    ownCompanyRoute(async (ctx) => ({
      url: `/api/v1/participants/get_video_participant?test_id=${(await participantOf(ctx, 'video_heatmap')).testId}`,
    })),
  ),
  // Media by signed URL: the signature is the capability, granted by the answers that name the
  // video after checking the reader (GET /tests/{id}, the participant calls); signed-urls.test.ts.
  ...GET_AND_HEAD('/api/v1/tests/:id/participants/:pid/video', {
    access: 'signed',
    targets: ['own', 'other'],
    request: async (ctx) => {
      const { testId, participantId } = await participantOf(ctx);
      await giveVideo(ctx.t, { participantId });
      return { url: ctx.t.sign(`/api/v1/tests/${testId}/participants/${participantId}/video`) };
    },
    expect: signedUrlHolderOk,
  }),
  // A GET that toggles (the spec's call), without a HEAD twin. Demo users only read.
  'GET /api/v1/tests/:id/participants/:pid/favourite': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `${(await participantOf(ctx)).url}/favourite` }),
    expect: { ...readsOwnCompany, demoUser: { own: 403, other: 404 } },
  },
  'DELETE /api/v1/tests/:id/participants/:pid': researchRoute(async (ctx) => ({
    url: (await participantOf(ctx)).url,
  })),

  'PATCH /api/v1/tests/:id/participants/:pid': researchRoute(async (ctx) => ({
    url: (await participantOf(ctx)).url,
    ...(await multipartFile(await tinyMp4(), {
      field: 'video',
      filename: 'screen.mp4',
      type: 'video/mp4',
    })),
  })),
};

export const participantsInputCases: InputCase[] = [
  signedIn('GET /api/v1/tests/:id/participants', ['params', 'querystring'], (w) => ({
    id: w.recordedTestId,
    query: { cohort: 'remote' },
  })),
  signedIn('GET /api/v1/tests/:id/participants/:pid', ['querystring', 'params'], (w) => ({
    id: w.recordedTestId,
    params: { pid: w.recordedParticipantId },
    query: { associations: 'emotions,mice,eyes,sections,significant_points', fields: 'video' },
  })),
  signedIn('GET /api/v1/tests/:id/participants/:pid/streams/:kind', ['params'], (w) => ({
    id: w.recordedTestId,
    params: { pid: w.recordedParticipantId, kind: 'eyes' },
  })),
  signedIn('GET /api/v1/participants/get_video_participant', ['querystring'], (w) => ({
    query: { test_id: String(w.videoTestId) },
  })),
  signedIn('GET /api/v1/tests/:id/participants/:pid/video', ['querystring', 'params'], (w) => ({
    id: w.recordedTestId,
    params: { pid: w.recordedParticipantId },
    query: signedQuery(w, `/api/v1/tests/${w.recordedTestId}/participants/${w.recordedParticipantId}/video`),
  })),
  signedIn('GET /api/v1/tests/:id/participants/:pid/favourite', ['params'], (w) => ({
    id: w.recordedTestId,
    params: { pid: w.recordedParticipantId },
  })),
  signedIn('DELETE /api/v1/tests/:id/participants/:pid', ['params'], async (w) => ({
    id: w.recordedTestId,
    params: { pid: (await buildParticipant(w.t, w.recordedTestId)).id },
  })),
  {
    ...signedIn('PATCH /api/v1/tests/:id/participants/:pid', ['params'], async (w) => ({
      id: w.recordedTestId,
      params: { pid: (await buildParticipant(w.t, w.recordedTestId)).id },
    })),
    multipart: videoFormFile('video'),
  },
];
