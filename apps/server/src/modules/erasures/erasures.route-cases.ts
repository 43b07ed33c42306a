import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import {
  type Ctx,
  companyOf,
  GET_AND_HEAD,
  type RoleExpectation,
  type RoleName,
  type RouteCases,
} from '../../../test/route-policy-matrix.js';
import { erasures } from '../../db/schema.js';

/**
 * Erasures: researchers on any company's tests, company admins on their own company's (they
 * request); a test the caller does not see is 404, not 403 (it is not told apart from none).
 */
const researchersAndOwnAdmins: Record<RoleName, RoleExpectation> = {
  anonymous: { own: 401, other: 401 },
  superAdmin: { own: 'ok', other: 'ok' },
  staff: { own: 'ok', other: 'ok' },
  clientAdmin: { own: 'ok', other: 404 },
  clientMember: { own: 403, other: 404 },
  otherAdmin: { own: 'ok', other: 404 },
  demoUser: { own: 403, other: 404 },
};

/** A done test of the target company with a recorded participant. */
async function participantOf(ctx: Ctx) {
  const test = await buildTest(ctx.t.db, companyOf(ctx).id, RESULTS_READY);
  const { id } = await buildParticipant(ctx.t, test.id);
  return { testId: test.id, participantId: id };
}

/** A requested erasure of a participant of the target company (its row only: nothing runs). */
async function erasureOf(ctx: Ctx) {
  const { testId, participantId } = await participantOf(ctx);
  const [row] = await ctx.t.db
    .insert(erasures)
    .values({
      companyId: companyOf(ctx).id,
      testId,
      participantId,
      subject: 'pseudonym',
      subjectSalt: 'salt',
      subjectHash: 'hash',
      state: 'requested',
    })
    .returning();
  if (!row) throw new Error('no erasure');
  return { testId, erasureId: row.id };
}

export const erasuresPolicyCases: RouteCases = {
  'POST /api/v1/tests/:id/participants/:pid/erasure': {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => {
      const { testId, participantId } = await participantOf(ctx);
      return { url: `/api/v1/tests/${testId}/participants/${participantId}/erasure` };
    },
    expect: researchersAndOwnAdmins,
  },
  ...GET_AND_HEAD('/api/v1/tests/:id/erasures', {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => ({ url: `/api/v1/tests/${(await erasureOf(ctx)).testId}/erasures` }),
    expect: researchersAndOwnAdmins,
  }),
  ...GET_AND_HEAD('/api/v1/tests/:id/erasures/:eid', {
    access: 'user',
    targets: ['own', 'other'],
    request: async (ctx) => {
      const { testId, erasureId } = await erasureOf(ctx);
      return { url: `/api/v1/tests/${testId}/erasures/${erasureId}` };
    },
    expect: researchersAndOwnAdmins,
  }),
};

export const erasuresInputCases: InputCase[] = [
  signedIn('POST /api/v1/tests/:id/participants/:pid/erasure', ['params'], async (w) => ({
    id: w.recordedTestId,
    params: { pid: (await buildParticipant(w.t, w.recordedTestId)).id },
  })),
  signedIn('GET /api/v1/tests/:id/erasures', ['params'], (w) => ({ id: w.recordedTestId })),
  signedIn('GET /api/v1/tests/:id/erasures/:eid', ['params'], async (w) => {
    const [row] = await w.t.db
      .insert(erasures)
      .values({
        companyId: w.world.client.id,
        testId: w.recordedTestId,
        participantId: (await buildParticipant(w.t, w.recordedTestId)).id,
        subject: 'pseudonym',
        subjectSalt: 'salt',
        subjectHash: 'hash',
        state: 'requested',
      })
      .returning();
    return { id: w.recordedTestId, params: { eid: row?.id ?? 0 } };
  }),
];
