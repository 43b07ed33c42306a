import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  participantDetailSchema,
  participantListAnswer,
  participantSummarySchema,
  testDetailSchema,
  videoResultsSchema,
} from '@limbus/contract';
import { demoVideoScenes, generateVideoCohort, generateVideoParticipant } from '@limbus/demo-data';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest, giveVideo } from '../../../test/factories.js';
import { jobs, participantStreams, participants, sections, tests, videoScoreMeans } from '../../db/schema.js';
import { makeDemoVideo } from '../../demo/demo-video.js';
import { recordDemoParticipant } from '../../demo/record-demo-participant.js';
import { JOB_HANDLERS } from '../../job-handlers.js';
import { JOB_MAX_ATTEMPTS, runJobsUntilIdle } from '../../jobs/job-runner.js';
import { probeVideo } from '../../media/probe-video.js';
import { PROCESS_VIDEO_TEST } from './process-video-test.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
const VIDEO_MS = 6000;
let videoBytes: Buffer;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-process-video-'));

const jobDeps = () => ({
  db: ctx.t.db,
  files: ctx.t.files,
  log: ctx.t.app.log,
  clock: () => ctx.t.clock.now,
});
const runJobs = () => runJobsUntilIdle(jobDeps(), JOB_HANDLERS);

beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
  const file = path.join(workDir, 'commercial.mp4');
  await makeDemoVideo(file, {
    durationMs: VIDEO_MS,
    width: 320,
    height: 180,
    scenes: demoVideoScenes(VIDEO_MS),
  });
  videoBytes = fs.readFileSync(file);
});
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

/** A video test of the client company with its video and `viewers` generated viewers. */
async function videoTestWithViewers(viewers: number, addons: string[] = []): Promise<number> {
  const test = await buildTest(ctx.t.db, ctx.world.client.id, { platform: 'video', state: 'done', addons });
  await giveVideo(ctx.t, { testId: test.id }, videoBytes);
  const cohort = generateVideoCohort({
    seed: test.id,
    count: viewers,
    videoDurationMs: VIDEO_MS,
    startTime: Date.UTC(2026, 5, 1),
  });
  for (const viewer of cohort) await recordDemoParticipant(ctx.t, test.id, viewer);
  return test.id;
}

/** A remote viewer: webcam gaze, no EEG (its generated emotions are dropped). */
async function addWebcamViewer(testId: number, seed: number) {
  const viewer = generateVideoParticipant({
    seed,
    videoDurationMs: VIDEO_MS,
    startTime: Date.UTC(2026, 5, 3),
    realId: `webcam ${seed}`,
  });
  const { id } = await recordDemoParticipant(ctx.t, testId, viewer);
  await ctx.t.db.update(participants).set({ source: 'webcam' }).where(eq(participants.id, id));
  await ctx.t.db
    .delete(participantStreams)
    .where(and(eq(participantStreams.participantId, id), eq(participantStreams.kind, 'emotions')));
}

async function startProcessing(testId: number) {
  const answer = await as.staff.get(`/tests/${testId}/process_video_test`);
  expect(answer.statusCode, answer.body).toBe(202);
}

const readTest = async (testId: number) =>
  testDetailSchema.parse(expectOk(await as.clientMember.get(`/tests/${testId}`)));
const readResult = async (testId: number) =>
  participantDetailSchema.parse(
    expectOk(await as.clientMember.get(`/participants/get_video_participant?test_id=${testId}`)),
  );

