import { labelListAnswer, participantQualityAnswer, testQualityAnswer } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import { buildRecorder } from '../../../test/recorder.js';
import { syntheticRecording } from '../../../test/synthetic-streams.js';
import { labels, participants } from '../../db/schema.js';
import { JOB_HANDLERS } from '../../job-handlers.js';
import { runJobsUntilIdle } from '../../jobs/job-runner.js';
import { queueTestMetrics } from '../ingestion/analysis.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const START = Date.UTC(2026, 0, 12, 9, 30);
const jobDeps = () => ({
  db: ctx.t.db,
  files: ctx.t.files,
  log: ctx.t.app.log,
  clock: () => ctx.t.clock.now,
});

/** A recording whose gaze is lost in all but every fourth sample: tracking ratio about 0.25. */
function mostlyLostRecording(seed: number) {
  const recording = syntheticRecording({ startMs: START, durationMs: 20_000, mouseSamples: 800, seed });
  const { x, y } = recording.eyes.samples;
  for (let i = 0; i < x.length; i++) {
    if (i % 4 === 0) continue;
    x[i] = Number.NaN;
    y[i] = Number.NaN;
  }
  return recording;
}

async function recordedTest() {
  const test = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
  await ctx.t.db.insert(labels).values({
    testId: test.id,
    name: 'Shop',
    urls: ['https://shop.example.test/'],
    matchType: 'starts_with',
  });
  const shape = { startMs: START, durationMs: 20_000, mouseSamples: 800 };
  const good = await buildParticipant(ctx.t, test.id, { recording: { ...shape, seed: 11 } });
  const poor = mostlyLostRecording(12);
  const bad = await buildParticipant(ctx.t, test.id, {
    streams: [poor.emotions, poor.eyes, poor.mice],
  });
  return { testId: test.id, good: good.id, bad: bad.id };
}

