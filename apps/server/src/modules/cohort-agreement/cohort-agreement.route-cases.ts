import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import { buildParticipant, buildTest } from '../../../test/factories.js';
import {
  type Ctx,
  companyOf,
  GET_AND_HEAD,
  ownCompanyRoute,
  type RouteCases,
} from '../../../test/route-policy-matrix.js';

/** A done Essential test of the target company with a lab and a remote participant. */
async function twoCohortTestOf(ctx: Ctx) {
  const test = await buildTest(ctx.t.db, companyOf(ctx).id, { state: 'done', testType: 'essential' });
  await buildParticipant(ctx.t, test.id);
  await buildParticipant(ctx.t, test.id, { source: 'webcam' });
  return test.id;
}

/** The agreement panel: whoever reads the test's results (as its heatmaps), Essential tests too. */
export const cohortAgreementPolicyCases: RouteCases = {
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/cohort_agreement',
    ownCompanyRoute(async (ctx) => ({ url: `/api/v1/tests/${await twoCohortTestOf(ctx)}/cohort_agreement` })),
  ),
};

export const cohortAgreementInputCases: InputCase[] = [
  signedIn('GET /api/v1/tests/:id/cohort_agreement', ['params'], (w) => ({ id: w.recordedTestId })),
];