describe('GET /tests/{id}/process_video_test', () => {
  it('marks the test processing, then stores the video participant from every viewer', async () => {
    const testId = await videoTestWithViewers(4);
    expectError(
      await as.clientMember.get(`/participants/get_video_participant?test_id=${testId}`),
      'not_found',
    );
    const started = await as.staff.get(`/tests/${testId}/process_video_test`);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toEqual({ message: 'Video is processing...' });
    expect((await readTest(testId)).internal_state).toBe('video_processing');

    expect(await runJobs()).toBeGreaterThanOrEqual(1);
    expect((await readTest(testId)).internal_state).toBeNull();
    const result = await readResult(testId);
    expect(result).toMatchObject({ type: 'video_heatmap', state: 'finished', real_id: 'video-heatmap' });
    expect(result.time_to_complete_ms).toBe(VIDEO_MS);
    const start = (result.started_at ?? 0) * 1000;
    // Mean curves on the 100 ms grid, everyone's gaze, and the gaze series over the whole video.
    expect(result.emotions?.length).toBe(VIDEO_MS / 100 + 1);
    expect(result.emotions?.[0]?.timestamp).toBe(start);
    expect(result.eyes?.length).toBeGreaterThan(4 * 300);
    expect(result.spread?.map((point) => point.timestamp - start).slice(0, 3)).toEqual([0, 100, 200]);
    expect(result.fluency?.length).toBe(VIDEO_MS / 100 + 1);
    expect(result.spread?.some((point) => point.value !== null && point.value > 0)).toBe(true);
    for (const moment of result.moments ?? []) {
      expect(moment.start).toBeGreaterThanOrEqual(start);
      expect(moment.end).toBeLessThanOrEqual(start + VIDEO_MS);
    }
    expect(result.significant_points?.every((point) => point.participant_id === result.id)).toBe(true);
    // The whole video's means, kept for the norms of other tests: the mean of the curves.
    const [means] = await ctx.t.db
      .select()
      .from(videoScoreMeans)
      .where(eq(videoScoreMeans.participantId, result.id));
    const curveMean =
      (result.emotions ?? []).reduce((sum, sample) => sum + sample.joy, 0) / (result.emotions?.length ?? 1);
    expect(means?.joy).toBeCloseTo(curveMean, 1);

    // The heatmap video: the test's video with the gaze over it, same length and size.
    const heatmap = await ctx.t.app.inject({ url: result.video ?? '' });
    expect(heatmap.statusCode).toBe(200);
    const file = path.join(workDir, `heatmap-${testId}.mp4`);
    fs.writeFileSync(file, heatmap.rawPayload);
    const info = await probeVideo(file);
    expect(Math.abs(info.durationMs - VIDEO_MS)).toBeLessThanOrEqual(100);
    expect([info.width, info.height]).toEqual([320, 180]);
    expect(heatmap.rawPayload.equals(videoBytes)).toBe(false);
  });

  it("keeps each cohort's gaze apart on a test with lab and remote viewers, and EEG only where a cohort has it", async () => {
    const testId = await videoTestWithViewers(3);
    for (const seed of [71, 72]) await addWebcamViewer(testId, seed);
    await startProcessing(testId);
    await runJobs();
    const results = async (cohort: string) =>
      videoResultsSchema.parse(
        expectOk(await as.clientMember.get(`/tests/${testId}/video_results?cohort=${cohort}`)),
      );
    const [all, lab, remote] = [await results('all'), await results('lab'), await results('remote')];
    expect([all.gaze_cohort, lab.gaze_cohort, remote.gaze_cohort]).toEqual(['all', 'lab', 'remote']);
    // The webcam viewers have no EEG: the remote cohort has no curves; the lab's are everyone's.
    expect([all.emotions_cohort, lab.emotions_cohort, remote.emotions_cohort]).toEqual(['all', 'lab', null]);
    expect(lab.scores).toEqual(all.scores);
    expect(all.scores.length).toBeGreaterThan(0);
    expect(remote.scores).toEqual([]);
    expect(remote.points).toEqual([]);
    expect(
      remote.moments.every((moment) => moment.emotion === 'spread' || moment.emotion === 'fluency'),
    ).toBe(true);
    expect([all.stats.participants, lab.stats.participants, remote.stats.participants]).toEqual([5, 3, 2]);
    // Three heatmap videos of the same length, each over its own viewers' gaze.
    const videos = await Promise.all(
      [all, lab, remote].map(async (answer) => {
        const served = await ctx.t.app.inject({ url: answer.heatmap_video ?? '' });
        expect(served.statusCode, answer.heatmap_video ?? 'no video').toBe(200);
        return served.rawPayload;
      }),
    );
    expect(new Set(videos.map((bytes) => bytes.toString('base64'))).size).toBe(3);
    const file = path.join(workDir, `heatmap-remote-${testId}.mp4`);
    fs.writeFileSync(file, videos[2] ?? Buffer.alloc(0));
    expect(Math.abs((await probeVideo(file)).durationMs - VIDEO_MS)).toBeLessThanOrEqual(100);
    // The spec's participant call stays everyone's.
    const moments = (await readResult(testId)).moments ?? [];
    expect(moments.length).toBe(all.moments.length);

    // Left with one cohort, the result is everyone's again and the cohorts' videos are gone.
    await ctx.t.db
      .update(participants)
      .set({ excludedFromMetrics: true })
      .where(and(eq(participants.testId, testId), eq(participants.source, 'webcam')));
    await startProcessing(testId);
    await runJobs();
    const labOnly = await results('lab');
    expect([labOnly.gaze_cohort, labOnly.emotions_cohort]).toEqual(['all', 'all']);
    for (const cohort of ['lab', 'remote'])
      expect(await ctx.t.files.get(`videos/test-${testId}-heatmap-${cohort}.mp4`)).toBeNull();
  });

  it('updates the same participant when run again, keeping its scenes', async () => {
    const testId = await videoTestWithViewers(3);
    await startProcessing(testId);
    await runJobs();
    const first = await readResult(testId);
    await ctx.t.db.insert(sections).values({
      participantId: first.id,
      timestampStart: (first.started_at ?? 0) * 1000,
      timestampEnd: (first.started_at ?? 0) * 1000 + 2000,
    });
    await recordDemoParticipant(
      ctx.t,
      testId,
      generateVideoParticipant({
        seed: 99,
        videoDurationMs: VIDEO_MS,
        startTime: Date.UTC(2026, 5, 2),
        realId: 'late viewer',
      }),
    );
    await startProcessing(testId);
    await runJobs();
    const second = await readResult(testId);
    expect(second.id).toBe(first.id);
    expect(second.started_at).toBe(first.started_at);
    expect(second.sections).toHaveLength(1);
  });

  it('answers no result while processing runs, not even the previous one: it may be half replaced', async () => {
    const testId = await videoTestWithViewers(2);
    await startProcessing(testId);
    await runJobs();
    const first = await readResult(testId);
    await startProcessing(testId);
    const answer = await as.clientMember.get(`/participants/get_video_participant?test_id=${testId}`);
    expectError(answer, 'not_found');
    expect(answer.json().message).toMatch(/processing/);
    await runJobs();
    expect((await readResult(testId)).id).toBe(first.id);
  });

  it('answers no result cut off before its last step (a killed process), until it has run again', async () => {
    const testId = await videoTestWithViewers(2);
    await startProcessing(testId);
    await runJobs();
    const { id } = await readResult(testId);
    // What a process killed between storing the streams and the last transaction leaves.
    await ctx.t.db.update(participants).set({ state: 'recording' }).where(eq(participants.id, id));
    expectError(
      await as.clientMember.get(`/participants/get_video_participant?test_id=${testId}`),
      'not_found',
    );
    await startProcessing(testId);
    await runJobs();
    expect((await readResult(testId)).id).toBe(id);
  });

  it('queues one job however often it is asked while processing', async () => {
    const testId = await videoTestWithViewers(2);
    for (let i = 0; i < 3; i++) await startProcessing(testId);
    const queued = await ctx.t.db.select().from(jobs).where(eq(jobs.kind, PROCESS_VIDEO_TEST));
    expect(queued.filter((job) => (job.payload as { test_id: number }).test_id === testId)).toHaveLength(1);
    await runJobs();
  });

  it('is for the research area only', async () => {
    const testId = await videoTestWithViewers(1);
    for (const client of [as.clientAdmin, as.clientMember, as.demoUser, as.otherAdmin])
      expectError(await client.get(`/tests/${testId}/process_video_test`), 'forbidden');
    expectError(await as.anonymous.get(`/tests/${testId}/process_video_test`), 'unauthenticated');
    expect((await readTest(testId)).internal_state).toBeNull();
  });

  it('refuses a web test, a video test without viewers and an unknown test, changing nothing', async () => {
    const web = await buildTest(ctx.t.db, ctx.world.client.id, { platform: 'desktop' });
    await buildParticipant(ctx.t, web.id);
    const webAnswer = await as.staff.get(`/tests/${web.id}/process_video_test`);
    expectError(webAnswer, 'conflict');
    expect(webAnswer.json().message).toBe('Only video tests are processed; this is a desktop test');
    const empty = await buildTest(ctx.t.db, ctx.world.client.id, { platform: 'video' });
    const emptyAnswer = await as.staff.get(`/tests/${empty.id}/process_video_test`);
    expectError(emptyAnswer, 'conflict');
    expect(emptyAnswer.json().message).toMatch(/no participant data/);
    expect((await readTest(empty.id)).internal_state).toBeNull();
    expectError(await as.staff.get('/tests/999999/process_video_test'), 'not_found');
  });

  it('clears internal_state when the last attempt fails, so the screens stop waiting', async () => {
    const testId = await videoTestWithViewers(1);
    await startProcessing(testId);
    const [test] = await ctx.t.db.select({ video: tests.video }).from(tests).where(eq(tests.id, testId));
    await ctx.t.files.delete(test?.video ?? '');
    await ctx.t.db
      .update(jobs)
      .set({ attempts: JOB_MAX_ATTEMPTS - 1 })
      .where(eq(jobs.kind, PROCESS_VIDEO_TEST));
    await runJobs();
    const [job] = await ctx.t.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, PROCESS_VIDEO_TEST))
      .orderBy(jobs.id)
      .limit(100)
      .then((rows) => rows.filter((row) => (row.payload as { test_id: number }).test_id === testId));
    expect(job?.state).toBe('failed');
    expect(job?.lastError).toMatch(/missing from the file store/);
    expect((await readTest(testId)).internal_state).toBeNull();
  });
});

