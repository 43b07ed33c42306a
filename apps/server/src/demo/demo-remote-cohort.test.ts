import { cohortAgreementAnswer, testQualityAnswer } from '@limbus/contract';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../test/api.js';
import { createTestApp, type TestApp } from '../../test/create-test-app.js';
import { signIn } from '../../test/factories.js';
import {
  consentRecords,
  participantStreams,
  participants,
  predictions,
  remoteCohorts,
  remoteSessions,
  remoteValidations,
  significantPoints,
  tests,
} from '../db/schema.js';
import { seedDemoConsent } from './demo-consent.js';
import { DEMO_PASSWORD, seedDemoData } from './demo-data.js';
import { DEMO_REMOTE_COMPANY, demoWebTestName, seedDemoRecordings } from './demo-recordings.js';
import { DEMO_VIDEO_TEST_NAME } from './demo-video-test.js';

const LAB = 3;
const REMOTE = 4;
let t: TestApp;
let client: ReturnType<typeof apiClient>;
const now = new Date();
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db, now);
  await seedDemoRecordings(
    { db: t.db, files: t.files, log: t.app.log, clock: () => t.clock.now },
    { now, participantsPerTest: LAB, remoteParticipantsPerTest: REMOTE },
  );
  await seedDemoConsent(t.db);
  client = apiClient(t.app, await signIn(t.app, 'admin@limbus.test', DEMO_PASSWORD));
}, 300_000);
afterAll(() => t?.close());

async function acmeTest(name: string) {
  const [test] = await t.db
    .select({ id: tests.id })
    .from(tests)
    .where(and(eq(tests.companyId, DEMO_REMOTE_COMPANY), eq(tests.name, name)));
  if (!test) throw new Error(`no demo test ${name}`);
  return test.id;
}

const people = (testId: number) =>
  t.db
    .select({ id: participants.id, realId: participants.realId, source: participants.source })
    .from(participants)
    .where(and(eq(participants.testId, testId), eq(participants.type, 'default')))
    .orderBy(asc(participants.id));

