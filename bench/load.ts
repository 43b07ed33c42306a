/**
 * Load budget (DESIGN §5, issue 16): the main read endpoints at 100 concurrent connections on
 * PostgreSQL (≥ 3,000 req/s for GET /users/me and GET /tests, p99 < 100 ms, 0 errors) and on the
 * embedded database (≥ 1,500 req/s, p99 < 250 ms), side by side in one run with a bare Fastify
 * hello-world, the ceiling of the HTTP layer on this machine. PostgreSQL is measured when
 * TEST_DATABASE_URL names a server, in a database of its own (`limbus_load_<random>`, dropped
 * after); LOAD_DATABASES=embedded|postgres narrows, LOAD_ENDPOINTS='GET /users/me,GET /tests'
 * picks endpoints by name.
 *
 * The real app (buildApp, production settings, request logs off: LOG_LEVEL warn) listens on
 * 127.0.0.1 on a fresh database (embedded: PGlite in a temp DATA_DIR), seeded as a first start seeds
 * it (seedDemoData and seedDemoRecordings: done web and video tests with 12 participants each,
 * videos made with ffmpeg). The demo client admin signs in (rate limit raised) and its bearer
 * token goes with every request. The endpoints are the calls the screens make most; their ids
 * are found through the API (a done desktop test of the user's company, its first participant).
 *
 * Where the load comes from: autocannon runs in a child process (bench/load-client.ts), the
 * server in this one. Node runs the app, its PGlite (WASM, on the same thread) and every handler
 * on one event loop; a load generator on that loop would take turns with the server, and its own
 * work (writing requests, parsing answers, timing them) would count as server latency and cap the
 * throughput at half a core. In a child process it has an event loop and a core of its own, as a
 * client on another machine would, and the OS shares the two cores between the two processes.
 * A worker thread would do the same, but a child process also keeps the generator's GC and
 * memory out of the measured process. The CPU time of both processes is recorded per run: the
 * server at ≈ 100 % of a core means it is the bottleneck; the generator at ≈ 100 % means the
 * figure is the generator's limit (likely for the hello-world).
 *
 * Per endpoint: 2 s of warm-up at the same load (JIT, PGlite's cache), then 10 s measured, each
 * started once the server has closed the previous run's connections (see drained). The
 * hello-world (a plain Fastify instance in this process, `GET /` → {hello:'world'}) runs before
 * and after the endpoints; the ceiling is the mean of the two runs, so that a machine whose load
 * changes meanwhile shows in both. Writes bench/results/load.json. Usage:
 * TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/load.ts
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Options, Result } from 'autocannon';
import { and, count, eq, lte, or } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { type Database, openDatabase } from '../apps/server/src/db/client.js';
import { seedReferenceData } from '../apps/server/src/db/reference-data.js';
import { jobs, participants } from '../apps/server/src/db/schema.js';
import { DEMO_PASSWORD, seedDemoData } from '../apps/server/src/demo/demo-data.js';
import { DEMO_PARTICIPANTS_PER_TEST, seedDemoRecordings } from '../apps/server/src/demo/demo-recordings.js';
import { createDataFileStore } from '../apps/server/src/files/file-store.js';
import { adminQuery } from '../apps/server/test/test-database.js';
import type { LoadAnswer, LoadRequest } from './load-client.js';
import { writeResult } from './machine.js';
import type { BenchRow } from './row.js';

const CONNECTIONS = 100;
const DURATION_S = 10;
const WARMUP_S = 2;
const CLIENT_ADMIN = 'client.admin@limbus.test';

type Endpoint = { name: string; path: string; headers?: Record<string, string> };

/** What one autocannon run measured, with the CPU time of both sides. */
type Run = {
  requestsPerSecond: number;
  requests: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  bytesPerSecond: number;
  /** CPU time of the server process over the run's wall time (1 = one core busy). */
  serverCores: number;
  /** CPU time of the server process per answered request. */
  serverCpuMsPerRequest: number;
  /** Share of the wall time the server's event loop was busy. */
  serverEventLoop: number;
  /** CPU time of the load generator over the run's wall time. */
  clientCores: number;
};

