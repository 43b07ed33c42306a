import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import { type Ctx, companyOf, ownCompanyRoute, type RouteCases } from '../../../test/route-policy-matrix.js';

async function recordedTestOf(ctx: Ctx) {
  const test = await buildTest(ctx.t.db, companyOf(ctx).id, RESULTS_READY);
  await buildParticipant(ctx.t, test.id);
  return test.id;
}

/** Exports: whoever reads the test's participants reads their exports. No HEAD twin (it would produce the export). */
export const exportsPolicyCases: RouteCases = {
  'GET /api/v1/tests/:id/exports/:kind': ownCompanyRoute(async (ctx) => ({
    url: `/api/v1/tests/${await recordedTestOf(ctx)}/exports/events?format=json`,
  })),
};

export const exportsInputCases: InputCase[] = [
  signedIn('GET /api/v1/tests/:id/exports/:kind', ['params', 'querystring'], (w) => ({
    id: w.recordedTestId,
    params: { kind: 'samples' },
    query: { format: 'csv', participant_id: String(w.recordedParticipantId) },
  })),
];
