import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import { buildTest, RESULTS_READY } from '../../../test/factories.js';
import {
  type Ctx,
  companyOf,
  GET_AND_HEAD,
  ownCompanyRoute,
  type RouteCases,
} from '../../../test/route-policy-matrix.js';

/** A done Professional test of the target company. */
async function benchmarkTestOf(ctx: Ctx) {
  return (await buildTest(ctx.t.db, companyOf(ctx).id, RESULTS_READY)).id;
}

/** The benchmark: whoever reads the test's Professional results (Essential tests answer 403 to clients). */
export const benchmarkPolicyCases: RouteCases = {
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/benchmark',
    ownCompanyRoute(async (ctx) => ({ url: `/api/v1/tests/${await benchmarkTestOf(ctx)}/benchmark` })),
  ),
};

export const benchmarkInputCases: InputCase[] = [
  signedIn('GET /api/v1/tests/:id/benchmark', ['params', 'querystring'], (w) => ({
    id: w.recordedTestId,
    query: { cohort: 'lab' },
  })),
];
