import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectOk, signInWorld, useWorld } from '../../test/api.js';
import {
  buildParticipant,
  buildTest,
  giveVideo,
  RESULTS_READY,
  tinyScreenRecording,
} from '../../test/factories.js';
import { evidenceReels, insightSignificantPoints, insights, jobs, significantPoints } from '../db/schema.js';
import { JOB_HANDLERS } from '../job-handlers.js';
import { type JobDeferral, runNextJob } from '../jobs/job-runner.js';
import { MAKE_EVIDENCE_REEL } from '../modules/evidence-reels/evidence-reel-job.js';
import { findReelOfInsight, upsertReelRow } from '../modules/evidence-reels/evidence-reels.repository.js';
import {
  MAKE_SCREEN_RECORDING,
  queueDormantScreenRecording,
} from '../modules/participants/screen-recording-jobs.js';
import {
  DEMO_REELS_MAX_WAIT_MS,
  DEMO_REELS_POLL_MS,
  PUBLISH_DEMO_REELS,
  publishDemoReels,
  queueDemoReelsOf,
} from './demo-reels.js';

const ctx = useWorld();
const AT = Date.UTC(2026, 0, 12, 9, 30);
const DORMANT_YEAR = 9999;

let recording: Buffer;
beforeAll(async () => {
  recording = await tinyScreenRecording();
});

const jobDeps = () => ({
  db: ctx.t.db,
  files: ctx.t.files,
  log: ctx.t.app.log,
  clock: () => ctx.t.clock.now,
});

/**
 * A done test of the client with two participants of one annotated point each: the first has its
 * screen recording, the second's is still to be made (its demo job dormant, as the seed leaves it).
 * Insight 1 cites both points, insight 2 the first's, insight 3 none: the job takes 1 and 2.
 */
async function demoLikeTest() {
  const test = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
  const point = (atMs: number) => ({
    significantPoints: [
      { emotion: 'frustration' as const, timestampTop: AT + atMs, comment: 'Sighs at the basket', tags: [] },
    ],
  });
  const recorded = await buildParticipant(ctx.t, test.id, point(4000));
  const later = await buildParticipant(ctx.t, test.id, point(5000));
  await giveVideo(ctx.t, { participantId: recorded.id }, recording);
  await queueDormantScreenRecording(ctx.t.db, later.id);
  const pointOf = async (participantId: number) => {
    const [row] = await ctx.t.db
      .select({ id: significantPoints.id })
      .from(significantPoints)
      .where(eq(significantPoints.participantId, participantId));
    if (!row) throw new Error('no point');
    return row.id;
  };
  const [first, second] = [await pointOf(recorded.id), await pointOf(later.id)];
  const made = await ctx.t.db
    .insert(insights)
    .values([
      { testId: test.id, assignedId: 1, title: 'The basket frustrates' },
      { testId: test.id, assignedId: 2, title: 'The first shopper sighs' },
      { testId: test.id, assignedId: 3, title: 'Nothing to show' },
    ])
    .returning({ id: insights.id });
  const [both, one, none] = made.map((row) => row.id) as [number, number, number];
  await ctx.t.db.insert(insightSignificantPoints).values([
    { insightId: both, significantPointId: first },
    { insightId: both, significantPointId: second },
    { insightId: one, significantPointId: first },
  ]);
  return { test, recorded, later, insights: { both, one, none } };
}

/** No job of earlier tests in the way: runNextJob then takes the ones of this test. */
async function onlyDemoJobsQueued(): Promise<void> {
  await ctx.t.db.delete(jobs);
}

const jobRow = async (id: number) => {
  const [row] = await ctx.t.db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error('no job');
  return row;
};

const recordingJobOf = async (participantId: number) =>
  (await ctx.t.db.select().from(jobs).where(eq(jobs.kind, MAKE_SCREEN_RECORDING))).find(
    (job) => job.payload.participant_id === participantId,
  );

/** The second participant's recording, made as its job makes it: stored, named, and the job done. */
async function recordingMade(participantId: number): Promise<void> {
  await giveVideo(ctx.t, { participantId }, recording);
  const job = await recordingJobOf(participantId);
  if (job) await ctx.t.db.update(jobs).set({ state: 'done' }).where(eq(jobs.id, job.id));
}

