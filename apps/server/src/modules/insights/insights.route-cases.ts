import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import type { InputWorld } from '../../../test/bad-input-world.js';
import { buildTest, RESULTS_READY } from '../../../test/factories.js';
import {
  type Ctx,
  companyOf,
  GET_AND_HEAD,
  ownCompanyRoute,
  type RouteCases,
  researchRoute,
} from '../../../test/route-policy-matrix.js';
import { insights } from '../../db/schema.js';
import { insertInsightRow } from './insights.repository.js';

/** A test of the target company with an insight. */
export async function insightOf(ctx: Ctx) {
  const test = await buildTest(ctx.t.db, companyOf(ctx).id, RESULTS_READY);
  const [insight] = await ctx.t.db
    .insert(insights)
    .values({ testId: test.id, assignedId: 1, title: 'Insight' })
    .returning();
  if (!insight) throw new Error('no insight');
  return {
    url: `/api/v1/tests/${test.id}/insights/${insight.id}`,
    testUrl: `/api/v1/tests/${test.id}/insights`,
  };
}

/** Insights: whoever reads the test reads them; the research area writes them. */
export const insightsPolicyCases: RouteCases = {
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/insights',
    ownCompanyRoute(async (ctx) => ({ url: (await insightOf(ctx)).testUrl })),
  ),
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/insights/:iid',
    ownCompanyRoute(async (ctx) => ({ url: (await insightOf(ctx)).url })),
  ),
  'POST /api/v1/tests/:id/insights': researchRoute(async (ctx) => ({
    url: (await insightOf(ctx)).testUrl,
    payload: { insight: { title: 'New' } },
  })),
  'PATCH /api/v1/tests/:id/insights/:iid': researchRoute(async (ctx) => ({
    url: (await insightOf(ctx)).url,
    payload: { insight: { title: 'Changed' } },
  })),
  'DELETE /api/v1/tests/:id/insights/:iid': researchRoute(async (ctx) => ({
    url: (await insightOf(ctx)).url,
  })),
};

/** A new insight of the recorded test, numbered after the last one. */
export const newInsight = (w: InputWorld) => insertInsightRow(w.t.db, w.recordedTestId, { title: 'Insight' });

export const insightsInputCases: InputCase[] = [
  signedIn('GET /api/v1/tests/:id/insights', ['params'], (w) => ({ id: w.recordedTestId })),
  signedIn('GET /api/v1/tests/:id/insights/:iid', ['params'], async (w) => ({
    id: w.recordedTestId,
    params: { iid: await newInsight(w) },
  })),
  signedIn('POST /api/v1/tests/:id/insights', ['body', 'params'], (w) => ({
    id: w.recordedTestId,
    body: { insight: { title: 'Insight', behavior_comment: 'Looked away', explanation: '<p>Why</p>' } },
  })),
  signedIn('PATCH /api/v1/tests/:id/insights/:iid', ['body', 'params'], async (w) => ({
    id: w.recordedTestId,
    params: { iid: await newInsight(w) },
    body: {
      insight: {
        title: 'Changed',
        summary: '<p>Short</p>',
        focus_point: 'Menu',
        significant_points_ids: [w.recordedPointId],
        highlight_id: w.recordedPointId,
      },
    },
  })),
  signedIn('DELETE /api/v1/tests/:id/insights/:iid', ['params'], async (w) => ({
    id: w.recordedTestId,
    params: { iid: await newInsight(w) },
  })),
];
