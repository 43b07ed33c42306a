import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import { type InputWorld, nextNumber, signedQuery } from '../../../test/bad-input-world.js';
import {
  buildParticipant,
  buildTest,
  giveCohortHeatmapVideo,
  RESULTS_READY,
} from '../../../test/factories.js';
import {
  type Ctx,
  companyOf,
  GET_AND_HEAD,
  ownCompanyRoute,
  type RouteCases,
  researchRoute,
  signedUrlHolderOk,
} from '../../../test/route-policy-matrix.js';
import type { Database } from '../../db/client.js';
import { consultancyNotes, labels } from '../../db/schema.js';

/** A done Professional video test of the case's company. */
const videoTestOf = (ctx: Ctx) =>
  buildTest(ctx.t.db, companyOf(ctx).id, { platform: 'video', ...RESULTS_READY });

async function newScene(db: Database, testId: number): Promise<number> {
  const [row] = await db
    .insert(labels)
    .values({ testId, name: `Scene ${nextNumber()}` })
    .returning({ id: labels.id });
  if (!row) throw new Error('no label');
  return row.id;
}

async function newNote(db: Database, testId: number): Promise<number> {
  const [row] = await db
    .insert(consultancyNotes)
    .values({ labelId: await newScene(db, testId), noteType: 0, note: '' })
    .returning({ id: consultancyNotes.id });
  if (!row) throw new Error('no note');
  return row.id;
}

const threeNotes = (labelId: number) =>
  ([0, 1, 2] as const).map((noteType) => ({ note_type: noteType, note: '', label_id: labelId }));

export const videoTestsPolicyCases: RouteCases = {
  // A GET that starts video processing (the spec's call), without a HEAD twin: the research area.
  'GET /api/v1/tests/:id/process_video_test': researchRoute(async (ctx) => {
    const test = await buildTest(ctx.t.db, companyOf(ctx).id, { platform: 'video' });
    await buildParticipant(ctx.t, test.id);
    return { url: `/api/v1/tests/${test.id}/process_video_test` };
  }),
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/video_results',
    ownCompanyRoute(async (ctx) => ({ url: `/api/v1/tests/${(await videoTestOf(ctx)).id}/video_results` })),
  ),
  // Media by signed URL: the signature is the capability, granted by the video results' answer.
  ...GET_AND_HEAD('/api/v1/tests/:id/heatmap_video/:cohort', {
    access: 'signed',
    targets: ['own', 'other'],
    request: async (ctx) => {
      const test = await videoTestOf(ctx);
      const result = await buildParticipant(ctx.t, test.id, {
        type: 'video_heatmap',
        realId: 'video-heatmap',
      });
      await giveCohortHeatmapVideo(ctx.t, result.id, 'lab');
      return { url: ctx.t.sign(`/api/v1/tests/${test.id}/heatmap_video/lab`) };
    },
    expect: signedUrlHolderOk,
  }),
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/video_norms',
    ownCompanyRoute(async (ctx) => ({ url: `/api/v1/tests/${(await videoTestOf(ctx)).id}/video_norms` })),
  ),
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/consultancy_notes',
    ownCompanyRoute(async (ctx) => ({
      url: `/api/v1/tests/${(await videoTestOf(ctx)).id}/consultancy_notes`,
    })),
  ),
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/qualitative_feedback',
    ownCompanyRoute(async (ctx) => ({
      url: `/api/v1/tests/${(await videoTestOf(ctx)).id}/qualitative_feedback`,
    })),
  ),
  'POST /api/v1/consultancy_notes/batch_create': researchRoute(async (ctx) => ({
    url: '/api/v1/consultancy_notes/batch_create',
    payload: { consultancy_notes: threeNotes(await newScene(ctx.t.db, (await videoTestOf(ctx)).id)) },
  })),
  'PATCH /api/v1/consultancy_notes/:id': researchRoute(async (ctx) => ({
    url: `/api/v1/consultancy_notes/${await newNote(ctx.t.db, (await videoTestOf(ctx)).id)}`,
    payload: { consultancy_note: { note: 'The logo appears too late.' } },
  })),
  'PUT /api/v1/tests/:id/shown_associations': researchRoute(async (ctx) => ({
    url: `/api/v1/tests/${(await videoTestOf(ctx)).id}/shown_associations`,
    payload: { association_ids: [] },
  })),
  'POST /api/v1/tests/:id/generated_viewers': researchRoute(async (ctx) => {
    const test = await videoTestOf(ctx);
    await buildParticipant(ctx.t, test.id, { type: 'video_heatmap', realId: 'video-heatmap' });
    return { url: `/api/v1/tests/${test.id}/generated_viewers` };
  }),
};

const sceneOfVideoTest = (w: InputWorld) => newScene(w.t.db, w.videoTestId);

export const videoTestsInputCases: InputCase[] = [
  signedIn('GET /api/v1/tests/:id/process_video_test', ['params'], (w) => ({ id: w.videoTestId })),
  ...(['video_norms', 'consultancy_notes', 'generated_viewers'] as const).map(
    (path): InputCase => ({
      key: `${path === 'generated_viewers' ? 'POST' : 'GET'} /api/v1/tests/:id/${path}`,
      isPublic: false,
      parts: ['params'],
      sample: (w) => ({ id: w.videoTestId }),
    }),
  ),
  ...(['video_results', 'qualitative_feedback'] as const).map((path) =>
    signedIn(`GET /api/v1/tests/:id/${path}`, ['params', 'querystring'], (w) => ({
      id: w.videoTestId,
      query: { cohort: 'lab' },
    })),
  ),
  signedIn('GET /api/v1/tests/:id/heatmap_video/:cohort', ['params', 'querystring'], (w) => ({
    id: w.videoTestId,
    params: { cohort: 'remote' },
    query: signedQuery(w, `/api/v1/tests/${w.videoTestId}/heatmap_video/remote`),
  })),
  signedIn('POST /api/v1/consultancy_notes/batch_create', ['body'], async (w) => ({
    body: { consultancy_notes: threeNotes(await sceneOfVideoTest(w)) },
  })),
  signedIn('PATCH /api/v1/consultancy_notes/:id', ['params', 'body'], async (w) => ({
    id: await newNote(w.t.db, w.videoTestId),
    body: { consultancy_note: { note: 'Shorter, please.' } },
  })),
  signedIn('PUT /api/v1/tests/:id/shown_associations', ['params', 'body'], (w) => ({
    id: w.videoTestId,
    body: { association_ids: [] },
  })),
];
