import fs from 'node:fs';
import path from 'node:path';
import { encodeStream } from '@limbus/analytics';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, expectError, expectOk, useWorld } from '../../../test/api.js';
import { buildTest, signIn } from '../../../test/factories.js';
import { buildRecorder, fakeMp4, sliceStream } from '../../../test/recorder.js';
import { syntheticRecording } from '../../../test/synthetic-streams.js';
import {
  ingestBatches,
  jobs,
  labels,
  participants,
  significantPoints,
  testMetrics,
  videoUploads,
} from '../../db/schema.js';
import { JOB_HANDLERS } from '../../job-handlers.js';
import { runJobsUntilIdle } from '../../jobs/job-runner.js';
import { claimJob } from '../../jobs/jobs.repository.js';
import { loadStream } from '../participants/participant-streams.js';

const START = Date.UTC(2026, 0, 12, 9, 30);

/** Emotions with a sharp joy peak every 20 s, which peak detection must find. */
function withPeaks<T extends ReturnType<typeof syntheticRecording>>(recording: T): T {
  const { timestamp, joy } = recording.emotions.samples;
  for (let i = 0; i < timestamp.length; i++) {
    const phase = ((timestamp[i] as number) - START) % 20_000;
    if (phase > 9_000 && phase < 11_000)
      joy[i] = Math.min(1, (joy[i] as number) + 0.6 * (1 - Math.abs(phase - 10_000) / 1000));
  }
  return recording;
}

