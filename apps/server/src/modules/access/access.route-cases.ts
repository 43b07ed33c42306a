import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import {
  type Ctx,
  companyAdminsAndStaff,
  companyOf,
  type RouteCases,
} from '../../../test/route-policy-matrix.js';

async function participantOf(ctx: Ctx) {
  const test = await buildTest(ctx.t.db, companyOf(ctx).id, RESULTS_READY);
  const { id } = await buildParticipant(ctx.t, test.id);
  return `/api/v1/tests/${test.id}/participants/${id}/access-export`;
}

export const accessPolicyCases: RouteCases = {
  // No HEAD twin: a HEAD would write the archive and audit a download to send nothing.
  'GET /api/v1/tests/:id/participants/:pid/access-export': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: await participantOf(ctx) }),
    expect: companyAdminsAndStaff,
  },
};

export const accessInputCases: InputCase[] = [
  signedIn('GET /api/v1/tests/:id/participants/:pid/access-export', ['params'], (w) => ({
    id: w.recordedTestId,
    params: { pid: w.recordedParticipantId },
  })),
];
