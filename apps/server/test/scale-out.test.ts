import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../src/db/client.js';
import { jobs } from '../src/db/schema.js';
import { seedReferenceData } from '../src/db/seed/reference-data.js';
import { enqueueJob } from '../src/jobs/job-runner.js';
import { RECOMPUTE_TEST_METRICS } from '../src/modules/ingestion/analysis.js';
import { buildTest, buildWorld, PASSWORD } from './factories.js';
import { adminQuery } from './test-database.js';

/**
 * Several processes on one PostgreSQL database, as deployed (docs/deployment.md): two API
 * processes (RATE_LIMIT_STORE=postgres, RUN_JOBS=off) and a worker (`npm run worker`), each a real
 * `node` process started as npm would. Only with TEST_DATABASE_URL.
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
    let testId = 0;

    beforeAll(async () => {
      if (!serverUrl) return;
      await adminQuery(serverUrl, `CREATE DATABASE ${databaseName}`);
      const url = new URL(serverUrl);
      url.pathname = `/${databaseName}`;
      database = await openPostgres(url.toString());
      await seedReferenceData(database.db);
      const world = await buildWorld(database.db);
      clientEmail = world.clientAdmin.email;
      testId = (await buildTest(database.db, world.client.id, { state: 'done' })).id;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-scale-'));
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
      if (serverUrl) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    }, 60_000);

    const signIn = (base: string, password = PASSWORD) =>
      fetch(`${base}/api/v1/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: clientEmail, password }),
      });
    const refresh = (base: string, cookie: string) =>
      fetch(`${base}/api/v1/refresh_token`, {
        method: 'POST',
        headers: { cookie: `limbus_refresh=${cookie}` },
      });
    const cookieOf = (answer: Response) =>
      /limbus_refresh=([^;]*)/.exec(answer.headers.get('set-cookie') ?? '')?.[1] ?? '';

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

    it('counts the sign-in rate limit of an address across both processes', async () => {
      // the test before signed in once on A; the limit is 4 a minute for the address
      const statuses: number[] = [];
      for (const base of [apiB, apiA, apiB, apiA])
        statuses.push((await signIn(base, 'wrong-password')).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
    });

    it('runs a job that an API process queued on the worker, not on the API processes', async () => {
      const jobId = await enqueueJob(database.db, RECOMPUTE_TEST_METRICS, { test_id: testId }, new Date());
      let state = 'queued';
      const deadline = Date.now() + 60_000;
      while (state !== 'done' && state !== 'failed' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const [row] = await database.db.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, jobId));
        state = row?.state ?? 'missing';
      }
      expect(state).toBe('done');
    });
  },
);

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
