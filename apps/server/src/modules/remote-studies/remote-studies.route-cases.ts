import type { InputCase } from '../../../test/bad-input-matrix.js';
import { signedIn } from '../../../test/bad-input-matrix.js';
import type { TestApp } from '../../../test/create-test-app.js';
import { buildConsentTerms, buildRemoteCohort, buildTest } from '../../../test/factories.js';
import {
  type Ctx,
  companyOf,
  GET_AND_HEAD,
  type RouteCases,
  remoteRoute,
  researchRoute,
} from '../../../test/route-policy-matrix.js';

/** A test of `companyId` with consent terms, which a remote cohort needs: a video test unless told otherwise. */
export async function remoteReadyTest(
  t: Pick<TestApp, 'db'>,
  companyId: number,
  overrides: Parameters<typeof buildTest>[2] = {},
) {
  const test = await buildTest(t.db, companyId, {
    platform: 'video',
    name: 'Commercial study',
    ...overrides,
  });
  await buildConsentTerms(t, test.id);
  return test;
}

const testOf = (ctx: Ctx) => remoteReadyTest(ctx.t, companyOf(ctx).id);

/**
 * Remote studies: the research area opens, lists and closes a test's cohorts on any company; the
 * participant's routes take the link's token or a session's, never a user's.
 */
export const remoteStudiesPolicyCases: RouteCases = {
  'POST /api/v1/tests/:id/remote_cohorts': researchRoute(async (ctx) => ({
    url: `/api/v1/tests/${(await testOf(ctx)).id}/remote_cohorts`,
    payload: { remote_cohort: { cap: 20 } },
  })),
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/remote_cohorts',
    researchRoute(async (ctx) => ({ url: `/api/v1/tests/${(await testOf(ctx)).id}/remote_cohorts` })),
  ),
  'DELETE /api/v1/remote_cohorts/:id': researchRoute(async (ctx) => {
    const test = await testOf(ctx);
    const cohort = await buildRemoteCohort(ctx.t, { testId: test.id, createdById: ctx.world.superAdmin.id });
    return { url: `/api/v1/remote_cohorts/${cohort.id}` };
  }),
  ...GET_AND_HEAD('/api/v1/remote/study', remoteRoute('remote_link', '/api/v1/remote/study')),
  'POST /api/v1/remote/participants': remoteRoute('remote_link', '/api/v1/remote/participants'),
  'PUT /api/v1/remote/session/streams/:kind/batches/:seq': remoteRoute(
    'remote_session',
    '/api/v1/remote/session/streams/eyes/batches/0',
  ),
  'POST /api/v1/remote/session/validations': remoteRoute(
    'remote_session',
    '/api/v1/remote/session/validations',
  ),
  'POST /api/v1/remote/session/end': remoteRoute('remote_session', '/api/v1/remote/session/end'),
  ...GET_AND_HEAD(
    '/api/v1/remote/session/material',
    remoteRoute('remote_session', '/api/v1/remote/session/material'),
  ),
  ...GET_AND_HEAD(
    '/api/v1/remote/session/progress',
    remoteRoute('remote_session', '/api/v1/remote/session/progress'),
  ),
  'PUT /api/v1/remote/session/answers': remoteRoute('remote_session', '/api/v1/remote/session/answers'),
};

/** A validation of five points, each with estimates `offset` px to the right of it and 2 px of jitter. */
export const validationBody = (attempt: number, offset: number) => ({
  attempt,
  geometry: { width_px: 1536, height_px: 864 },
  targets: [
    [154, 86],
    [1382, 86],
    [768, 432],
    [154, 778],
    [1382, 778],
  ].map(([x = 0, y = 0]) => ({
    x,
    y,
    estimates: Array.from({ length: 10 }, (_, i) => ({ x: x + offset + (i % 2) * 2, y })),
  })),
});

export const remoteStudiesInputCases: InputCase[] = [
  signedIn('POST /api/v1/tests/:id/remote_cohorts', ['body', 'params'], async (w) => ({
    id: (await remoteReadyTest(w.t, w.world.client.id)).id,
    body: {
      remote_cohort: {
        cap: 150,
        expires_in_days: 7,
        redirect_url: 'https://app.prolific.com/submissions/complete?cc=C1&pid={participant_id}',
        gaze: { threshold_deg: 3, max_recalibrations: 1, on_failure: 'stop', gaze_without_validation: false },
      },
    },
  })),
  signedIn('GET /api/v1/tests/:id/remote_cohorts', ['params'], async (w) => ({
    id: (await remoteReadyTest(w.t, w.world.client.id)).id,
  })),
  signedIn('DELETE /api/v1/remote_cohorts/:id', ['params'], async (w) => {
    const test = await remoteReadyTest(w.t, w.world.client.id);
    return { id: (await buildRemoteCohort(w.t, { testId: test.id, createdById: w.world.superAdmin.id })).id };
  }),
  {
    key: 'POST /api/v1/remote/participants',
    isPublic: false,
    credential: 'remoteLink',
    parts: ['body'],
    sample: () => ({
      body: {
        external_id: 'PANEL-42',
        consent: { version: 1, streams: ['eyes', 'mice'], purposes: ['report'] },
      },
    }),
  },
  {
    key: 'PUT /api/v1/remote/session/streams/:kind/batches/:seq',
    isPublic: false,
    credential: 'remoteSession',
    parts: ['params'],
    sample: () => ({ params: { kind: 'eyes', seq: 0 } }),
  },
  {
    key: 'POST /api/v1/remote/session/validations',
    isPublic: false,
    credential: 'remoteSession',
    parts: ['body'],
    sample: () => ({
      body: {
        ...validationBody(1, 20),
        geometry: { width_px: 1536, height_px: 864, width_mm: 344, distance_mm: 550 },
      },
    }),
  },
  {
    key: 'PUT /api/v1/remote/session/answers',
    isPublic: false,
    credential: 'remoteSession',
    parts: ['body'],
    sample: () => ({
      body: { answers: [{ question_id: 1, text: 'Calm and clear', score: null, checked: false }] },
    }),
  },
  {
    key: 'POST /api/v1/remote/session/end',
    isPublic: false,
    credential: 'remoteSession',
    parts: ['body'],
    sample: () => ({ body: { ended_at: 1_768_210_260 } }),
  },
];