/** The child process that runs autocannon, one run at a time. */
function startLoadClient(): {
  run: (options: Options) => Promise<{ result: Result; cpuMs: number }>;
  stop: () => void;
} {
  // Inherit the TypeScript loader tsx started us with, not a --cpu-prof meant for the server.
  const execArgv = process.execArgv.filter((arg) => !arg.startsWith('--cpu-prof'));
  const child: ChildProcess = fork(fileURLToPath(new URL('./load-client.ts', import.meta.url)), [], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    run: (options) =>
      new Promise((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`the load client exited (${code})`));
        child.once('exit', onExit);
        child.once('message', (answer: LoadAnswer) => {
          child.off('exit', onExit);
          if ('error' in answer) reject(new Error(`autocannon: ${answer.error}`));
          else resolve(answer);
        });
        child.send({ options } satisfies LoadRequest);
      }),
    stop: () => child.disconnect(),
  };
}

const origin = (server: FastifyInstance) => {
  const address = server.server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
};

/**
 * Waits until the server has no connection left: when autocannon stops it closes its
 * connections, but an overloaded server still works through the requests it has read. A run
 * that started meanwhile would open its connections to a busy server and pay for its predecessor.
 */
async function drained(server: FastifyInstance): Promise<void> {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const open = await new Promise<number>((resolve, reject) =>
      server.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
    if (open === 0) return;
    if (performance.now() > deadline) {
      console.warn(`  ${open} connections still open after 30 s; measuring anyway`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function measure(
  client: ReturnType<typeof startLoadClient>,
  server: FastifyInstance,
  path: string,
  headers: Record<string, string>,
): Promise<Run> {
  const options = { url: `${origin(server)}${path}`, headers, connections: CONNECTIONS };
  await drained(server);
  await client.run({ ...options, duration: WARMUP_S });
  await drained(server);
  const cpu = process.cpuUsage();
  const loop = performance.eventLoopUtilization();
  const start = performance.now();
  const { result, cpuMs } = await client.run({ ...options, duration: DURATION_S });
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const round = (value: number, digits = 2) => Number(value.toFixed(digits));
  return {
    requestsPerSecond: Math.round(result.requests.total / result.duration),
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
    ),
    bytesPerSecond: Math.round(result.throughput.average),
    serverCores: round((used.user + used.system) / 1000 / wallMs),
    serverCpuMsPerRequest: round((used.user + used.system) / 1000 / Math.max(1, result.requests.total), 3),
    serverEventLoop: round(performance.eventLoopUtilization(loop).utilization),
    clientCores: round(cpuMs / wallMs),
  };
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/**
 * One request on a connection of its own, closed after the answer (fetch would keep it open for
 * the server's 72 s keep-alive, and drained() would wait for it).
 */
function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const sent = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) }),
        );
        answer.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(options.body);
  });
}

