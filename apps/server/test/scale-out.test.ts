import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { encodeStream } from '@limbus/analytics';
import { STREAM_MEDIA_TYPE } from '@limbus/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Settings } from '../src/config.js';
import { type DatabaseHandle, openPostgres } from '../src/db/client.js';
import { seedReferenceData } from '../src/db/reference-data.js';
import { jobs, tags } from '../src/db/schema.js';
import { createDataFileStore } from '../src/files/file-store.js';
import { createS3Client } from '../src/files/s3-file-store.js';
import { ANALYSE_PARTICIPANT } from '../src/modules/ingestion/analysis.js';
import { APPLY_RETENTION } from '../src/modules/retention/retention.service.js';
import { createTestSetup } from '../src/modules/test-setups/test-setups.service.js';
import { buildParticipant, buildTest, buildWorld, PASSWORD } from './factories.js';
import { sliceStream } from './recorder.js';
import { type S3TestServer, startS3TestServer } from './s3-test-server.js';
import { syntheticRecording } from './synthetic-streams.js';
import { adminQuery } from './test-database.js';

const RECORDING_START = Date.UTC(2026, 0, 12, 9, 30);

/**
 * Several processes on one PostgreSQL database, as deployed (docs/deployment.md): two API
 * processes (RATE_LIMIT_STORE=postgres, RUN_JOBS=off) and a worker (`npm run worker`), each a real
 * `node` process started as npm would, keeping files on one S3-compatible store (s3rver). Only with TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const root = path.resolve(import.meta.dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const START_TIMEOUT_MS = 180_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts a process and waits for the line that says it is ready. */