describe('data quality', () => {
  it('measures every participant, marks those under the thresholds and summarises the test', async () => {
    const { testId, good, bad } = await recordedTest();
    // The lab's validation: a target where the good participant's gaze was, and EEG quality.
    await ctx.t.db
      .update(participants)
      .set({ eegQuality: 0.5, validationTargets: [{ x: 960, y: 540, start: START, end: START + 400 }] })
      .where(eq(participants.id, bad));
    const answer = testQualityAnswer.parse(expectOk(await as.staff.get(`/tests/${testId}/quality`))).data;
    expect(answer.thresholds).toEqual({
      min_tracking_ratio: 0.7,
      max_precision_rms_s2s_deg: 0.5,
      max_accuracy_deg: 1.5,
      min_eeg_quality: 0.7,
    });
    const rowOf = (id: number) => answer.participants.find((row) => row.participant_id === id);
    const goodRow = rowOf(good);
    expect(goodRow?.tracking_ratio).toBeGreaterThan(0.9);
    // Fixations with ±2 px of jitter at ≈ 38 px per degree, some windows holding a saccade.
    expect(goodRow?.precision_rms_s2s_deg).toBeGreaterThan(0);
    expect(goodRow?.precision_rms_s2s_deg).toBeLessThan(0.5);
    expect(goodRow).toMatchObject({ accuracy_deg: null, eeg_quality: null, problems: [] });
    const badRow = rowOf(bad);
    expect(badRow?.tracking_ratio).toBeCloseTo(0.25, 1);
    expect(badRow?.problems).toEqual(expect.arrayContaining(['tracking', 'eeg']));
    expect(badRow).toMatchObject({ eeg_quality: 0.5, validation_targets: 1, excluded_from_metrics: false });
    expect(badRow?.accuracy_deg).toEqual(expect.any(Number));
    expect(answer.summary).toMatchObject({ participants: 2, low_quality: 1, excluded: 0 });
    expect(answer.summary.tracking_ratio.n).toBe(2);
    expect(answer.summary.eeg_quality).toMatchObject({ n: 1, mean: 0.5 });
  });

  it('measures and summarises one cohort when asked: the lab’s or the remote (webcam) participants', async () => {
    const { testId, good, bad } = await recordedTest();
    await ctx.t.db.update(participants).set({ source: 'webcam' }).where(eq(participants.id, bad));
    const qualityOf = async (query: string) =>
      testQualityAnswer.parse(expectOk(await as.staff.get(`/tests/${testId}/quality${query}`))).data;
    const lab = await qualityOf('?cohort=lab');
    expect(lab.participants.map((row) => row.participant_id)).toEqual([good]);
    expect(lab.summary).toMatchObject({ participants: 1, low_quality: 0 });
    expect(lab.summary.tracking_ratio.median).toBeGreaterThan(0.9);
    const remote = await qualityOf('?cohort=remote');
    expect(remote.participants.map((row) => row.participant_id)).toEqual([bad]);
    expect(remote.summary).toMatchObject({ participants: 1, low_quality: 1 });
    expect((await qualityOf('')).summary.participants).toBe(2);
    expectError(await as.staff.get(`/tests/${testId}/quality?cohort=webcam`), 'validation', {
      cohort: 'Choose a cohort: all, lab or remote',
    });
  });

  it('leaves a participant out of the page metrics by the researcher’s choice, and takes them back', async () => {
    const { testId, bad } = await recordedTest();
    await queueTestMetrics(ctx.t.db, testId, ctx.t.clock.now);
    await runJobsUntilIdle(jobDeps(), JOB_HANDLERS);
    const pageParticipants = async () =>
      labelListAnswer.parse(expectOk(await as.clientAdmin.get(`/tests/${testId}/labels`))).data.labels[0]
        ?.total_participants;
    expect(await pageParticipants()).toBe(2);
    // Clients read each mean with its participant count and 95 % interval.
    const [page] = labelListAnswer.parse(expectOk(await as.clientAdmin.get(`/tests/${testId}/labels`))).data
      .labels;
    expect(page?.emotion_participants).toBe(2);
    expect(page?.intervals.joy?.lower).toBeLessThan(page?.joy ?? Number.NaN);
    expect(page?.intervals.joy?.upper).toBeGreaterThan(page?.joy ?? Number.NaN);

    const excluded = participantQualityAnswer.parse(
      expectOk(await as.staff.patch(`/tests/${testId}/quality/${bad}`, { excluded_from_metrics: true })),
    ).data;
    expect(excluded).toMatchObject({ participant_id: bad, excluded_from_metrics: true });
    expect(await runJobsUntilIdle(jobDeps(), JOB_HANDLERS)).toBeGreaterThanOrEqual(1);
    expect(await pageParticipants()).toBe(1);
    const [alone] = labelListAnswer.parse(expectOk(await as.clientAdmin.get(`/tests/${testId}/labels`))).data
      .labels;
    expect(alone).toMatchObject({ emotion_participants: 1, intervals: { joy: null } });
    const single = participantQualityAnswer.parse(
      expectOk(await as.staff.get(`/tests/${testId}/quality/${bad}`)),
    ).data;
    expect(single.excluded_from_metrics).toBe(true);

    expectOk(await as.staff.patch(`/tests/${testId}/quality/${bad}`, { excluded_from_metrics: false }));
    await runJobsUntilIdle(jobDeps(), JOB_HANDLERS);
    expect(await pageParticipants()).toBe(2);
  });

  it('is the research area’s: clients are refused, a participant of another test is 404, bad input 400', async () => {
    const { testId, bad } = await recordedTest();
    const other = await recordedTest();
    expectError(await as.clientAdmin.get(`/tests/${testId}/quality`), 'forbidden');
    expectError(
      await as.clientAdmin.patch(`/tests/${testId}/quality/${bad}`, { excluded_from_metrics: true }),
      'forbidden',
    );
    expectError(await as.staff.get(`/tests/${testId}/quality/${other.bad}`), 'not_found');
    expectError(
      await as.staff.patch(`/tests/${testId}/quality/${other.bad}`, { excluded_from_metrics: true }),
      'not_found',
    );
    expectError(
      await as.staff.patch(`/tests/${testId}/quality/${bad}`, { excluded_from_metrics: 'yes' }),
      'validation',
      {
        excluded_from_metrics: expect.any(String),
      },
    );
    const [row] = await ctx.t.db.select().from(participants).where(eq(participants.id, other.bad));
    expect(row?.excludedFromMetrics).toBe(false);
  });

  it('takes the EEG quality and validation targets a lab sends when it finishes a participant', async () => {
    const { testId } = await recordedTest();
    const recorder = (await buildRecorder(ctx.t, 'Quality lab')).api;
    const { id: pid } = expectOk<{ id: number }>(
      await recorder.post('/ingest/participants', { test_id: testId, real_id: 'lab-quality-1' }),
      201,
    );
    const recording = syntheticRecording({ startMs: START, durationMs: 10_000, seed: 21 });
    expectOk(await recorder.putBinary(pid, 0, recording.eyes));
    // A target one degree (≈ 37.9 px at the centre) right of where the gaze was in its span.
    const { timestamp, x, y } = recording.eyes.samples;
    const span = [...timestamp.keys()].filter(
      (i) =>
        (timestamp[i] as number) >= START &&
        (timestamp[i] as number) <= START + 100 &&
        !Number.isNaN(x[i] as number),
    );
    const meanOf = (values: Float32Array) =>
      span.reduce((sum, i) => sum + (values[i] as number), 0) / span.length;
    const target = { x: meanOf(x) + 37.9, y: meanOf(y), start: START, end: START + 100 };
    expectError(
      await recorder.post(`/ingest/participants/${pid}/finish`, { eeg_quality: 1.5 }),
      'validation',
      { eeg_quality: expect.any(String) },
    );
    expectOk(
      await recorder.post(`/ingest/participants/${pid}/finish`, {
        eeg_quality: 0.92,
        validation_targets: [target],
      }),
    );
    const quality = participantQualityAnswer.parse(
      expectOk(await as.staff.get(`/tests/${testId}/quality/${pid}`)),
    ).data;
    expect(quality).toMatchObject({ eeg_quality: expect.closeTo(0.92, 5), validation_targets: 1 });
    expect(quality.accuracy_deg).toBeGreaterThan(0.9);
    expect(quality.accuracy_deg).toBeLessThan(1.1);
    expect(quality.problems).not.toContain('eeg');
  });
});