describe('a generated viewer (the spec’s fake participant)', () => {
  const videoResults = async (testId: number) =>
    videoResultsSchema.parse(expectOk(await as.clientMember.get(`/tests/${testId}/video_results`)));
  const process = async (testId: number) => {
    await startProcessing(testId);
    await runJobs();
    return videoResults(testId);
  };
  const clientList = async (testId: number) =>
    participantListAnswer
      .parse(expectOk(await as.clientMember.get(`/tests/${testId}/participants`)))
      .map((participant) => participant.id);
  const count = (testId: number, pid: number, body: object) =>
    as.staff.patch(`/tests/${testId}/quality/${pid}`, body);

  it('counts in the video results and on clients’ screens only after a researcher counts it', async () => {
    const testId = await videoTestWithViewers(1, ['individual_participant']);
    const realOnly = await process(testId);
    const generated = participantSummarySchema.parse(
      expectOk(await as.staff.post(`/tests/${testId}/generated_viewers`, {}), 201),
    );
    const [row] = await ctx.t.db.select().from(participants).where(eq(participants.id, generated.id));
    expect(row?.excludedFromMetrics).toBe(true);

    const uncounted = await process(testId);
    expect(uncounted.stats.participants).toBe(1);
    expect(uncounted.scores).toEqual(realOnly.scores);
    expect(await clientList(testId)).not.toContain(generated.id);
    expectError(await as.clientMember.get(`/tests/${testId}/participants/${generated.id}`), 'not_found');
    expect(expectOk(await as.staff.get(`/tests/${testId}/participants`))).toContainEqual(
      expect.objectContaining({ id: generated.id }),
    );

    expectOk(await count(testId, generated.id, { excluded_from_metrics: false }));
    expect((await videoResults(testId)).stats.participants).toBe(2);
    expect(await clientList(testId)).toContain(generated.id);
    const counted = await process(testId);
    expect(counted.scores).not.toEqual(realOnly.scores);
  });

  it('is counted by the research area only, with a clear 400 for bad input, changing nothing', async () => {
    const testId = await videoTestWithViewers(1, ['individual_participant']);
    await process(testId);
    const { id } = participantSummarySchema.parse(
      expectOk(await as.staff.post(`/tests/${testId}/generated_viewers`, {}), 201),
    );
    for (const client of [as.clientAdmin, as.clientMember])
      expectError(
        await client.patch(`/tests/${testId}/quality/${id}`, { excluded_from_metrics: false }),
        'forbidden',
      );
    for (const body of [{}, { excluded_from_metrics: 'no' }, { excluded_from_metrics: null }])
      expectError(await count(testId, id, body), 'validation');
    expectError(await count(testId, 999_999, { excluded_from_metrics: false }), 'not_found');
    expect((await videoResults(testId)).stats.participants).toBe(1);
    expect(await clientList(testId)).not.toContain(id);
  });

  it('alone, is not processed until counted: processing says so', async () => {
    const test = await buildTest(ctx.t.db, ctx.world.client.id, { platform: 'video', state: 'done' });
    await giveVideo(ctx.t, { testId: test.id }, videoBytes);
    const { id } = participantSummarySchema.parse(
      expectOk(await as.staff.post(`/tests/${test.id}/generated_viewers`, {}), 201),
    );
    const refused = await as.staff.get(`/tests/${test.id}/process_video_test`);
    expectError(refused, 'conflict');
    expect(refused.json().message).toMatch(/left out of the metrics: count one first/);
    expect((await readTest(test.id)).internal_state).toBeNull();
    expectOk(await count(test.id, id, { excluded_from_metrics: false }));
    expect((await process(test.id)).has_results).toBe(true);
  });
});
