/**
 * The real server in a child process, killed with SIGKILL at the worst moments of an upload, a
 * stream batch and a video-processing job, then started again on the same DATA_DIR: nothing half
 * written is ever answered, the upload resumes where the server's bytes end, the job runs again
 * (docs/ingestion.md, "Tested by killing the server"). The cases run in order on one data
 * directory; each one's last start is the server the next one begins with.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { decodeStream, encodeStream } from '@limbus/analytics';
import {
  type ParticipantDetail,
  participantDetailSchema,
  STREAM_MEDIA_TYPE,
  testDetailSchema,
  UPLOAD_MEDIA_TYPE,
} from '@limbus/contract';
import { demoVideoScenes, generateVideoCohort } from '@limbus/demo-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { makeDemoVideo } from '../src/demo/demo-video.js';
import { recordDemoParticipant } from '../src/demo/record-demo-participant.js';
import { createDataFileStore } from '../src/files/file-store.js';
import { probeVideo } from '../src/media/probe-video.js';
import { createTestSetup } from '../src/modules/test-setups/test-setups.service.js';
import { buildCompany, buildContract, buildTest, buildUser, giveVideo, PASSWORD } from './factories.js';
import { type ServerProcess, startServer } from './server-process.js';

const VIDEO_MS = 6000;
const UPLOAD_BYTES = 4 * 1024 * 1024;
const BATCH_SAMPLES = 120_000; // 2 MB in the codec, 33 minutes of gaze at 60 Hz

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-killed-'));
const dataDir = path.join(root, 'data');
const filesDir = path.join(dataDir, 'files');
/** The server's TMPDIR: what a killed job leaves there (its copy of the video) goes with `root`. */
const serverTmp = path.join(root, 'tmp');
const env = {
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  SEED_DEMO: '0',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'killed-server-test-secret-long-enough-for-hs256',
  WEB_DIST: path.join(root, 'web'), // empty: no SPA build needed
  AUTH_RATE_LIMIT: '1000',
  TMPDIR: serverTmp,
};

let server: ServerProcess;
let staffAuth = '';
let setupKey = '';
let webTestId = 0;
let videoTestId = 0;

async function restart(): Promise<void> {
  server = await startServer(env);
}

