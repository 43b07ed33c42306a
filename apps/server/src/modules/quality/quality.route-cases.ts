import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import {
  type Ctx,
  companyOf,
  GET_AND_HEAD,
  type RouteCases,
  researchRoute,
} from '../../../test/route-policy-matrix.js';

/** A done test of the target company with one recorded participant (synthetic streams). */
async function recordedOf(ctx: Ctx) {
  const test = await buildTest(ctx.t.db, companyOf(ctx).id, RESULTS_READY);
  const { id } = await buildParticipant(ctx.t, test.id);
  return {
    url: `/api/v1/tests/${test.id}/quality`,
    participantUrl: `/api/v1/tests/${test.id}/quality/${id}`,
  };
}

/** Data quality and leaving participants out of the metrics: the research area only, on any company. */
export const qualityPolicyCases: RouteCases = {
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/quality',
    researchRoute(async (ctx) => ({ url: (await recordedOf(ctx)).url })),
  ),
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/quality/:pid',
    researchRoute(async (ctx) => ({ url: (await recordedOf(ctx)).participantUrl })),
  ),
  'PATCH /api/v1/tests/:id/quality/:pid': researchRoute(async (ctx) => ({
    url: (await recordedOf(ctx)).participantUrl,
    payload: { excluded_from_metrics: true },
  })),
};

export const qualityInputCases: InputCase[] = [
  signedIn('GET /api/v1/tests/:id/quality', ['params', 'querystring'], (w) => ({
    id: w.recordedTestId,
    query: { cohort: 'remote' },
  })),
  signedIn('GET /api/v1/tests/:id/quality/:pid', ['params'], (w) => ({
    id: w.recordedTestId,
    params: { pid: w.recordedParticipantId },
  })),
  signedIn('PATCH /api/v1/tests/:id/quality/:pid', ['params', 'body'], (w) => ({
    id: w.recordedTestId,
    params: { pid: w.recordedParticipantId },
    body: { excluded_from_metrics: false },
  })),
];
