import { participantQualityAnswer, testSetupListAnswer } from '@limbus/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildTest, RESULTS_READY } from '../../../test/factories.js';
import { buildRecorder } from '../../../test/recorder.js';
import { syntheticRecording } from '../../../test/synthetic-streams.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const START = Date.UTC(2026, 0, 12, 9, 30);
/** The default screen (531×299 mm, 1920×1080) seen from twice and two thirds of the default 600 mm. */
const FAR = { width_px: 1920, height_px: 1080, width_mm: 531, height_mm: 299, distance_mm: 1200 };
const NEAR = { ...FAR, distance_mm: 400 };

type Recorder = Awaited<ReturnType<typeof buildRecorder>>;

/** One participant recorded through the ingestion API with the same eye samples each time. */
async function ingest(recorder: Recorder, testId: number, realId: string, finish: object) {
  const recording = syntheticRecording({ startMs: START, durationMs: 20_000, mouseSamples: 800, seed: 21 });
  const created = expectOk<{ id: number }>(
    await recorder.api.post('/ingest/participants', { test_id: testId, real_id: realId }),
    201,
  );
  expectOk(await recorder.api.putBinary(created.id, 0, recording.eyes), 200);
  return {
    id: created.id,
    finished: await recorder.api.post(`/ingest/participants/${created.id}/finish`, finish),
  };
}

const precisionOf = async (testId: number, pid: number) =>
  participantQualityAnswer.parse(expectOk(await as.staff.get(`/tests/${testId}/quality/${pid}`))).data
    .precision_rms_s2s_deg ?? Number.NaN;

describe('screen geometry of test setups and participants', () => {
  it("measures gaze in the participant's geometry, else its setup's, else the default", async () => {
    const recorder = await buildRecorder(ctx.t, 'Geometry lab');
    const test = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
    const bySetup = await ingest(recorder, test.id, 'by-setup', {});
    expectOk(bySetup.finished);
    const own = await ingest(recorder, test.id, 'own-screen', { geometry: NEAR });
    expectOk(own.finished);

    const atDefault = await precisionOf(test.id, bySetup.id);
    expect(atDefault).toBeGreaterThan(0);
    const patched = expectOk(await as.staff.patch(`/test_setups/${recorder.setup.id}`, { geometry: FAR }));
    expect(patched).toMatchObject({ data: { geometry: FAR } });

    // The same pixels subtend about half the angle at twice the distance.
    const atSetup = await precisionOf(test.id, bySetup.id);
    expect(atSetup / atDefault).toBeGreaterThan(0.45);
    expect(atSetup / atDefault).toBeLessThan(0.55);
    // The participant's own, nearer screen wins over the setup's.
    const atOwn = await precisionOf(test.id, own.id);
    expect(atOwn / atDefault).toBeGreaterThan(1.4);
    expect(atOwn / atDefault).toBeLessThan(1.6);

    // Back to the default.
    expectOk(await as.staff.patch(`/test_setups/${recorder.setup.id}`, { geometry: null }));
    expect(await precisionOf(test.id, bySetup.id)).toBeCloseTo(atDefault, 10);
  });

  it('refuses geometry out of range with 400 and changes nothing', async () => {
    const recorder = await buildRecorder(ctx.t, 'Strict lab');
    expectOk(await as.staff.patch(`/test_setups/${recorder.setup.id}`, { geometry: FAR }));
    for (const bad of [
      { ...FAR, distance_mm: 50 },
      { ...FAR, width_px: 100 },
      { ...FAR, width_px: 1920.5 },
      { ...FAR, height_mm: 0 },
      { ...FAR, width_mm: 99_999 },
    ]) {
      const response = await as.staff.patch(`/test_setups/${recorder.setup.id}`, {
        name: 'Renamed',
        geometry: bad,
      });
      expectError(response, 'validation');
    }
    expectError(
      await as.staff.post('/test_setups', { name: 'New lab', geometry: { ...FAR, distance_mm: 5000 } }),
      'validation',
    );
    const setups = testSetupListAnswer.parse(expectOk(await as.staff.get('/test_setups'))).data.test_setups;
    expect(setups.find((setup) => setup.id === recorder.setup.id)).toMatchObject({
      name: 'Strict lab',
      geometry: FAR,
    });
    expect(setups.some((setup) => setup.name === 'New lab')).toBe(false);

    const test = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
    const refused = await ingest(recorder, test.id, 'bad-screen', { geometry: { ...NEAR, distance_mm: 10 } });
    expectError(refused.finished, 'validation');
    const retried = await recorder.api.post(`/ingest/participants/${refused.id}/finish`, {});
    expect(expectOk<{ state: string }>(retried).state).toBe('finished');
  });
});
