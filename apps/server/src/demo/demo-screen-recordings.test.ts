import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { participantDetailSchema } from '@limbus/contract';
import { generateParticipant, siteLayout } from '@limbus/demo-data';
import { afterAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../test/api.js';
import { extractFrame, pixelAt } from '../../test/extract-frame.js';
import { buildTest, RESULTS_READY } from '../../test/factories.js';
import { JOB_HANDLERS } from '../job-handlers.js';
import { runJobsUntilIdle } from '../jobs/job-runner.js';
import { probeVideo } from '../media/probe-video.js';
import { queueDormantScreenRecording } from '../modules/participants/screen-recording-jobs.js';
import { DEMO_RECORDING_WIDTHS } from './demo-screen-recordings.js';
import { recordDemoParticipant } from './record-demo-participant.js';
import { recordingSize, SCREEN_RECORDING_FPS } from './screen-recording.js';

const ctx = useWorld();
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-screen-recording-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));
const DURATION_MS = 20_000;

const jobDeps = () => ({
  db: ctx.t.db,
  files: ctx.t.files,
  log: ctx.t.app.log,
  clock: () => ctx.t.clock.now,
});

describe('demo screen recordings, made on first view', () => {
  it('waits dormant, starts on the first view, and serves a 1280×720 recording of the shop with the pointer', async () => {
    const as = await signInWorld(ctx.t.app, ctx.world);
    const test = await buildTest(ctx.t.db, ctx.world.client.id, { ...RESULTS_READY, platform: 'desktop' });
    const participant = generateParticipant({
      seed: 7,
      platform: 'desktop',
      startTime: Date.UTC(2026, 0, 5, 10),
      durationMs: DURATION_MS,
    });
    const { id } = await recordDemoParticipant(ctx.t, test.id, participant);
    await queueDormantScreenRecording(ctx.t.db, id);
    // dormant: a runner finds nothing to do before anybody looks
    expect(await runJobsUntilIdle(jobDeps(), JOB_HANDLERS)).toBe(0);

    const detailUrl = `/tests/${test.id}/participants/${id}?fields=video`;
    // another company's user learns nothing and wakes nothing
    expectError(await as.otherAdmin.get(detailUrl), 'not_found');
    expect(await runJobsUntilIdle(jobDeps(), JOB_HANDLERS)).toBe(0);
    const first = participantDetailSchema.parse(expectOk(await as.clientMember.get(detailUrl)));
    expect(first).toMatchObject({ video: null, video_pending: true });
    expect(await runJobsUntilIdle(jobDeps(), JOB_HANDLERS)).toBe(1);

    const after = participantDetailSchema.parse(expectOk(await as.clientMember.get(detailUrl)));
    expect(after.video_pending).toBeUndefined();
    expect(after.video).toMatch(/\/video\?expires=/);
    const served = await ctx.t.app.inject({ method: 'GET', url: after.video ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    const file = path.join(workDir, 'served.mp4');
    fs.writeFileSync(file, served.rawPayload);
    const info = await probeVideo(file);
    expect(info).toMatchObject({ width: 1280, height: 720, fps: SCREEN_RECORDING_FPS });
    expect(Math.abs(info.durationMs - DURATION_MS)).toBeLessThanOrEqual(400);

    // the pointer's dark body just below its tip, where the mouse was at 10 s
    const atMs = 10_000;
    const mice = participant.mice;
    let index = 0;
    while (
      index + 1 < mice.timestamp.length &&
      (mice.timestamp[index + 1] as number) <= participant.startedAt + atMs
    )
      index++;
    const scale = 1280 / siteLayout('desktop').viewport.width;
    const frame = await extractFrame(file, atMs, { width: 1280, height: 720 });
    const [r, g, b] = pixelAt(
      frame,
      Math.round((mice.x[index] as number) * scale + 2),
      Math.round((mice.y[index] as number) * scale + 8),
    );
    expect(r + g + b).toBeLessThan(200);
  });

  it('answers no pending recording for a participant without one queued', async () => {
    const as = await signInWorld(ctx.t.app, ctx.world);
    const test = await buildTest(ctx.t.db, ctx.world.client.id, { ...RESULTS_READY, platform: 'desktop' });
    const participant = generateParticipant({
      seed: 8,
      platform: 'desktop',
      startTime: Date.UTC(2026, 0, 5, 10),
      durationMs: 20_000,
    });
    const { id } = await recordDemoParticipant(ctx.t, test.id, participant);
    const detail = participantDetailSchema.parse(
      expectOk(await as.clientMember.get(`/tests/${test.id}/participants/${id}?fields=video`)),
    );
    expect(detail).toMatchObject({ video: null, video_pending: false });
  });

  it("makes a phone test's recordings at the phone's size (issue 26: they were 260 px wide and stretched)", () => {
    expect(recordingSize(siteLayout('mobile').viewport, DEMO_RECORDING_WIDTHS.mobile)).toEqual({
      width: 390,
      height: 844,
    });
  });
});
