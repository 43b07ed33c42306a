import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Erasure, erasureSchema } from '@limbus/contract';
import { demoVideoScenes, generateVideoCohort } from '@limbus/demo-data';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildTest, giveVideo } from '../../../test/factories.js';
import { participantStreams, participants } from '../../db/schema.js';
import { makeDemoVideo } from '../../demo/demo-video.js';
import { recordDemoParticipant } from '../../demo/record-demo-participant.js';
import { JOB_HANDLERS } from '../../job-handlers.js';
import { runJobsUntilIdle } from '../../jobs/job-runner.js';
import { heatmapVideoKey } from '../video-tests/heatmap-video-file.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
const VIDEO_MS = 5000;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-erasure-video-'));
let videoBytes: Buffer;

const runJobs = () =>
  runJobsUntilIdle(
    { db: ctx.t.db, files: ctx.t.files, log: ctx.t.app.log, clock: () => ctx.t.clock.now },
    JOB_HANDLERS,
  );
const receipt = (body: unknown): Erasure => erasureSchema.parse((body as { data: unknown }).data);

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

/** The gaze samples of the test's aggregate participant: everyone's gaze over the video. */
async function aggregateGaze(testId: number): Promise<number | null> {
  const [row] = await ctx.t.db
    .select({ samples: participantStreams.sampleCount })
    .from(participantStreams)
    .innerJoin(participants, eq(participants.id, participantStreams.participantId))
    .where(
      and(
        eq(participants.testId, testId),
        eq(participants.type, 'video_heatmap'),
        eq(participantStreams.kind, 'eyes'),
      ),
    );
  return row?.samples ?? null;
}

describe('erasing a viewer of a video test', () => {
  it('makes the aggregate and its heatmap video again from the viewers left, and removes them with the last', async () => {
    const test = await buildTest(ctx.t.db, ctx.world.client.id, { platform: 'video', state: 'done' });
    await giveVideo(ctx.t, { testId: test.id }, videoBytes);
    const cohort = generateVideoCohort({
      seed: 3,
      count: 2,
      videoDurationMs: VIDEO_MS,
      startTime: Date.UTC(2026, 5, 1),
    });
    const ids: number[] = [];
    for (const viewer of cohort) ids.push((await recordDemoParticipant(ctx.t, test.id, viewer)).id);
    expect((await as.staff.get(`/tests/${test.id}/process_video_test`)).statusCode).toBe(202);
    await runJobs();
    const before = await aggregateGaze(test.id);
    const heatmapBefore = await ctx.t.files.get(heatmapVideoKey(test.id));
    expect(before).toBeGreaterThan(0);
    expect(heatmapBefore).not.toBeNull();

    const [first, second] = ids as [number, number];
    const one = receipt(
      expectOk(await as.staff.post(`/tests/${test.id}/participants/${first}/erasure`), 202),
    );
    await runJobs();
    const done = receipt(expectOk(await as.staff.get(`/tests/${test.id}/erasures/${one.id}`)));
    expect(done.verification?.found).toEqual([]);
    expect(done).toMatchObject({ state: 'verified', is_verified: true });
    expect(done.removed.recomputed_video_aggregate).toBe(1);
    const after = await aggregateGaze(test.id);
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before ?? 0);
    const heatmapAfter = await ctx.t.files.get(heatmapVideoKey(test.id));
    expect(heatmapAfter).not.toBeNull();
    expect(heatmapAfter?.equals(heatmapBefore ?? Buffer.alloc(0))).toBe(false);

    const two = receipt(
      expectOk(await as.staff.post(`/tests/${test.id}/participants/${second}/erasure`), 202),
    );
    await runJobs();
    expect(receipt(expectOk(await as.staff.get(`/tests/${test.id}/erasures/${two.id}`))).state).toBe(
      'verified',
    );
    expect(await aggregateGaze(test.id)).toBeNull();
    expect(await ctx.t.files.get(heatmapVideoKey(test.id))).toBeNull();
  });
});