/** SIGKILLs the server as soon as `isTime()` holds (checked every millisecond); fails after `timeoutMs`. */
async function killWhen(isTime: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!isTime()) {
    if (Date.now() > deadline)
      throw new Error(`${what} did not happen in ${timeoutMs} ms\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await server.kill();
}

type Answer = { status: number; headers: Headers; body: Buffer };

async function call(
  method: string,
  route: string,
  options: { auth?: string; json?: unknown; body?: Uint8Array; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.auth) headers.authorization = options.auth;
  let body: RequestInit['body'];
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.body) body = options.body;
  const url = route.startsWith('/api/') ? route : `/api/v1${route}`;
  const response = await fetch(`${server.origin}${url}`, { method, headers, body });
  return {
    status: response.status,
    headers: response.headers,
    body: Buffer.from(await response.arrayBuffer()),
  };
}

const json = <T>(answer: Answer): T => JSON.parse(answer.body.toString('utf8')) as T;
const recorder = () => `Setup ${setupKey}`;

async function expectStatus(answer: Promise<Answer>, status: number): Promise<Answer> {
  const settled = await answer;
  expect(settled.status, settled.body.toString('utf8').slice(0, 500)).toBe(status);
  return settled;
}

/** Sends a request whose body `write` feeds; `done` settles with the status, or the error once the server is gone. */
function openRequest(method: string, route: string, headers: Record<string, string>) {
  const { hostname, port } = new URL(server.origin);
  const request = http.request({ method, hostname, port, path: `/api/v1${route}`, headers });
  const done = new Promise<{ status: number } | { error: string }>((resolve) => {
    request.once('response', (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0 });
    });
    request.once('error', (error) => resolve({ error: error.message }));
  });
  return {
    write: (bytes: Uint8Array) => new Promise<void>((resolve) => request.write(bytes, () => resolve())),
    end: (bytes?: Uint8Array) => request.end(bytes),
    done,
  };
}

/** Every file under DATA_DIR/files, as paths relative to it. */
function listFiles(dir = filesDir, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(path.join(dir, entry.name), relative) : [relative];
  });
}

/**
 * What DATA_DIR/files may hold: streams, videos and batch chunks, each written whole (atomically),
 * and the part file of an upload in progress. Anything else (a temp file of a write a kill cut
 * short) is a stray.
 */
const KEYS = [
  /^streams\/\d+\/(emotions|eyes|mice)\.lmbs\.br$/,
  /^videos\/\d+\.(mp4|mkv|mov)$/,
  /^videos\/test-\d+-heatmap\.mp4$/,
  /^test-videos\/\d+\.mp4$/,
  /^ingest\/\d+\/(emotions|eyes|mice)\/\d+\.lmbs$/,
  /^uploads\/\d+\.part$/,
];
const strayFiles = () => listFiles().filter((file) => !KEYS.some((key) => key.test(file)));

async function createParticipant(testId: number, realId: string): Promise<number> {
  const answer = await call('POST', '/ingest/participants', {
    auth: recorder(),
    json: { test_id: testId, real_id: realId, started_at: 1_768_210_200 },
  });
  expect([200, 201]).toContain(answer.status);
  return json<{ id: number }>(answer).id;
}

async function readParticipant(testId: number, pid: number, query: string): Promise<ParticipantDetail> {
  const answer = await expectStatus(
    call('GET', `/tests/${testId}/participants/${pid}?${query}`, { auth: staffAuth }),
    200,
  );
  return participantDetailSchema.parse(json(answer));
}

async function uploadState(pid: number): Promise<{ offset: number; size: number }> {
  const answer = await expectStatus(
    call('HEAD', `/ingest/participants/${pid}/video`, { auth: recorder() }),
    200,
  );
  return {
    offset: Number(answer.headers.get('upload-offset')),
    size: Number(answer.headers.get('upload-length')),
  };
}

beforeAll(async () => {
  for (const dir of [dataDir, serverTmp, env.WEB_DIST]) fs.mkdirSync(dir, { recursive: true });
  const videoFile = path.join(root, 'commercial.mp4');
  // Fixtures straight into the database the server will open (it is empty with SEED_DEMO=0);
  // closing it releases the directory lock for the server. ffmpeg makes the video meanwhile.
  const [database] = await Promise.all([
    openDatabase({ dataDir }),
    makeDemoVideo(videoFile, {
      durationMs: VIDEO_MS,
      width: 320,
      height: 180,
      scenes: demoVideoScenes(VIDEO_MS),
    }),
  ]);
  let staffEmail = '';
  try {
    const t = { db: database.db, files: createDataFileStore(dataDir) };
    const provider = await buildCompany(t.db, {
      name: 'Provider',
      isProvider: true,
      licenceResearch: true,
      licenceAnalysis: true,
    });
    const staff = await buildUser(t.db, { role: 'company_admin', companyId: provider.id });
    const client = await buildCompany(t.db, { name: 'Client Co' });
    await buildContract(t.db, client.id);
    webTestId = (await buildTest(t.db, client.id, { state: 'done' })).id;
    const videoTest = await buildTest(t.db, client.id, { platform: 'video', state: 'done' });
    await giveVideo(t, { testId: videoTest.id }, fs.readFileSync(videoFile));
    const viewers = generateVideoCohort({
      seed: 7,
      count: 3,
      videoDurationMs: VIDEO_MS,
      startTime: Date.UTC(2026, 5, 1),
    });
    for (const viewer of viewers) await recordDemoParticipant(t, videoTest.id, viewer);
    videoTestId = videoTest.id;
    setupKey = (
      await createTestSetup({ db: t.db, clock: () => new Date() }, { name: 'Lab 1', ip: '10.0.0.5' })
    ).key;
    staffEmail = staff.email;
  } finally {
    await database.close();
  }
  await restart();
  const signIn = await expectStatus(
    call('POST', '/tokens', { json: { email: staffEmail, password: PASSWORD } }),
    200,
  );
  staffAuth = `Bearer ${json<{ access_token: string }>(signIn).access_token}`;
}, 90_000);

afterAll(async () => {
  await server?.kill();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('a server killed with SIGKILL and started again on the same data', () => {
  it('a video upload cut mid-body resumes from the bytes the server kept and ends byte-identical', async () => {
    const pid = await createParticipant(webTestId, 'upload-1');
    const video = randomBytes(UPLOAD_BYTES);
    video.set([0, 0, 0, 0x18, ...Buffer.from('ftypisom')]);
    const start = await expectStatus(
      call('POST', `/ingest/participants/${pid}/video`, { auth: recorder(), json: { size: video.length } }),
      200,
    );
    expect(json(start)).toEqual({ offset: 0, size: video.length, complete: false });

    // One part announcing the whole video, of which only the first 1.5 MB ever come.
    const sent = 1.5 * 1024 * 1024;
    const patch = openRequest('PATCH', `/ingest/participants/${pid}/video`, {
      authorization: recorder(),
      'content-type': UPLOAD_MEDIA_TYPE,
      'upload-offset': '0',
      'content-length': String(video.length),
    });
    await patch.write(video.subarray(0, sent));
    const partFile = path.join(filesDir, 'uploads', `${pid}.part`);
    await killWhen(
      () => (fs.statSync(partFile, { throwIfNoEntry: false })?.size ?? 0) > 0,
      'bytes in the part file',
    );
    expect(await patch.done).toHaveProperty('error');

    await restart();
    const resumed = await uploadState(pid);
    expect(resumed.size).toBe(video.length);
    expect(resumed.offset).toBeGreaterThan(0);
    expect(resumed.offset).toBeLessThanOrEqual(sent);
    expect((await readParticipant(webTestId, pid, 'fields=video')).video).toBeNull();

    // The recorder sends the rest from there.
    const rest = await expectStatus(
      call('PATCH', `/ingest/participants/${pid}/video`, {
        auth: recorder(),
        body: video.subarray(resumed.offset),
        headers: { 'content-type': UPLOAD_MEDIA_TYPE, 'upload-offset': String(resumed.offset) },
      }),
      200,
    );
    expect(json(rest)).toEqual({ offset: video.length, size: video.length, complete: true });
    expect(await uploadState(pid)).toEqual({ offset: video.length, size: video.length });
    const { video: url } = await readParticipant(webTestId, pid, 'fields=video');
    expect(url).toEqual(expect.any(String));
    const served = await expectStatus(call('GET', url ?? ''), 200);
    expect(served.body.equals(video)).toBe(true);
    expect(
      listFiles().filter((file) => file.startsWith('uploads/') || file.startsWith(`videos/${pid}.`)),
    ).toEqual([`videos/${pid}.mp4`]);
    expect(strayFiles()).toEqual([]);
  }, 60_000);

  it('a stream batch cut while it is stored leaves no partial stream; the retry and finish work', async () => {
    const pid = await createParticipant(webTestId, 'batches-1');
    const t0 = 1_768_210_200_000;
    const emotions = await expectStatus(
      call('PUT', `/ingest/participants/${pid}/streams/emotions/batches/0`, {
        auth: recorder(),
        json: { timestamp: [t0, t0 + 100], joy: [0.4, 0.5], attention: [0.6, 0.6], frustration: [0.1, 0.2] },
      }),
      200,
    );
    expect(json(emotions)).toMatchObject({ sample_count: 2 });
    const timestamp = Float64Array.from({ length: BATCH_SAMPLES }, (_, i) => t0 + i * (1000 / 60));
    const x = Float32Array.from({ length: BATCH_SAMPLES }, (_, i) => (i * 7919) % 1920);
    const y = Float32Array.from({ length: BATCH_SAMPLES }, (_, i) => (i * 104_729) % 1080);
    const batch = encodeStream({ kind: 'eyes', samples: { timestamp, x, y } });

    // The whole batch goes out; the server is killed as it starts writing the batch's file.
    const put = openRequest('PUT', `/ingest/participants/${pid}/streams/eyes/batches/0`, {
      authorization: recorder(),
      'content-type': STREAM_MEDIA_TYPE,
      'content-length': String(batch.length),
    });
    put.end(batch);
    await killWhen(
      () => fs.existsSync(path.join(filesDir, 'ingest', String(pid), 'eyes')),
      'the write of the batch',
    );
    const cut = await put.done; // rarely the batch is stored before the kill lands: the same checks hold
    expect('error' in cut || cut.status === 200, JSON.stringify(cut)).toBe(true);

    await restart();
    expect(strayFiles()).toEqual([]);
    const before = await readParticipant(webTestId, pid, 'associations=eyes,emotions');
    expect(before.state).toBe('recording');
    expect(before.eyes).toEqual([]);
    expect(
      (await call('GET', `/tests/${webTestId}/participants/${pid}/streams/eyes`, { auth: staffAuth })).status,
    ).toBe(404);

    const retry = () =>
      call('PUT', `/ingest/participants/${pid}/streams/eyes/batches/0`, {
        auth: recorder(),
        body: batch,
        headers: { 'content-type': STREAM_MEDIA_TYPE },
      });
    expect(json(await expectStatus(retry(), 200))).toEqual({
      kind: 'eyes',
      seq: 0,
      sample_count: BATCH_SAMPLES,
    });
    expect(json(await expectStatus(retry(), 200))).toEqual({
      kind: 'eyes',
      seq: 0,
      sample_count: BATCH_SAMPLES,
    });
    const finished = await expectStatus(
      call('POST', `/ingest/participants/${pid}/finish`, { auth: recorder(), json: {} }),
      200,
    );
    expect(json(finished)).toMatchObject({
      state: 'finished',
      streams: { emotions: 2, eyes: BATCH_SAMPLES },
    });

    const after = await readParticipant(webTestId, pid, 'associations=eyes,emotions');
    expect(after.eyes).toHaveLength(BATCH_SAMPLES);
    expect(after.emotions).toHaveLength(2);
    const stored = await expectStatus(
      call('GET', `/tests/${webTestId}/participants/${pid}/streams/eyes`, {
        auth: staffAuth,
        headers: { 'accept-encoding': 'identity' },
      }),
      200,
    );
    // The stream as sent, sample by sample (toEqual on typed arrays this long takes minutes).
    const decoded = decodeStream(new Uint8Array(stored.body));
    expect(decoded.kind).toBe('eyes');
    const sent = decodeStream(batch);
    if (decoded.kind !== 'eyes' || sent.kind !== 'eyes') return;
    const columns = [
      [decoded.samples.timestamp, sent.samples.timestamp],
      [decoded.samples.x, sent.samples.x],
      [decoded.samples.y, sent.samples.y],
    ] as const;
    for (const [got, expected] of columns) {
      expect(got.length).toBe(BATCH_SAMPLES);
      expect(got.every((value, i) => value === expected[i])).toBe(true);
    }
    expect(strayFiles()).toEqual([]);
    expect(listFiles().filter((file) => file.startsWith(`ingest/${pid}/`))).toEqual([]);
  }, 60_000);

  it('video processing killed as it stores its result runs again at the start; no half result is answered', async () => {
    // Cut after the result's rows are in and while its streams are written, before spread and
    // fluency. A job that got through that step before the kill is asked for again (a rerun).
    let cut: { isCut: boolean; participantId: number } = { isCut: false, participantId: 0 };
    // up to four tries: on a loaded machine (the PostgreSQL pass beside the journeys) the job
    // finished its last step before the kill twice in a row once
    for (let attempt = 0; attempt < 4 && !cut.isCut; attempt++) {
      await expectStatus(call('GET', `/tests/${videoTestId}/process_video_test`, { auth: staffAuth }), 202);
      cut = await killInLastStep(videoTestId);
    }
    expect(cut.isCut, 'the job got through its last step before the kill, four times').toBe(true);
    const result = await waitForResult(videoTestId);
    expect(result.id, 'the rerun completes the participant it began, adding none').toBe(cut.participantId);
    const video = await expectStatus(call('GET', result.video ?? ''), 200);
    expect(video.body.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const file = path.join(root, 'heatmap.mp4');
    fs.writeFileSync(file, video.body);
    expect(Math.abs((await probeVideo(file)).durationMs - VIDEO_MS)).toBeLessThanOrEqual(100);
    expect(strayFiles()).toEqual([]);
  }, 120_000);
});

/** The inode of each participant's emotions stream file: a put replaces the file, so a new inode is a new write. */
function emotionFiles(): Map<string, number> {
  const streams = path.join(filesDir, 'streams');
  const inodes = new Map<string, number>();
  for (const folder of fs.existsSync(streams) ? fs.readdirSync(streams) : []) {
    const stat = fs.statSync(path.join(streams, folder, 'emotions.lmbs.br'), { throwIfNoEntry: false });
    if (stat) inodes.set(folder, stat.ino);
  }
  return inodes;
}

/**
 * Kills the server once the running job has written the first stream file of its result (after
 * committing the result's rows; the other stream, spread and fluency still to come) and starts
 * it again. Answers whether the job was cut there: the test still processing, and no result.
 */
async function killInLastStep(testId: number): Promise<{ isCut: boolean; participantId: number }> {
  const before = emotionFiles();
  const written = () => [...emotionFiles()].find(([folder, inode]) => before.get(folder) !== inode)?.[0];
  await killWhen(() => written() !== undefined, 'the storing of the result');
  const participantId = Number(written());
  await restart();
  if ((await readTest(testId)).internal_state !== 'video_processing') return { isCut: false, participantId };
  const answer = await readVideoResult(testId);
  expect(answer.status, answer.body.toString('utf8').slice(0, 300)).toBe(404);
  return { isCut: true, participantId };
}

const readTest = async (testId: number) =>
  testDetailSchema.parse(json(await expectStatus(call('GET', `/tests/${testId}`, { auth: staffAuth }), 200)));
const readVideoResult = (testId: number) =>
  call('GET', `/participants/get_video_participant?test_id=${testId}`, { auth: staffAuth });

/** The test's processing state and result, polled until done: each answer is 404 or the whole result. */
async function waitForResult(testId: number, timeoutMs = 30_000): Promise<ParticipantDetail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const test = await readTest(testId);
    const answer = await readVideoResult(testId);
    expect([200, 404], answer.body.toString('utf8').slice(0, 300)).toContain(answer.status);
    if (answer.status === 200) {
      const result = participantDetailSchema.parse(json(answer));
      expectWholeResult(result);
      if (test.internal_state === null) return result;
    }
    if (Date.now() > deadline) throw new Error(`no result in ${timeoutMs} ms\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function expectWholeResult(result: ParticipantDetail): void {
  const points = VIDEO_MS / 100 + 1;
  expect(result).toMatchObject({ type: 'video_heatmap', state: 'finished' });
  expect(result.emotions).toHaveLength(points);
  expect(result.eyes?.length).toBeGreaterThan(0);
  expect(result.spread).toHaveLength(points);
  expect(result.fluency).toHaveLength(points);
  expect(result.moments).toEqual(expect.any(Array));
  expect(result.significant_points).toEqual(expect.any(Array));
  expect(result.video).toEqual(expect.any(String));
}
