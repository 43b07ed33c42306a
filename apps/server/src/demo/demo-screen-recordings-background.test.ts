import { participantDetailSchema } from '@limbus/contract';
import { generateParticipant } from '@limbus/demo-data';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectOk, signInWorld, useWorld } from '../../test/api.js';
import { buildTest, RESULTS_READY } from '../../test/factories.js';
import { jobs, participants } from '../db/schema.js';
import { JOB_HANDLERS } from '../job-handlers.js';
import { runJobsUntilIdle, runNextJob } from '../jobs/job-runner.js';
import { claimJob, setJobProgress } from '../jobs/jobs.repository.js';
import {
  MAKE_SCREEN_RECORDING,
  makeScreenRecordingsInBackground,
  queueDormantScreenRecording,
} from '../modules/participants/screen-recording-jobs.js';
import { makeDemoScreenRecording } from './demo-screen-recordings.js';
import { recordDemoParticipant } from './record-demo-participant.js';

const ctx = useWorld();

const jobDeps = () => ({
  db: ctx.t.db,
  files: ctx.t.files,
  log: ctx.t.app.log,
  clock: () => ctx.t.clock.now,
});

/** Demo participants of a new test with their dormant recording jobs, 20 s each, the shortest the generator makes. */
async function demoParticipants(count: number, order = 0): Promise<{ testId: number; ids: number[] }> {
  const test = await buildTest(ctx.t.db, ctx.world.client.id, { ...RESULTS_READY, platform: 'desktop' });
  const ids: number[] = [];
  for (let seed = 0; seed < count; seed++) {
    const participant = generateParticipant({
      seed: 40 + seed,
      platform: 'desktop',
      startTime: Date.UTC(2026, 0, 5, 10),
      durationMs: 20_000,
    });
    const { id } = await recordDemoParticipant(ctx.t, test.id, participant);
    await queueDormantScreenRecording(ctx.t.db, id, order);
    ids.push(id);
  }
  return { testId: test.id, ids };
}

async function hasVideo(participantId: number): Promise<boolean> {
  const [row] = await ctx.t.db
    .select({ video: participants.video })
    .from(participants)
    .where(eq(participants.id, participantId));
  return Boolean(row?.video);
}

const detailOf = async (testId: number, participantId: number) => {
  const as = await signInWorld(ctx.t.app, ctx.world);
  return participantDetailSchema.parse(
    expectOk(await as.clientMember.get(`/tests/${testId}/participants/${participantId}?fields=video`)),
  );
};

/** Leaves no dormant recording of earlier tests in the way of this one's order. */
async function clearRecordingJobs(): Promise<void> {
  await ctx.t.db.delete(jobs).where(eq(jobs.kind, MAKE_SCREEN_RECORDING));
}

describe('demo screen recordings, made in the background after the start (issue 26)', () => {
  it('makes every dormant recording one after another, and a second start does not start another run', async () => {
    await clearRecordingJobs();
    const { ids } = await demoParticipants(3);
    await makeScreenRecordingsInBackground(ctx.t.db, ctx.t.clock.now);
    await makeScreenRecordingsInBackground(ctx.t.db, ctx.t.clock.now);
    const due = await ctx.t.db.select().from(jobs).where(eq(jobs.kind, MAKE_SCREEN_RECORDING));
    // one run: only the first participant's job is due, the others still wait
    expect(
      due.filter((job) => job.runAfter.getFullYear() < 9999).map((job) => job.payload.participant_id),
    ).toEqual([ids[0]]);

    // nobody looks at any of them: each one, when made, makes the next one due
    expect(await runJobsUntilIdle(jobDeps(), JOB_HANDLERS)).toBe(3);
    for (const id of ids) expect(await hasVideo(id)).toBe(true);
  });

  it("takes the tests in the seed's order, then their participants in theirs", async () => {
    await clearRecordingJobs();
    const later = await demoParticipants(1, 1);
    const sooner = await demoParticipants(1, 0);
    await makeScreenRecordingsInBackground(ctx.t.db, ctx.t.clock.now);
    expect(await runNextJob(jobDeps(), JOB_HANDLERS)).toMatchObject({
      payload: { participant_id: sooner.ids[0] },
    });
    expect(await runNextJob(jobDeps(), JOB_HANDLERS)).toMatchObject({
      payload: { participant_id: later.ids[0] },
    });
  });

  it('says how many recordings are made before a queued one, and how far a running one is', async () => {
    await clearRecordingJobs();
    const { testId, ids } = await demoParticipants(3);
    const [first, second, third] = ids as [number, number, number];
    await makeScreenRecordingsInBackground(ctx.t.db, ctx.t.clock.now);

    // a view of the third wakes it behind the run's first
    const queued = await detailOf(testId, third);
    expect(queued).toMatchObject({ video_pending: true, video_progress: { state: 'queued', ahead: 1 } });

    // the runner takes the first one and reports its progress
    const running = await claimJob(ctx.t.db, ctx.t.clock.now, 60_000);
    expect(running?.payload.participant_id).toBe(first);
    await setJobProgress(ctx.t.db, running?.id ?? 0, 42);
    expect(await detailOf(testId, first)).toMatchObject({
      video_pending: true,
      video_progress: { state: 'making', percent: 42, ahead: 0 },
    });
    // the second still waits for the run, which the first has not handed on yet: a view wakes it
    // too, and it comes before the third in the queue's order (due at the same time, queued first)
    expect((await detailOf(testId, second)).video_progress).toMatchObject({ state: 'queued', ahead: 1 });
    expect((await detailOf(testId, third)).video_progress).toMatchObject({ state: 'queued', ahead: 2 });
  });

  it('reports the share of frames drawn as the recording is made', async () => {
    await clearRecordingJobs();
    const { ids } = await demoParticipants(1);
    const reported: number[] = [];
    await makeDemoScreenRecording(
      jobDeps(),
      { participant_id: ids[0] },
      { reportProgress: (p) => reported.push(p) },
    );
    expect(reported.length).toBeGreaterThan(5);
    expect(reported[0]).toBe(0);
    expect(reported.at(-1)).toBeGreaterThan(90);
    expect([...reported].sort((a, b) => a - b)).toEqual(reported);
  });

  it('goes on with the next recording when one cannot be made', async () => {
    await clearRecordingJobs();
    const { ids } = await demoParticipants(2);
    await makeScreenRecordingsInBackground(ctx.t.db, ctx.t.clock.now);
    const [firstJob] = (
      await ctx.t.db.select().from(jobs).where(eq(jobs.kind, MAKE_SCREEN_RECORDING))
    ).filter((job) => job.payload.in_background === true);
    expect(firstJob?.payload.participant_id).toBe(ids[0]);
    await makeDemoScreenRecording.giveUp?.(jobDeps(), firstJob?.payload ?? {});
    const due = (await ctx.t.db.select().from(jobs).where(eq(jobs.kind, MAKE_SCREEN_RECORDING))).filter(
      (job) => job.runAfter.getFullYear() < 9999,
    );
    expect(due.map((job) => job.payload.participant_id).sort()).toEqual([...ids].sort());
  });
});
