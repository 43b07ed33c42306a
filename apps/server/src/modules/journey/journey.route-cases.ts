import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import {
  type Ctx,
  companyOf,
  GET_AND_HEAD,
  ownCompanyRoute,
  type RouteCases,
} from '../../../test/route-policy-matrix.js';
import { labels } from '../../db/schema.js';

/** A done Professional test of the target company with a page and a recorded participant. */
async function journeyTestOf(ctx: Ctx) {
  const test = await buildTest(ctx.t.db, companyOf(ctx).id, RESULTS_READY);
  await ctx.t.db
    .insert(labels)
    .values({ testId: test.id, name: 'Home', urls: ['https://shop.example.test/'] });
  await buildParticipant(ctx.t, test.id);
  return test.id;
}

/** The journey: whoever reads the test's Professional results (Essential tests answer 403 to clients). */
export const journeyPolicyCases: RouteCases = {
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/journey',
    ownCompanyRoute(async (ctx) => ({ url: `/api/v1/tests/${await journeyTestOf(ctx)}/journey` })),
  ),
};

export const journeyInputCases: InputCase[] = [
  signedIn('GET /api/v1/tests/:id/journey', ['params', 'querystring'], (w) => ({
    id: w.recordedTestId,
    query: { cohort: 'all' },
  })),
];