function start(script: string, env: Record<string, string>, readyLine: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [path.join(root, script)], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(readyLine)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${output}`));
    });
  });
}

describe.skipIf(!serverUrl)(
  'several API processes and a worker on one PostgreSQL',
  { timeout: 120_000 },
  () => {
    const databaseName = `limbus_scale_${randomBytes(6).toString('hex')}`;
    const children: ChildProcess[] = [];
    let database: DatabaseHandle;
    let apiA = '';
    let apiB = '';
    let clientEmail = '';
    let staffEmail = '';
    let recordedTestId = 0;
    /** The participant the first test records, which the erasure test erases. */
    let recordedPid = 0;
    let taggedTest = { testId: 0, tagId: 0 };
    /** The staff's access token of the first test's sign-in (more sign-ins would change the rate-limit count). */
    let staffToken = '';
    let dataDir = '';
    let s3: S3TestServer;

    beforeAll(async () => {
      if (!serverUrl) return;
      await adminQuery(serverUrl, `CREATE DATABASE ${databaseName}`);
      const url = new URL(serverUrl);
      url.pathname = `/${databaseName}`;
      database = await openPostgres(url.toString());
      await seedReferenceData(database.db);
      const world = await buildWorld(database.db);
      clientEmail = world.clientAdmin.email;
      staffEmail = world.staff.email;
      recordedTestId = (await buildTest(database.db, world.client.id)).id;
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-scale-'));
      taggedTest = await buildTaggedTest(database.db, world.client.id, path.join(dataDir, 'fixtures'));
      s3 = await startS3TestServer();
      const [portA, portB] = [await freePort(), await freePort()];
      const shared = {
        NODE_ENV: 'production',
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(48).toString('hex'),
        RATE_LIMIT_STORE: 'postgres',
        RUN_JOBS: 'off',
        AUTH_RATE_LIMIT: '4',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        S3_BUCKET: s3.settings.bucket,
        S3_ENDPOINT: s3.settings.endpoint ?? '',
        S3_ACCESS_KEY_ID: s3.settings.credentials?.accessKeyId ?? '',
        S3_SECRET_ACCESS_KEY: s3.settings.credentials?.secretAccessKey ?? '',
      };
      apiA = `http://127.0.0.1:${portA}`;
      apiB = `http://127.0.0.1:${portB}`;
      const started = await Promise.all([
        start(
          'apps/server/src/main.ts',
          { ...shared, PORT: String(portA), PUBLIC_URL: apiA },
          'Limbus is running',
        ),
        start(
          'apps/server/src/main.ts',
          { ...shared, PORT: String(portB), PUBLIC_URL: apiB },
          'Limbus is running',
        ),
        start('apps/server/src/worker.ts', shared, 'Limbus worker running'),
      ]);
      children.push(...started);
    }, START_TIMEOUT_MS + 60_000);

    afterAll(async () => {
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(
        children.map(
          (child) =>
            new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null))),
        ),
      );
      await database?.close();
      await s3?.close();
      if (serverUrl) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    }, 60_000);

    const signIn = (base: string, password = PASSWORD, email = clientEmail) =>
      fetch(`${base}/api/v1/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
    const refresh = (base: string, cookie: string) =>
      fetch(`${base}/api/v1/refresh_token`, {
        method: 'POST',
        headers: { cookie: `limbus_refresh=${cookie}` },
      });
    const cookieOf = (answer: Response) =>
      /limbus_refresh=([^;]*)/.exec(answer.headers.get('set-cookie') ?? '')?.[1] ?? '';

    it('analyses on the worker a participant recorded through one API process and finished on the other, its files on S3', async () => {
      const { key } = await createTestSetup(
        { db: database.db, clock: () => new Date() },
        { name: 'Lab 1', ip: '10.0.0.5' },
      );
      const recorder = (base: string, method: string, url: string, body?: Uint8Array | object) => {
        const headers: Record<string, string> = { authorization: `Setup ${key}` };
        if (body)
          headers['content-type'] = body instanceof Uint8Array ? STREAM_MEDIA_TYPE : 'application/json';
        return fetch(`${base}/api/v1${url}`, {
          method,
          headers,
          body: body instanceof Uint8Array ? body : body && JSON.stringify(body),
        });
      };
      const created = await recorder(apiA, 'POST', '/ingest/participants', {
        test_id: recordedTestId,
        real_id: 'scale-1',
        started_at: RECORDING_START / 1000,
      });
      expect(created.status).toBe(201);
      const pid = ((await created.json()) as { id: number }).id;
      recordedPid = pid;
      // each stream's two batches go to different processes: the store is all they share
      const recording = syntheticRecording({ startMs: RECORDING_START, durationMs: 30_000, seed: 5 });
      for (const stream of [recording.emotions, recording.eyes, recording.mice]) {
        const count = stream.samples.timestamp.length;
        const half = Math.floor(count / 2);
        const batches = [sliceStream(stream, 0, half), sliceStream(stream, half, count)];
        for (const [seq, base] of [apiA, apiB].entries()) {
          const url = `/ingest/participants/${pid}/streams/${stream.kind}/batches/${seq}`;
          const put = await recorder(base, 'PUT', url, encodeStream(batches[seq] as typeof stream));
          expect(put.status, await put.text()).toBe(200);
        }
      }
      const finished = await recorder(apiB, 'POST', `/ingest/participants/${pid}/finish`, {});
      expect(finished.status, await finished.text()).toBe(200);

      // only the worker runs jobs (RUN_JOBS=off on both API processes)
      let state = 'queued';
      const deadline = Date.now() + 90_000;
      while (state !== 'done' && state !== 'failed' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const analysis = (
          await database.db.select().from(jobs).where(eq(jobs.kind, ANALYSE_PARTICIPANT))
        ).find((job) => job.payload.participant_id === pid);
        state = analysis?.state ?? 'missing';
      }
      expect(state).toBe('done');

      const staffSession = (await (await signIn(apiA, PASSWORD, staffEmail)).json()) as {
        access_token: string;
      };
      staffToken = staffSession.access_token;
      const detail = await fetch(
        `${apiA}/api/v1/tests/${recordedTestId}/participants/${pid}?associations=emotions,eyes`,
        { headers: { authorization: `Bearer ${staffSession.access_token}` } },
      );
      expect(detail.status).toBe(200);
      const body = (await detail.json()) as { emotions: unknown[]; eyes: unknown[] };
      expect(body.emotions).toHaveLength(recording.emotions.samples.timestamp.length);
      expect(body.eyes.length).toBeGreaterThan(0);
      const stored = await listBucket(s3.settings);
      expect(stored).toEqual(
        expect.arrayContaining([`streams/${pid}/emotions.lmbs.br`, `streams/${pid}/eyes.lmbs.br`]),
      );
      expect(fs.readdirSync(dataDir).includes('files')).toBe(false);
    });

    it('writes on the worker an AI insight generation queued through one API process, read on the other', async () => {
      const call = (base: string, method: string, url: string, body?: object) =>
        fetch(`${base}/api/v1${url}`, {
          method,
          headers: {
            authorization: `Bearer ${staffToken}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body && JSON.stringify(body),
        });
      const { testId, tagId } = taggedTest;
      const queued = await call(apiA, 'POST', `/tests/${testId}/ai/insights`, { tag_id: tagId });
      expect(queued.status, await queued.clone().text()).toBe(202);
      const { id } = (await queued.json()) as { id: number };
      let generation = { state: 'queued', result: null as { proposal: { title: string } } | null };
      const deadline = Date.now() + 30_000;
      while ((generation.state === 'queued' || generation.state === 'running') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const polled = await call(apiB, 'GET', `/tests/${testId}/ai/insights/${id}`);
        expect(polled.status).toBe(200);
        generation = (await polled.json()) as typeof generation;
      }
      expect(generation.state).toBe('done');
      expect(generation.result?.proposal.title).toBe('Checkout: vooral frustratie');
    });

    it('erases on the worker a participant asked through one API process: verified, read on the other, nothing left on S3', async () => {
      const headers = { authorization: `Bearer ${staffToken}` };
      const erase = await fetch(
        `${apiB}/api/v1/tests/${recordedTestId}/participants/${recordedPid}/erasure`,
        { method: 'POST', headers },
      );
      expect(erase.status, await erase.clone().text()).toBe(202);
      const { id } = ((await erase.json()) as { data: { id: number } }).data;
      let receipt = { state: 'erasing', is_verified: false, removed: {} as Record<string, number> };
      const deadline = Date.now() + 60_000;
      while ((receipt.state === 'erasing' || receipt.state === 'pending') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const read = await fetch(`${apiA}/api/v1/tests/${recordedTestId}/erasures/${id}`, { headers });
        receipt = ((await read.json()) as { data: typeof receipt }).data;
      }
      expect(receipt).toMatchObject({ state: 'verified', is_verified: true });
      expect(receipt.removed.files).toBe(3);
      const read = await fetch(`${apiA}/api/v1/tests/${recordedTestId}/participants/${recordedPid}`, {
        headers,
      });
      expect(read.status).toBe(404);
      expect(
        (await listBucket(s3.settings)).filter((key) => key.startsWith(`streams/${recordedPid}/`)),
      ).toEqual([]);
    });

    it('refreshes on one process a session started on the other; two refreshes at once on both answer the same pair', async () => {
      const session = await signIn(apiA);
      expect(session.status).toBe(200);
      const cookie = cookieOf(session);
      const [onA, onB] = await Promise.all([refresh(apiA, cookie), refresh(apiB, cookie)]);
      expect([onA.status, onB.status]).toEqual([200, 200]);
      const [pairA, pairB] = [
        (await onA.json()) as { access_token: string },
        (await onB.json()) as { access_token: string },
      ];
      expect(pairB.access_token).toBe(pairA.access_token);
      expect(cookieOf(onB)).toBe(cookieOf(onA));
      // within the grace window the used cookie answers that pair again, on either process
      const again = await refresh(apiB, cookie);
      expect(again.status).toBe(200);
      expect(cookieOf(again)).toBe(cookieOf(onA));
      const me = await fetch(`${apiB}/api/v1/users/me`, {
        headers: { authorization: `Bearer ${pairA.access_token}` },
      });
      expect(me.status).toBe(200);
      expect((await refresh(apiA, cookieOf(onA))).status).toBe(200);
      // signing out on A ends the access token on B at once
      const out = await fetch(`${apiA}/api/v1/tokens`, {
        method: 'DELETE',
        headers: { cookie: `limbus_refresh=${cookieOf(again)}` },
      });
      expect(out.status).toBe(204);
      let status = 200;
      for (let tries = 0; tries < 50 && status === 200; tries++) {
        status = (
          await fetch(`${apiB}/api/v1/users/me`, {
            headers: { authorization: `Bearer ${pairA.access_token}` },
          })
        ).status;
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(status).toBe(401);
    });

    it('queues the day’s retention run once for the three processes, which the worker runs, queueing the next day’s', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const runs = async () =>
        (await database.db.select().from(jobs).where(eq(jobs.kind, APPLY_RETENTION))).map((job) => ({
          day: job.payload.day,
          state: job.state,
        }));
      const deadline = Date.now() + 60_000;
      while (
        Date.now() < deadline &&
        !(await runs()).some((run) => run.day === today && run.state === 'done')
      )
        await new Promise((resolve) => setTimeout(resolve, 200));
      const all = await runs();
      expect(all.filter((run) => run.day === today)).toEqual([{ day: today, state: 'done' }]);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      expect(all.filter((run) => run.day === tomorrow)).toEqual([{ day: tomorrow, state: 'queued' }]);
    });

    it('counts the sign-in rate limit of an address across both processes', async () => {
      // the tests before signed in twice on A (staff, then the client); the limit is 4 a minute for the address
      const statuses: number[] = [];
      for (const base of [apiB, apiA, apiB, apiA])
        statuses.push((await signIn(base, 'wrong-password')).status);
      expect(statuses).toEqual([401, 401, 429, 429]);
    });
  },
);