describe('the demo remote cohorts', () => {
  it("gives Acme Retail's desktop test a closed cohort and its video test an expired one, beside the lab's", async () => {
    const desktop = await acmeTest(demoWebTestName('desktop'));
    const video = await acmeTest(DEMO_VIDEO_TEST_NAME);
    for (const [testId, state] of [
      [desktop, 'closed'],
      [video, 'expired'],
    ] as const) {
      const [found, ...more] = await t.db
        .select()
        .from(remoteCohorts)
        .where(eq(remoteCohorts.testId, testId));
      expect(more).toEqual([]);
      if (!found) throw new Error(`no cohort on test ${testId}`);
      const cohort = found;
      expect(cohort.participantsCreated).toBe(REMOTE);
      expect(cohort.createdAt.getTime()).toBeLessThan(now.getTime());
      if (state === 'closed') expect(cohort.revokedAt?.getTime()).toBeLessThan(now.getTime());
      else expect([cohort.revokedAt, cohort.expiresAt.getTime() < now.getTime()]).toEqual([null, true]);
      const everyone = await people(testId);
      expect(everyone.filter((p) => p.source === 'lab')).toHaveLength(LAB);
      expect(everyone.filter((p) => p.source === 'webcam').map((p) => p.realId)).toEqual(
        ['0001', '0002', '0003', '0004'].map((n) => `remote-${cohort.id}-${n}`),
      );
    }
  });

  it('gives no other test a remote participant', async () => {
    const others = await t.db
      .select({ id: participants.id })
      .from(participants)
      .innerJoin(tests, eq(tests.id, participants.testId))
      .where(and(eq(participants.source, 'webcam'), inArray(tests.companyId, [1, 4, 5])));
    expect(others).toEqual([]);
  });

  it('records gaze, mouse and facial expressions without emotions or emotion peaks, with online consent to what the browser records', async () => {
    const remote = (await people(await acmeTest(demoWebTestName('desktop')))).filter(
      (p) => p.source === 'webcam',
    );
    const ids = remote.map((p) => p.id);
    const streams = await t.db
      .select()
      .from(participantStreams)
      .where(inArray(participantStreams.participantId, ids));
    for (const id of ids)
      expect(
        streams
          .filter((s) => s.participantId === id)
          .map((s) => s.kind)
          .sort(),
      ).toEqual(['expressions', 'eyes', 'mice']);
    expect(streams.every((s) => s.sampleCount > 100)).toBe(true);
    expect(
      await t.db.select().from(significantPoints).where(inArray(significantPoints.participantId, ids)),
    ).toEqual([]);
    const consents = await t.db
      .select()
      .from(consentRecords)
      .where(inArray(consentRecords.participantId, ids));
    expect(consents).toHaveLength(REMOTE);
    for (const consent of consents) {
      expect(consent.method).toBe('online');
      expect([...consent.streams].sort()).toEqual(['answers', 'expressions', 'eyes', 'mice']);
    }
  });

  it("keeps each session's webcam figures from its best validation and its gaze, as a session's end does", async () => {
    const sessions = await t.db.select().from(remoteSessions);
    expect(sessions).toHaveLength(2 * REMOTE);
    for (const session of sessions) {
      const validations = await t.db
        .select()
        .from(remoteValidations)
        .where(eq(remoteValidations.sessionId, session.id))
        .orderBy(asc(remoteValidations.attempt));
      expect(validations.at(-1)?.verdict).toBe('passed');
      expect(validations.slice(0, -1).every((v) => v.verdict === 'recalibrate')).toBe(true);
      const best = Math.min(...validations.map((v) => v.accuracyDeg ?? Number.POSITIVE_INFINITY));
      expect(session.validationAccuracyDeg).toBe(best);
      expect(session.validationAccuracyDeg).toBeGreaterThan(1.2);
      expect(session.validationAccuracyDeg).toBeLessThan(4);
      expect(session.trackingRatio).toBeGreaterThan(0.5);
      expect(session.trackingRatio).toBeLessThan(1);
      expect(session.samplingRateHz).toBeGreaterThanOrEqual(14);
      expect(session.samplingRateHz).toBeLessThanOrEqual(31);
      expect(session.endedAt?.getTime()).toBeLessThan(now.getTime());
    }
  });

  it("answers the remote participants' source and webcam figures in the test's quality", async () => {
    const quality = testQualityAnswer.parse(
      (await client.get(`/tests/${await acmeTest(DEMO_VIDEO_TEST_NAME)}/quality`)).json(),
    ).data;
    const remote = quality.participants.filter((p) => p.source === 'webcam');
    expect(remote).toHaveLength(REMOTE);
    expect(remote.every((p) => p.webcam?.validation_passed === true)).toBe(true);
    expect(quality.participants.filter((p) => p.source === 'lab').every((p) => p.webcam === null)).toBe(true);
    // a webcam's precision is no lab tracker's (0.5°), and is not held to it: the validation is
    expect(remote.some((p) => (p.precision_rms_s2s_deg ?? 0) > 0.5)).toBe(true);
    expect(remote.filter((p) => p.problems.length > 0).length).toBeLessThan(REMOTE / 4);
  });

  it("draws areas on the desktop test's pages, predicted by the model, which the cohorts' agreement ranks", async () => {
    const testId = await acmeTest(demoWebTestName('desktop'));
    const agreement = cohortAgreementAnswer.parse(
      (await client.get(`/tests/${testId}/cohort_agreement`)).json(),
    ).data;
    if (!agreement.available) throw new Error(agreement.reason);
    expect(agreement.pages.map((page) => page.name)).toEqual([
      'Home',
      'Running shoes',
      'Runner 2',
      'Basket',
      'Checkout',
    ]);
    for (const page of agreement.pages) {
      if (!page.areas.available) throw new Error(`${page.name}: ${page.areas.reason}`);
      expect(page.areas.areas.length).toBeGreaterThanOrEqual(4);
    }
    const product = agreement.pages[2]?.areas;
    expect(product?.available && product.areas.map((area) => area.name)).toContain('Size selector');
    // the page predictions are queued for the model like a client's 'Measured against predicted'
    const predicted = await t.db
      .select({ state: predictions.generationState, heatmapId: predictions.heatmapId })
      .from(predictions)
      .where(isNotNull(predictions.heatmapId));
    expect(predicted.map((row) => row.state)).toEqual(['queued', 'queued', 'queued', 'queued', 'queued']);
  });
});