async function getJson<T>(url: string, authorization: string): Promise<T> {
  const answer = await request(url, { headers: { authorization } });
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}: ${answer.body}`);
  return JSON.parse(answer.body.toString()) as T;
}

async function signIn(base: string): Promise<string> {
  const answer = await request(`${base}/api/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: CLIENT_ADMIN, password: DEMO_PASSWORD }),
  });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.body}`);
  const { access_token } = JSON.parse(answer.body.toString()) as { access_token: string };
  return `Bearer ${access_token}`;
}

/** The read calls the screens make most, with the ids of the seeded data. */
async function findEndpoints(base: string, authorization: string): Promise<Endpoint[]> {
  const me = await getJson<{ company_id: number }>(`${base}/api/v1/users/me`, authorization);
  const tests = await getJson<Array<{ id: number; state: string; platform: string }>>(
    `${base}/api/v1/tests`,
    authorization,
  );
  const test = tests.find((t) => t.state === 'done' && t.platform === 'desktop');
  if (!test) throw new Error('the seed made no done desktop test for the client admin');
  const people = await getJson<Array<{ id: number }>>(
    `${base}/api/v1/tests/${test.id}/participants`,
    authorization,
  );
  const participant = people[0];
  if (!participant) throw new Error(`test ${test.id} has no participants`);
  return [
    { name: 'GET /users/me', path: '/api/v1/users/me' },
    { name: 'GET /tests?homepage=1', path: '/api/v1/tests?homepage=1' },
    { name: 'GET /tests', path: '/api/v1/tests' },
    { name: 'GET /tests/{id}', path: `/api/v1/tests/${test.id}` },
    { name: 'GET /tests/{id}/participants', path: `/api/v1/tests/${test.id}/participants` },
    { name: 'GET /companies/{id}', path: `/api/v1/companies/${me.company_id}` },
    {
      name: 'GET /tests/{id}/participants/{pid}/streams/eyes (br)',
      path: `/api/v1/tests/${test.id}/participants/${participant.id}/streams/eyes`,
      headers: { 'accept-encoding': 'br' },
    },
  ];
}

/** One request as autocannon will send it: must answer 200 (and br for the stream); its body's bytes. */
async function check(base: string, endpoint: Endpoint, authorization: string): Promise<number> {
  const answer = await request(`${base}${endpoint.path}`, {
    headers: { authorization, ...endpoint.headers },
  });
  if (answer.status !== 200) throw new Error(`${endpoint.name} answered ${answer.status}`);
  if (endpoint.headers?.['accept-encoding'] === 'br' && answer.headers['content-encoding'] !== 'br')
    throw new Error(`${endpoint.name} was not sent with br`);
  return answer.body.length;
}

const thousands = (value: number) => Math.round(value).toLocaleString('en-US');
const percent = (share: number) => `${share < 0.1 ? (100 * share).toFixed(1) : Math.round(100 * share)} %`;
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;

/** The per-database budgets (issue 16): p99 and 0 errors on every endpoint, throughput on the two main reads. */
type Budget = { p99Ms: number; minRequestsPerSecond: number };
const BUDGETS: Record<DatabaseKind, Budget> = {
  postgres: { p99Ms: 100, minRequestsPerSecond: 3000 },
  embedded: { p99Ms: 250, minRequestsPerSecond: 1500 },
};
const THROUGHPUT_GOAL_ENDPOINTS = new Set(['GET /users/me', 'GET /tests']);
type DatabaseKind = 'embedded' | 'postgres';

/**
 * Waits until the seed's background jobs (video processing, heatmap videos) are done, so that
 * their ffmpeg pipes and density grids do not share the measured process's core with the
 * requests (a profile of 2026-11-28 found them taking most of it); jobs that wait for a first
 * view (screen recordings) are not due and are left. Returns the milliseconds waited.
 */
async function waitForDueJobs(db: Database, limitMs = 15 * 60_000): Promise<number> {
  const start = performance.now();
  for (;;) {
    const now = new Date();
    const [due] = await db
      .select({ jobs: count() })
      .from(jobs)
      .where(or(eq(jobs.state, 'running'), and(eq(jobs.state, 'queued'), lte(jobs.runAfter, now))));
    if ((due?.jobs ?? 0) === 0) return performance.now() - start;
    if (performance.now() - start > limitMs)
      throw new Error(`${due?.jobs} seed jobs still due after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The app on a fresh, seeded database of the kind; closes everything it opened. */