/** A test of the company whose participant's point is tagged 'Checkout' (its streams in a local folder). */
async function buildTaggedTest(db: DatabaseHandle['db'], companyId: number, filesDir: string) {
  const test = await buildTest(db, companyId);
  await buildParticipant({ db, files: createDataFileStore(filesDir) }, test.id, {
    significantPoints: [
      {
        emotion: 'frustration',
        comment: 'Waar betaal ik?',
        timestampTop: RECORDING_START + 1000,
        tags: ['Checkout'],
      },
    ],
  });
  const [tag] = await db.select().from(tags).where(eq(tags.testId, test.id));
  if (!tag) throw new Error('no tag');
  return { testId: test.id, tagId: tag.id };
}

/** Every key of the bucket. */
async function listBucket(settings: S3Settings): Promise<string[]> {
  const client = createS3Client(settings);
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
    return (listed.Contents ?? []).map((object) => object.Key ?? '');
  } finally {
    client.destroy();
  }
}

describe.skipIf(!serverUrl)('processes starting together on a new PostgreSQL database', () => {
  it('migrate it once: the others wait for the first and find nothing left to do', async () => {
    if (!serverUrl) return;
    const name = `limbus_migrate_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const opened = await Promise.allSettled([1, 2, 3].map(() => openPostgres(url.toString())));
    try {
      expect(opened.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    } finally {
      for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
