import { type InputCase, signedIn } from '../../../test/bad-input-matrix.js';
import type { TestApp } from '../../../test/create-test-app.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import {
  type Ctx,
  companyOf,
  fresh,
  GET_AND_HEAD,
  ownCompanyRoute,
  type RouteCases,
  researchRoute,
} from '../../../test/route-policy-matrix.js';
import { consentRecords, consentTerms } from '../../db/schema.js';

/** Version 1 of the terms on a done test of `companyId`, and a participant who granted all of it. */
export async function consentedParticipant(t: TestApp, companyId: number) {
  const test = await buildTest(t.db, companyId, RESULTS_READY);
  const [terms] = await t.db
    .insert(consentTerms)
    .values({
      testId: test.id,
      version: 1,
      text: 'We record your emotions, gaze and mouse while you shop.',
      streams: ['emotions', 'eyes', 'mice', 'screen'],
      purposes: ['report', 'norms', 'ai'],
    })
    .returning();
  if (!terms) throw new Error('no terms');
  const { id } = await buildParticipant(t, test.id);
  await t.db.insert(consentRecords).values({
    participantId: id,
    termsId: terms.id,
    streams: ['emotions', 'eyes', 'mice', 'screen'],
    purposes: ['report', 'norms', 'ai'],
    givenAt: new Date(Date.UTC(2026, 0, 12, 9)),
    method: 'recorder',
  });
  return {
    testId: test.id,
    participantId: id,
    url: `/api/v1/tests/${test.id}/participants/${id}/consent`,
  };
}

const of = (ctx: Ctx) => consentedParticipant(ctx.t, companyOf(ctx).id);

/** A paper consent under version 1, given an hour before the test app's clock. */
const paperBody = (t: TestApp) => ({
  consent: {
    version: 1,
    streams: ['emotions', 'eyes'],
    purposes: ['report'],
    given_at: Math.floor(t.clock.now.getTime() / 1000) - 3600,
  },
});

/** Consent: whoever reads the test reads its terms and its participants' consent; the research area writes. */
export const consentPolicyCases: RouteCases = {
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/consent-terms',
    ownCompanyRoute(async (ctx) => ({ url: `/api/v1/tests/${(await of(ctx)).testId}/consent-terms` })),
  ),
  'POST /api/v1/tests/:id/consent-terms': researchRoute(async (ctx) => ({
    url: `/api/v1/tests/${(await of(ctx)).testId}/consent-terms`,
    payload: { terms: { text: fresh('Terms'), streams: ['eyes'], purposes: ['report'] } },
  })),
  ...GET_AND_HEAD(
    '/api/v1/tests/:id/participants/:pid/consent',
    ownCompanyRoute(async (ctx) => ({ url: (await of(ctx)).url })),
  ),
  'POST /api/v1/tests/:id/participants/:pid/consent': researchRoute(async (ctx) => ({
    url: (await of(ctx)).url,
    payload: paperBody(ctx.t),
  })),
  'POST /api/v1/tests/:id/participants/:pid/consent/withdrawal': researchRoute(async (ctx) => ({
    url: `${(await of(ctx)).url}/withdrawal`,
    payload: { purposes: ['ai'] },
  })),
};

export const consentInputCases: InputCase[] = [
  signedIn('GET /api/v1/tests/:id/consent-terms', ['params'], (w) => ({ id: w.recordedTestId })),
  signedIn('POST /api/v1/tests/:id/consent-terms', ['params', 'body'], (w) => ({
    id: w.recordedTestId,
    body: { terms: { text: 'We record your gaze.', streams: ['eyes'], purposes: ['report', 'norms'] } },
  })),
  signedIn('GET /api/v1/tests/:id/participants/:pid/consent', ['params'], (w) => ({
    id: w.recordedTestId,
    params: { pid: w.recordedParticipantId },
  })),
  signedIn('POST /api/v1/tests/:id/participants/:pid/consent', ['params', 'body'], async (w) => {
    const { testId, participantId } = await consentedParticipant(w.t, w.world.client.id);
    return { id: testId, params: { pid: participantId }, body: paperBody(w.t) };
  }),
  signedIn('POST /api/v1/tests/:id/participants/:pid/consent/withdrawal', ['params', 'body'], async (w) => {
    const { testId, participantId } = await consentedParticipant(w.t, w.world.client.id);
    return { id: testId, params: { pid: participantId }, body: { streams: ['eyes'], purposes: ['ai'] } };
  }),
];
