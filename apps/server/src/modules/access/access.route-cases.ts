import type { InputCase } from '../../../test/bad-input-matrix.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import {
  type Ctx,
  companyOf,
  type RoleExpectation,
  type RoleName,
  type RouteCases,
} from '../../../test/route-policy-matrix.js';

/** The provider's staff and researchers any company's; a company admin their own company's only. */
const exportsAsCompanyAdmin: Record<RoleName, RoleExpectation> = {
  anonymous: { own: 401, other: 401 },
  superAdmin: { own: 'ok', other: 'ok' },
  staff: { own: 'ok', other: 'ok' },
  clientAdmin: { own: 'ok', other: 403 },
  clientMember: { own: 403, other: 403 },
  otherAdmin: { own: 'ok', other: 403 },
  demoUser: { own: 403, other: 403 },
};

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
    expect: exportsAsCompanyAdmin,
  },
};

export const accessInputCases: InputCase[] = [
  {
    key: 'GET /api/v1/tests/:id/participants/:pid/access-export',
    isPublic: false,
    parts: ['params'],
    sample: (w) => ({ id: w.recordedTestId, params: { pid: w.recordedParticipantId } }),
  },
];