describe("the demo's evidence reels (issue 29)", () => {
  it('waits for the recordings, then makes, renders and publishes the reels, once', async () => {
    await onlyDemoJobsQueued();
    const made = await demoLikeTest();
    // a researcher made insight 2's reel already: theirs stays as it is
    await upsertReelRow(
      ctx.t.db,
      made.insights.one,
      { clips: [{ point_id: 0, start_offset_ms: -3000, end_offset_ms: 4000 }], leftOut: 0 },
      'original',
    );
    const researchersReel = await findReelOfInsight(ctx.t.db, made.insights.one);

    const jobId = await queueDemoReelsOf(ctx.t, made.test.id, ctx.t.clock.now);
    expect(jobId).not.toBeNull();
    expect(await queueDemoReelsOf(ctx.t, made.test.id, ctx.t.clock.now)).toBeNull();
    expect((await jobRow(jobId ?? 0)).payload.insight_ids).toEqual([made.insights.both, made.insights.one]);

    // the first run wakes the recording it waits for and runs again later, as the same job
    expect(await runNextJob(jobDeps(), JOB_HANDLERS)).toMatchObject({ id: jobId });
    const waiting = await jobRow(jobId ?? 0);
    expect(waiting).toMatchObject({
      state: 'queued',
      attempts: 0,
      payload: { insight_ids: [made.insights.both] },
    });
    expect(waiting.runAfter.getTime()).toBe(ctx.t.clock.now.getTime() + DEMO_REELS_POLL_MS);
    expect((await recordingJobOf(made.later.id))?.runAfter.getFullYear()).toBeLessThan(DORMANT_YEAR);
    expect(await findReelOfInsight(ctx.t.db, made.insights.both)).toBeNull();

    // the recording is made; the next run makes the reel and queues its render, which publishes it
    await recordingMade(made.later.id);
    ctx.t.clock.advance(DEMO_REELS_POLL_MS);
    expect(await runNextJob(jobDeps(), JOB_HANDLERS)).toMatchObject({ id: jobId });
    expect(await jobRow(jobId ?? 0)).toMatchObject({ state: 'done' });
    expect(await findReelOfInsight(ctx.t.db, made.insights.both)).toMatchObject({
      state: 'rendering',
      published: false,
    });
    expect(await runNextJob(jobDeps(), JOB_HANDLERS)).toMatchObject({ kind: MAKE_EVIDENCE_REEL });
    const reel = await findReelOfInsight(ctx.t.db, made.insights.both);
    expect(reel).toMatchObject({ state: 'ready', published: true, leftOut: 0 });
    expect(reel?.clips).toHaveLength(2);
    expect(reel?.fileKey).toMatch(/^reels\/insight-/);
    expect(await ctx.t.files.openRead(reel?.fileKey ?? '')).not.toBeNull();
    expect(await findReelOfInsight(ctx.t.db, made.insights.one)).toEqual(researchersReel);

    // the client reads it as any published reel
    const as = await signInWorld(ctx.t.app, ctx.world);
    const answer = expectOk(
      await as.clientMember.get(`/tests/${made.test.id}/insights/${made.insights.both}/reel`),
    ) as { data: { published: boolean; video: string | null } };
    expect(answer.data).toMatchObject({ published: true, video: expect.stringContaining('/reel/video?') });

    // a researcher stops showing it; the job run again (a restart) changes nothing
    expectOk(
      await as.staff.post(`/tests/${made.test.id}/insights/${made.insights.both}/reel/publish`, {
        published: false,
      }),
    );
    const unpublished = await findReelOfInsight(ctx.t.db, made.insights.both);
    const again = { test_id: made.test.id, insight_ids: [made.insights.both, made.insights.one], since: 0 };
    expect(await publishDemoReels(jobDeps(), again)).toBeUndefined();
    expect(await findReelOfInsight(ctx.t.db, made.insights.both)).toEqual(unpublished);
    expect(unpublished?.published).toBe(false);
    const renders = await ctx.t.db
      .select()
      .from(jobs)
      .where(inArray(jobs.state, ['queued', 'running']));
    expect(renders.filter((job) => job.kind === MAKE_EVIDENCE_REEL)).toEqual([]);
  });

  it('with DEMO_RECORDINGS=on-view waits without waking the recordings, and gives up after its longest wait', async () => {
    await onlyDemoJobsQueued();
    const made = await demoLikeTest();
    const payload = {
      test_id: made.test.id,
      insight_ids: [made.insights.both],
      since: ctx.t.clock.now.getTime(),
    };
    const deferral = (await publishDemoReels(
      { ...jobDeps(), demoRecordings: 'on-view' },
      payload,
    )) as JobDeferral;
    expect(deferral.runAgainAt.getTime()).toBeGreaterThan(ctx.t.clock.now.getTime() + DEMO_REELS_POLL_MS);
    expect((await recordingJobOf(made.later.id))?.runAfter.getFullYear()).toBe(DORMANT_YEAR);

    const tooLate = { ...payload, since: ctx.t.clock.now.getTime() - DEMO_REELS_MAX_WAIT_MS - 1 };
    expect(await publishDemoReels({ ...jobDeps(), demoRecordings: 'on-view' }, tooLate)).toBeUndefined();
    expect(await findReelOfInsight(ctx.t.db, made.insights.both)).toBeNull();
  });

  it('leaves a deleted insight and one without a point to show, and stops', async () => {
    const made = await demoLikeTest();
    await ctx.t.db.delete(insights).where(eq(insights.id, made.insights.one));
    const payload = { test_id: made.test.id, insight_ids: [made.insights.one, made.insights.none], since: 0 };
    expect(await publishDemoReels(jobDeps(), payload)).toBeUndefined();
    expect(
      await ctx.t.db.select().from(evidenceReels).where(eq(evidenceReels.insightId, made.insights.none)),
    ).toEqual([]);
  });

  it(`is the job ${PUBLISH_DEMO_REELS} of the runner`, () => {
    expect(JOB_HANDLERS[PUBLISH_DEMO_REELS]).toBe(publishDemoReels);
  });
});