async function startApp(kind: DatabaseKind, serverUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-load-'));
  const jwtSecret = randomBytes(48).toString('base64url');
  // A database of its own on the PostgreSQL server, dropped at the end: never the one tests use.
  const databaseName = `limbus_load_${randomBytes(6).toString('hex')}`;
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    if (!serverUrl) throw new Error('postgres needs TEST_DATABASE_URL');
    await adminQuery(serverUrl, `CREATE DATABASE ${databaseName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JWT_SECRET: jwtSecret,
    PUBLIC_URL: 'http://127.0.0.1',
    AUTH_RATE_LIMIT: '100000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase(config);
  const files = createDataFileStore(dataDir);
  const close = async (app?: FastifyInstance) => {
    await app?.close();
    await database.close();
    if (kind === 'postgres' && serverUrl)
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await seedReferenceData(database.db);
    const app = await buildApp({ config, db: database.db, files, jwtSecret });
    const seedStart = performance.now();
    const now = new Date();
    await seedDemoData(database.db, now);
    await seedDemoRecordings(
      { db: database.db, files, log: app.log, clock: () => new Date() },
      { now, participantsPerTest: DEMO_PARTICIPANTS_PER_TEST },
    );
    const seedMs = performance.now() - seedStart;
    const jobsMs = await waitForDueJobs(database.db);
    const [seeded] = await database.db.select({ participants: count() }).from(participants);
    const [queued] = await database.db.select({ jobs: count() }).from(jobs);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const seed = {
      ms: Math.round(seedMs),
      jobsMs: Math.round(jobsMs),
      participants: seeded?.participants ?? 0,
      jobsLeft: queued?.jobs ?? 0,
    };
    return { app, seed, close: () => close(app) };
  } catch (error) {
    await close();
    throw error;
  }
}

type Measured = Endpoint & { bodyBytes: number; run: Run };

async function measureApp(
  client: ReturnType<typeof startLoadClient>,
  app: FastifyInstance,
  only: ReadonlySet<string> | undefined,
): Promise<Measured[]> {
  const base = origin(app);
  const endpoints = (await findEndpoints(base, await signIn(base))).filter(
    (endpoint) => !only || only.has(endpoint.name),
  );
  const measured: Measured[] = [];
  for (const endpoint of endpoints) {
    // A fresh token for each endpoint: access tokens live 15 minutes, a slow run could outlast one.
    const authorization = await signIn(base);
    const bodyBytes = await check(base, endpoint, authorization);
    const run = await measure(client, app, endpoint.path, { authorization, ...endpoint.headers });
    measured.push({ ...endpoint, bodyBytes, run });
    console.log(
      `  ${endpoint.name}: ${thousands(run.requestsPerSecond)} req/s, p99 ${ms(run.p99Ms)}, server ${run.serverCpuMsPerRequest} ms CPU a request (${run.serverCores} cores), load generator ${run.clientCores} cores`,
    );
  }
  return measured;
}

/** The databases to measure: the embedded one, and PostgreSQL when TEST_DATABASE_URL names a server (LOAD_DATABASES narrows). */
function databasesToMeasure(serverUrl: string | undefined): DatabaseKind[] {
  const wanted = process.env.LOAD_DATABASES?.split(',').map((name) => name.trim());
  const available: DatabaseKind[] = serverUrl ? ['postgres', 'embedded'] : ['embedded'];
  return wanted ? available.filter((kind) => wanted.includes(kind)) : available;
}

export async function loadBench(): Promise<BenchRow[]> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const only = process.env.LOAD_ENDPOINTS
    ? new Set(process.env.LOAD_ENDPOINTS.split(',').map((name) => name.trim()))
    : undefined;
  const kinds = databasesToMeasure(serverUrl);
  let hello: FastifyInstance | undefined;
  let client: ReturnType<typeof startLoadClient> | undefined;
  try {
    hello = Fastify();
    hello.get('/', async () => ({ hello: 'world' }));
    await hello.listen({ port: 0, host: '127.0.0.1' });
    client = startLoadClient();
    const machineLoadBefore = os.loadavg()[0] ?? 0;
    const helloBefore = await measure(client, hello, '/', {});
    const results: Array<{ kind: DatabaseKind; seed: unknown; measured: Measured[] }> = [];
    for (const kind of kinds) {
      console.log(`${kind}:`);
      const started = await startApp(kind, serverUrl);
      try {
        results.push({ kind, seed: started.seed, measured: await measureApp(client, started.app, only) });
        await drained(started.app); // the last run's requests are answered before the database closes
      } finally {
        await started.close();
      }
    }
    const helloAfter = await measure(client, hello, '/', {});
    const ceiling = (helloBefore.requestsPerSecond + helloAfter.requestsPerSecond) / 2;
    const machineLoadAfter = os.loadavg()[0] ?? 0;

    const failures = (run: Run) => run.errors + run.non2xx;
    const isMet = (kind: DatabaseKind, name: string, run: Run) =>
      run.p99Ms < BUDGETS[kind].p99Ms &&
      failures(run) === 0 &&
      run.requests > 0 &&
      (!THROUGHPUT_GOAL_ENDPOINTS.has(name) || run.requestsPerSecond >= BUDGETS[kind].minRequestsPerSecond);
    const budgetText = (kind: DatabaseKind, name: string) =>
      `${THROUGHPUT_GOAL_ENDPOINTS.has(name) ? `≥ ${thousands(BUDGETS[kind].minRequestsPerSecond)} req/s, ` : ''}p99 < ${BUDGETS[kind].p99Ms} ms, 0 errors`;
    writeResult('load', {
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      warmupSeconds: WARMUP_S,
      machineLoadAverage1m: { before: machineLoadBefore, after: machineLoadAfter, cores: os.cpus().length },
      budgets: BUDGETS,
      helloWorld: { before: helloBefore, after: helloAfter, ceilingRequestsPerSecond: Math.round(ceiling) },
      databases: results.map(({ kind, seed, measured }) => ({
        database:
          kind === 'embedded'
            ? 'embedded PGlite in a temp DATA_DIR, demo seed'
            : 'PostgreSQL, a fresh database, demo seed',
        kind,
        seed,
        endpoints: measured.map(({ name, path: url, headers, bodyBytes, run }) => ({
          name,
          path: url,
          headers: headers ?? {},
          bodyBytes,
          shareOfHelloWorld: Number((run.requestsPerSecond / ceiling).toFixed(3)),
          isMet: isMet(kind, name, run),
          ...run,
        })),
      })),
    });

    const perRequest = results.flatMap(({ measured }) =>
      measured.map(({ run }) => run.serverCpuMsPerRequest),
    );
    const note =
      `Load: each of the ${CONNECTIONS} connections sends its next request when the answer arrives, so the mean ` +
      `latency is ${CONNECTIONS} ÷ throughput. The app's process spent ` +
      `${Math.min(...perRequest).toFixed(2)}–${Math.max(...perRequest).toFixed(2)} ms of CPU per request ` +
      `(the hello-world ${helloBefore.serverCpuMsPerRequest.toFixed(3)} ms) on one event loop; machine load ` +
      `${machineLoadBefore.toFixed(1)} → ${machineLoadAfter.toFixed(1)} on ${os.cpus().length} cores (bench/load.ts, bench/results/load.json)`;
    return [
      {
        name: `load: bare Fastify hello-world, the HTTP ceiling (${CONNECTIONS} connections)`,
        value: `${thousands(ceiling)} req/s (before ${thousands(helloBefore.requestsPerSecond)}, after ${thousands(helloAfter.requestsPerSecond)}), p99 ${ms(Math.max(helloBefore.p99Ms, helloAfter.p99Ms))}`,
        budget: '',
        isMet: true,
        note,
      },
      ...results.flatMap(({ kind, measured }) =>
        measured.map(({ name, run }) => {
          const problems = [
            `${thousands(run.errors)} errors`,
            ...(run.timeouts ? [`${thousands(run.timeouts)} timeouts`] : []),
            ...(run.non2xx ? [`${thousands(run.non2xx)} non-2xx`] : []),
          ];
          return {
            name: `load ${kind}: ${name} (${CONNECTIONS} connections)`,
            value: `${thousands(run.requestsPerSecond)} req/s (${percent(run.requestsPerSecond / ceiling)} of bare Fastify), p50 ${ms(run.p50Ms)}, p99 ${ms(run.p99Ms)}, ${problems.join(', ')}`,
            budget: budgetText(kind, name),
            isMet: isMet(kind, name, run),
          };
        }),
      ),
    ];
  } finally {
    client?.stop();
    await hello?.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await loadBench();
  const width = Math.max(...rows.map((row) => row.name.length));
  console.log(`\n${'benchmark'.padEnd(width)}  result  (budget)`);
  for (const row of rows)
    console.log(
      `${row.name.padEnd(width)}  ${row.value}${row.budget ? `  (${row.budget}: ${row.isMet ? 'met' : 'MISSED'})` : ''}`,
    );
  for (const row of rows) if (row.note) console.log(`\n${row.note}.`);
  console.log('\nFigures in bench/results/load.json');
  if (rows.some((row) => !row.isMet)) process.exit(1);
}