describe('ingestion', () => {
  const ctx = useWorld({ VIDEO_MAX_BYTES: String(64 * 1024) });
  let recorder: Awaited<ReturnType<typeof buildRecorder>>['api'];
  let testId: number;
  let realIds = 0;
  const jobDeps = () => ({
    db: ctx.t.db,
    files: ctx.t.files,
    log: ctx.t.app.log,
    clock: () => ctx.t.clock.now,
  });

  beforeAll(async () => {
    recorder = (await buildRecorder(ctx.t)).api;
    testId = (await buildTest(ctx.t.db, ctx.world.client.id)).id;
    await ctx.t.db
      .insert(labels)
      .values({ testId, name: 'Home', urls: ['https://shop.test/'], matchType: 'starts_with' });
  });

  const newParticipant = async () => {
    const response = await recorder.post('/ingest/participants', {
      test_id: testId,
      real_id: `rec-${++realIds}`,
      demographic: { age: 30, gender: 'male', education: 'College' },
      started_at: START / 1000,
    });
    return expectOk<{ id: number; state: string }>(response, 201).id;
  };
  const batchRows = (pid: number) =>
    ctx.t.db.select().from(ingestBatches).where(eq(ingestBatches.participantId, pid));
  const ingestFiles = (pid: number) => {
    const dir = path.join(ctx.t.dataDir, 'files', 'ingest', String(pid));
    return fs.existsSync(dir)
      ? fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.lmbs'))
      : [];
  };

  it('creates a participant once per real_id: a retry answers the same one', async () => {
    const body = { test_id: testId, real_id: 'same-one', type: 'default' };
    const first = expectOk<{ id: number; state: string }>(
      await recorder.post('/ingest/participants', body),
      201,
    );
    expect(first.state).toBe('recording');
    const again = expectOk<{ id: number }>(await recorder.post('/ingest/participants', body), 200);
    expect(again.id).toBe(first.id);
    expectError(await recorder.post('/ingest/participants', { ...body, test_id: 999_999 }), 'not_found');
  });

  it('stores binary and JSON batches, merges them in order on finish, and never duplicates a retry', async () => {
    const pid = await newParticipant();
    const recording = syntheticRecording({ startMs: START, durationMs: 10_000, mouseSamples: 500, seed: 3 });
    for (const stream of [recording.emotions, recording.eyes, recording.mice]) {
      const count = stream.samples.timestamp.length;
      const half = Math.floor(count / 2);
      expectOk(await recorder.putBinary(pid, 0, sliceStream(stream, 0, half)));
      expectOk(await recorder.putBinary(pid, 1, sliceStream(stream, half, count)));
      // A retried batch overwrites itself.
      expectOk(await recorder.putBinary(pid, 1, sliceStream(stream, half, count)));
    }
    // A third emotions batch as JSON columns.
    const last = recording.emotions.samples.timestamp.at(-1) as number;
    const json = {
      timestamp: [last + 100, last + 200],
      joy: [0.5, 0.6],
      attention: [0.1, 0.2],
      frustration: [0, 0],
    };
    expect(expectOk(await recorder.putJson(pid, 'emotions', 2, json))).toEqual({
      kind: 'emotions',
      seq: 2,
      sample_count: 2,
    });
    expect(await batchRows(pid)).toHaveLength(7);

    const finished = expectOk<{ state: string; streams: Record<string, number> }>(
      await recorder.post(`/ingest/participants/${pid}/finish`),
    );
    expect(finished.state).toBe('finished');
    expect(finished.streams).toEqual({
      emotions: recording.emotions.samples.timestamp.length + 2,
      eyes: recording.eyes.samples.timestamp.length,
      mice: recording.mice.samples.timestamp.length,
    });
    expect(await batchRows(pid)).toEqual([]);
    expect(ingestFiles(pid)).toEqual([]);
    // Finishing again changes nothing.
    expect(expectOk(await recorder.post(`/ingest/participants/${pid}/finish`))).toEqual(finished);
    expect(
      (await ctx.t.db.select().from(jobs).where(eq(jobs.kind, 'analyse_participant'))).filter(
        (job) => job.payload.participant_id === pid,
      ),
    ).toHaveLength(1);

    // The participant endpoint serves the merged streams.
    const staff = apiClient(ctx.t.app, await signIn(ctx.t.app, ctx.world.staff.email));
    const detail = expectOk<{ mice: { url: string }[]; emotions: unknown[]; total_clicks: number }>(
      await staff.get(`/tests/${testId}/participants/${pid}?associations=emotions,mice`),
    );
    expect(detail.emotions).toHaveLength(recording.emotions.samples.timestamp.length + 2);
    expect(detail.mice.map((m) => m.url)).toEqual(
      Array.from(recording.mice.samples.urlIndex, (index) => recording.mice.samples.urls[index]),
    );
    expectError(await recorder.putJson(pid, 'emotions', 3, json), 'conflict');
  });

  it('keeps facial expressions as a stream of their own, never in the emotions, and refuses scores outside 0–1', async () => {
    const pid = await newParticipant();
    const scores = (happy: number) => ({
      happy,
      surprise: 0.05,
      angry: 0.02,
      disgust: 0.01,
      fear: 0.01,
      sad: 0.03,
      neutral: 1 - happy,
    });
    const columns = (times: number[], happies: number[]) => ({
      timestamp: times,
      ...Object.fromEntries(
        Object.keys(scores(0)).map((name) => [
          name,
          happies.map((h) => scores(h)[name as keyof ReturnType<typeof scores>]),
        ]),
      ),
    });
    expect(
      expectOk(await recorder.putJson(pid, 'expressions', 0, columns([START, START + 200], [0.1, 0.8]))),
    ).toEqual({
      kind: 'expressions',
      seq: 0,
      sample_count: 2,
    });
    expectOk(await recorder.putJson(pid, 'expressions', 1, columns([START + 400], [0.9])));
    expectError(
      await recorder.putJson(pid, 'expressions', 2, { ...columns([START + 600], [0.5]), sad: [1.5] }),
      'validation',
      { expressions: 'sad[0] is 1.5; scores lie in [0, 1]' },
    );
    expectError(
      await recorder.putJson(pid, 'expressions', 2, { ...columns([START + 600], [0.5]), joy: [0.5] }),
      'validation',
    );
    expect(await batchRows(pid)).toHaveLength(2);

    const finished = expectOk<{ streams: Record<string, number> }>(
      await recorder.post(`/ingest/participants/${pid}/finish`),
    );
    expect(finished.streams).toEqual({ expressions: 3 });
    const stored = await loadStream({ db: ctx.t.db, files: ctx.t.files }, pid, 'expressions');
    expect(
      stored?.kind === 'expressions' && Array.from(stored.samples.happy, (v) => Math.round(v * 100)),
    ).toEqual([10, 80, 90]);
    expect(await loadStream({ db: ctx.t.db, files: ctx.t.files }, pid, 'emotions')).toBeNull();
  });

  it('refuses bad batches with 400 naming the problem, and stores nothing', async () => {
    const pid = await newParticipant();
    const recording = syntheticRecording({ startMs: START, durationMs: 2_000, seed: 4 });
    const encoded = encodeStream(recording.eyes);
    const cases: [string, Promise<import('fastify').LightMyRequestResponse>, RegExp][] = [
      [
        'truncated',
        recorder.putBinary(pid, 0, encoded.subarray(0, encoded.length - 5), 'eyes'),
        /bytes where its header announces/,
      ],
      [
        'corrupt',
        recorder.putBinary(pid, 0, Buffer.from('not a stream at all, really not'), 'eyes'),
        /not a Limbus sample stream/,
      ],
      ['wrong kind', recorder.putBinary(pid, 0, recording.emotions, 'eyes'), /holds emotions, not eyes/],
      [
        'unequal',
        recorder.putJson(pid, 'eyes', 0, { timestamp: [1, 2, 3], x: [1, 2], y: [1, 2, 3] }),
        /x has 2 values where timestamp has 3/,
      ],
      [
        'NaN emotion',
        recorder.putJson(pid, 'emotions', 0, {
          timestamp: [1, 2],
          joy: [0.5, null],
          attention: [0, 0],
          frustration: [0, 0],
        }),
        /joy\[1\] is NaN/,
      ],
      [
        'infinite position',
        recorder.call('PUT', `/ingest/participants/${pid}/streams/eyes/batches/0`, {
          payload: '{"timestamp":[1,2],"x":[1,1e400],"y":[1,2]}',
          headers: { 'content-type': 'application/json' },
        }),
        /x\[1\] is Infinity/,
      ],
      [
        'order within',
        recorder.putJson(pid, 'eyes', 0, { timestamp: [1, 3, 2], x: [1, 2, 3], y: [1, 2, 3] }),
        /timestamp\[2\] \(2\) is earlier/,
      ],
      [
        'unknown column',
        recorder.putJson(pid, 'eyes', 0, { timestamp: [1], x: [1], y: [1], z: [1] }),
        /Unknown columns: z/,
      ],
    ];
    for (const [name, pending, message] of cases) {
      const response = await pending;
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      expect(response.json().message, name).toMatch(message);
    }
    expect(await batchRows(pid)).toEqual([]);
    expect(ingestFiles(pid)).toEqual([]);
    expectError(await recorder.putJson(999_999, 'eyes', 0, { timestamp: [1], x: [1], y: [1] }), 'not_found');
    expectError(await recorder.post('/ingest/participants/999999/finish'), 'not_found');
  });

  it('refuses a batch that goes back in time across batches with 409', async () => {
    const pid = await newParticipant();
    expectOk(await recorder.putJson(pid, 'eyes', 0, { timestamp: [100, 200], x: [1, 2], y: [1, 2] }));
    expectOk(await recorder.putJson(pid, 'eyes', 2, { timestamp: [500, 600], x: [1, 2], y: [1, 2] }));
    expectError(
      await recorder.putJson(pid, 'eyes', 1, { timestamp: [150, 300], x: [1, 2], y: [1, 2] }),
      'conflict',
    );
    expectError(
      await recorder.putJson(pid, 'eyes', 1, { timestamp: [300, 700], x: [1, 2], y: [1, 2] }),
      'conflict',
    );
    expectOk(await recorder.putJson(pid, 'eyes', 1, { timestamp: [300, 400], x: [1, 2], y: [1, 2] }));
    expect((await batchRows(pid)).map((row) => row.seq).sort()).toEqual([0, 1, 2]);
  });

  it('analyses a finished participant in a job; researcher edits survive a rerun; metrics are stored', async () => {
    const pid = await newParticipant();
    const recording = withPeaks(
      syntheticRecording({ startMs: START, durationMs: 120_000, mouseSamples: 3000, seed: 9 }),
    );
    recording.mice.samples.urls = recording.mice.samples.urls.map(() => 'https://shop.test/home');
    for (const stream of [recording.emotions, recording.mice])
      expectOk(await recorder.putBinary(pid, 0, stream));
    expectOk(await recorder.post(`/ingest/participants/${pid}/finish`));
    expect(await runJobsUntilIdle(jobDeps(), JOB_HANDLERS)).toBeGreaterThanOrEqual(2);

    const points = await ctx.t.db
      .select()
      .from(significantPoints)
      .where(eq(significantPoints.participantId, pid));
    expect(points.length).toBeGreaterThan(0);
    const [metrics] = await ctx.t.db.select().from(testMetrics).where(eq(testMetrics.kind, 'pages'));
    const pages = (metrics?.payload ?? []) as { name: string; total_participants: number }[];
    expect(pages[0]).toMatchObject({
      name: 'Home',
      total_participants: 1,
    });

    const edited = points[0] as (typeof points)[number];
    await ctx.t.db
      .update(significantPoints)
      .set({ comment: 'Looks at the price', falsePositive: true, edited: true })
      .where(eq(significantPoints.id, edited.id));
    await ctx.t.db
      .insert(jobs)
      .values({ kind: 'analyse_participant', payload: { participant_id: pid }, runAfter: ctx.t.clock.now });
    await runJobsUntilIdle(jobDeps(), JOB_HANDLERS);
    const after = await ctx.t.db
      .select()
      .from(significantPoints)
      .where(eq(significantPoints.participantId, pid));
    expect(after.find((point) => point.id === edited.id)).toMatchObject({
      comment: 'Looks at the price',
      falsePositive: true,
    });
    expect(after).toHaveLength(points.length);
    const staff = apiClient(ctx.t.app, await signIn(ctx.t.app, ctx.world.staff.email));
    const detail = (await staff.get(`/tests/${testId}/participants/${pid}?associations=sections`)).json();
    expect(detail.sections.length).toBeGreaterThan(0);
    expect(detail.sections[0].label?.name).toBe('Home');
  });

  it('reruns a job whose process died once its lease is over', async () => {
    const pid = await newParticipant();
    const recording = withPeaks(syntheticRecording({ startMs: START, durationMs: 120_000, seed: 9 }));
    expectOk(await recorder.putBinary(pid, 0, recording.emotions));
    expectOk(await recorder.post(`/ingest/participants/${pid}/finish`));
    // A process claims the job and dies: the row stays running with its lease.
    const claimed = await claimJob(ctx.t.db, ctx.t.clock.now, 60_000);
    expect(claimed?.payload).toEqual({ participant_id: pid });
    expect(await runJobsUntilIdle(jobDeps(), JOB_HANDLERS)).toBe(0);
    expect(
      await ctx.t.db.select().from(significantPoints).where(eq(significantPoints.participantId, pid)),
    ).toEqual([]);
    ctx.t.clock.advance(61_000);
    expect(await runJobsUntilIdle(jobDeps(), JOB_HANDLERS)).toBeGreaterThanOrEqual(1);
    const [job] = await ctx.t.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, claimed?.id ?? 0));
    expect(job).toMatchObject({ state: 'done', attempts: 2 });
    expect(
      (await ctx.t.db.select().from(significantPoints).where(eq(significantPoints.participantId, pid)))
        .length,
    ).toBeGreaterThan(0);
  });

  describe('video upload', () => {
    const videoOf = async (pid: number) =>
      (
        await ctx.t.db
          .select({ video: participants.video })
          .from(participants)
          .where(eq(participants.id, pid))
      )[0]?.video;

    it('resumes an interrupted upload from the offset HEAD answers, and keeps an MP4', async () => {
      const pid = await newParticipant();
      const bytes = fakeMp4(10_000);
      expect(
        expectOk(
          await recorder.post(`/ingest/participants/${pid}/video`, {
            size: bytes.length,
            filename: 'screen.mp4',
          }),
        ),
      ).toEqual({
        offset: 0,
        size: 10_000,
        complete: false,
      });
      expectOk(await recorder.patchVideo(pid, 0, bytes.subarray(0, 4000)));
      // The connection drops; the recorder asks where the upload stands.
      const head = await recorder.call('HEAD', `/ingest/participants/${pid}/video`);
      expect(head.statusCode).toBe(200);
      expect(head.headers['upload-offset']).toBe('4000');
      // A part at the wrong offset names the right one.
      expectError(await recorder.patchVideo(pid, 0, bytes.subarray(0, 4000)), 'conflict', {
        upload_offset: '4000',
      });
      // Starting again answers the upload in progress.
      expect(
        expectOk(await recorder.post(`/ingest/participants/${pid}/video`, { size: bytes.length })).offset,
      ).toBe(4000);
      const done = expectOk(await recorder.patchVideo(pid, 4000, bytes.subarray(4000)));
      expect(done).toEqual({ offset: 10_000, size: 10_000, complete: true });
      expect(await videoOf(pid)).toBe(`videos/${pid}.mp4`);
      expect(
        fs.readFileSync(path.join(ctx.t.dataDir, 'files', 'videos', `${pid}.mp4`)).equals(Buffer.from(bytes)),
      ).toBe(true);
      expect(fs.existsSync(path.join(ctx.t.dataDir, 'files', 'uploads', `${pid}.part`))).toBe(false);
    });

    it('checks by content: MKV and MOV are kept, a text file named .mp4 answers 415 and nothing stays', async () => {
      const mkvPid = await newParticipant();
      const mkv = new Uint8Array(100);
      mkv.set([0x1a, 0x45, 0xdf, 0xa3]);
      expectOk(await recorder.post(`/ingest/participants/${mkvPid}/video`, { size: 100 }));
      expectOk(await recorder.patchVideo(mkvPid, 0, mkv));
      expect(await videoOf(mkvPid)).toBe(`videos/${mkvPid}.mkv`);

      const movPid = await newParticipant();
      const mov = new Uint8Array(100);
      mov.set([0, 0, 0, 0x14, ...Buffer.from('ftypqt  ')]);
      expectOk(await recorder.post(`/ingest/participants/${movPid}/video`, { size: 100 }));
      expectOk(await recorder.patchVideo(movPid, 0, mov));
      expect(await videoOf(movPid)).toBe(`videos/${movPid}.mov`);

      const pid = await newParticipant();
      const text = Buffer.from('This is a plain text file, not a video at all.\n');
      expectOk(
        await recorder.post(`/ingest/participants/${pid}/video`, {
          size: text.length,
          filename: 'video.mp4',
        }),
      );
      const response = await recorder.patchVideo(pid, 0, text);
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toMatch('not a video (MKV, MP4 or MOV)');
      expect(await videoOf(pid)).toBeNull();
      expect(await ctx.t.db.select().from(videoUploads).where(eq(videoUploads.participantId, pid))).toEqual(
        [],
      );
      expect(fs.existsSync(path.join(ctx.t.dataDir, 'files', 'uploads', `${pid}.part`))).toBe(false);
    });

    it('refuses an upload over the size limit, and a part past the announced size, with 413', async () => {
      const pid = await newParticipant();
      expectError(
        await recorder.post(`/ingest/participants/${pid}/video`, { size: 64 * 1024 + 1 }),
        'payload_too_large',
      );
      expect(await ctx.t.db.select().from(videoUploads).where(eq(videoUploads.participantId, pid))).toEqual(
        [],
      );
      expectOk(await recorder.post(`/ingest/participants/${pid}/video`, { size: 100 }));
      expectError(await recorder.patchVideo(pid, 0, fakeMp4(101)), 'payload_too_large');
      expect(
        (await recorder.call('HEAD', `/ingest/participants/${pid}/video`)).headers['upload-offset'],
      ).toBe('0');
      expect((await recorder.call('HEAD', '/ingest/participants/999999/video')).statusCode).toBe(404);
    });
  });
});
