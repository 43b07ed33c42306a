/**
 * Job queue: our runner (apps/server/src/jobs: a `jobs` table, SKIP LOCKED claim, lease) against
 * pg-boss 10 on the same PostgreSQL, in one run (docs/decisions/recorded-data-and-ingestion.md asks
 * for the measured reason).
 * Both enqueue inside a drizzle transaction per job (pg-boss through its `db` option, an adapter
 * that runs its SQL on the transaction); 4 workers each on its own connection claim and complete
 * 5,000 no-op jobs (ours: claimJob/completeJob; pg-boss: fetch/complete, and work() for its own
 * loop), in rounds that alternate the two queues so that both see the shared machine's load; pickup latency of 200 jobs sent at ~50/s with workers idle-polling at their defaults; a
 * worker that claims a job and dies, the job re-run by another worker after a 2 s lease/expiry.
 * Runs only when PostgreSQL answers (BENCH_DATABASE_URL, an admin connection; the bench creates
 * and drops its own database). Writes bench/results/job-queue.json. Usage: npx tsx bench/job-queue.ts
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { type SQLChunk, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { type Database, type Executor, openPostgres } from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema.js';
import {
  createJobRunner,
  enqueueJob,
  JOB_LEASE_MS,
  type JobDeps,
  type JobHandlers,
} from '../apps/server/src/jobs/job-runner.js';
import { claimJob, completeJob } from '../apps/server/src/jobs/jobs.repository.js';
import { writeResult } from './machine.js';
import type { BenchRow } from './row.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = 'limbus_jobs_bench';
const JOBS = 5_000;
const ROUNDS = 5;
const PER_ROUND = JOBS / ROUNDS;
const WORKERS = 4;
const LATENCY_JOBS = 200;
const LATENCY_RATE_PER_S = 50;
const LEASE_S = 2;
/** pg-boss work() sleeps its polling interval after every fetch; this many jobs show the cap. */
const WORK_LOOP_JOBS = 80;
const BATCH_SIZE = 50;

type Connection = { db: Database; close: () => Promise<void> };
type Tally = { calls: Map<string, number> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const fmt = (value: number) => Math.round(value).toLocaleString('en-US');
const perSecond = (count: number, ms: number) => (count / ms) * 1000;

/** One connection of its own, as a worker process would have. */
function connect(url: string): Connection {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('error', () => undefined);
  return { db: drizzle(pool, { schema }), close: () => pool.end() };
}

/** pg-boss's `db` option: its SQL ($1 … $n) run on our drizzle executor, e.g. the cause's transaction. */
export function bossExecutor(db: Executor): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQLChunk[] = parts.map((part, i) =>
        i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1]),
      );
      const result = (await db.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

const record = (tally: Tally, id: string) => tally.calls.set(id, (tally.calls.get(id) ?? 0) + 1);
const newTally = (): Tally => ({ calls: new Map() });
function audit(tally: Tally, expected: number) {
  const duplicates = [...tally.calls.values()].reduce((sum, count) => sum + count - 1, 0);
  return { handled: tally.calls.size, duplicates, missing: expected - tally.calls.size };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

async function waitFor(isDone: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = performance.now() + timeoutMs;
  while (!isDone()) {
    if (performance.now() > until) return false;
    await sleep(20);
  }
  return true;
}

/** A stand-in for the server's deps: the no-op handlers touch neither files nor logs. */
function jobDeps(db: Database): JobDeps {
  const log = { warn: () => undefined, error: () => undefined } as unknown as JobDeps['log'];
  return { db, files: undefined as unknown as JobDeps['files'], log, clock: () => new Date() };
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function bossOptions(url: string, extra: Partial<PgBoss.ConstructorOptions> = {}): PgBoss.ConstructorOptions {
  return { connectionString: url, supervise: false, schedule: false, ...extra };
}

async function startBoss(options: PgBoss.ConstructorOptions, errors: unknown[]): Promise<PgBoss> {
  const boss = new PgBoss(options);
  boss.on('error', (error) => errors.push(error));
  await boss.start();
  return boss;
}

const median = (values: number[]) => percentile(values, 0.5);
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/**
 * Enqueue, then claim+complete, PER_ROUND jobs with each queue in turn, ROUNDS times (the first
 * to go alternates): the machine is shared, so both see the same load, and the figures are the
 * medians of the rounds' rates.
 */
async function measureThroughput(
  mainDb: Database,
  boss: PgBoss,
  url: string,
  errors: unknown[],
  queue: string,
) {
  const rawQueue = `${queue}-raw`;
  for (const name of [`${queue}-warmup`, queue, rawQueue]) await boss.createQueue(name, { name });
  for (let n = 0; n < 200; n++) {
    await mainDb.transaction((tx) => enqueueJob(tx, 'warmup', { n }, new Date()));
    await mainDb.transaction((tx) => boss.send(`${queue}-warmup`, { n }, { db: bossExecutor(tx) }));
  }
  await mainDb.delete(schema.jobs);

  // The same sends on a bare pg client in BEGIN … COMMIT: the adapter pg-boss documents, without drizzle.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const raw: PgBoss.Db = { executeSql: (text, values) => client.query(text, values) };
  const ourWorkers = Array.from({ length: WORKERS }, () => connect(url));
  const bossWorkers = await Promise.all(
    Array.from({ length: WORKERS }, () => startBoss(bossOptions(url, { max: 1 }), errors)),
  );
  const tallies = { ours: newTally(), pgBoss: newTally() };
  const drainOurs = async ({ db }: Connection) => {
    for (;;) {
      const job = await claimJob(db, new Date(), JOB_LEASE_MS);
      if (!job) return;
      record(tallies.ours, String(job.id));
      await completeJob(db, job.id, new Date());
    }
  };
  const drainBoss = async (worker: PgBoss) => {
    for (;;) {
      const [job] = await worker.fetch<{ n: number }>(queue);
      if (!job) return;
      record(tallies.pgBoss, job.id);
      await worker.complete(queue, job.id);
    }
  };
  const rounds: Record<
    'enqueueOurs' | 'enqueueBoss' | 'enqueueBossRaw' | 'claimOurs' | 'claimBoss',
    number
  >[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const numbers = Array.from({ length: PER_ROUND }, (_, i) => round * PER_ROUND + i);
    const enqueue = {
      ours: () =>
        timed(async () => {
          for (const n of numbers)
            await mainDb.transaction((tx) => enqueueJob(tx, 'bench', { n }, new Date()));
        }),
      pgBoss: () =>
        timed(async () => {
          for (const n of numbers)
            await mainDb.transaction((tx) => boss.send(queue, { n }, { db: bossExecutor(tx) }));
        }),
    };
    const claim = {
      ours: () => timed(() => Promise.all(ourWorkers.map(drainOurs))),
      pgBoss: () => timed(() => Promise.all(bossWorkers.map(drainBoss))),
    };
    const isOursFirst = round % 2 === 0;
    const [enqueueA, enqueueB] = isOursFirst
      ? [enqueue.ours, enqueue.pgBoss]
      : [enqueue.pgBoss, enqueue.ours];
    const a = await enqueueA();
    const b = await enqueueB();
    const enqueueBossRaw = await timed(async () => {
      for (const n of numbers) {
        await client.query('begin');
        await boss.send(rawQueue, { n }, { db: raw });
        await client.query('commit');
      }
    });
    const [claimA, claimB] = isOursFirst ? [claim.ours, claim.pgBoss] : [claim.pgBoss, claim.ours];
    const c = await claimA();
    const d = await claimB();
    rounds.push({
      enqueueOurs: isOursFirst ? a : b,
      enqueueBoss: isOursFirst ? b : a,
      enqueueBossRaw,
      claimOurs: isOursFirst ? c : d,
      claimBoss: isOursFirst ? d : c,
    });
  }
  await client.end();
  await Promise.all(ourWorkers.map((c) => c.close()));
  await Promise.all(bossWorkers.map((worker) => worker.stop({ graceful: false })));
  const rate = (key: keyof (typeof rounds)[number]) =>
    median(rounds.map((r) => perSecond(PER_ROUND, r[key])));
  const ratio = (ours: keyof (typeof rounds)[number], theirs: keyof (typeof rounds)[number]) =>
    median(rounds.map((r) => r[theirs] / r[ours]));
  return {
    rounds: rounds.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, ms]) => [k, Number(ms.toFixed(1))])),
    ),
    jobsPerSecond: {
      enqueueOurs: rate('enqueueOurs'),
      enqueueBoss: rate('enqueueBoss'),
      enqueueBossRawClient: rate('enqueueBossRaw'),
      claimOurs: rate('claimOurs'),
      claimBoss: rate('claimBoss'),
    },
    oursOverBoss: { enqueue: ratio('enqueueOurs', 'enqueueBoss'), claim: ratio('claimOurs', 'claimBoss') },
    ours: {
      ...audit(tallies.ours, JOBS),
      doneInTable: await mainDb.$count(schema.jobs, sql`state = 'done'`),
    },
    pgBoss: {
      ...audit(tallies.pgBoss, JOBS),
      notCompleted: await boss.getQueueSize(queue, { before: 'completed' }),
    },
  };
}

/** pg-boss's own worker loop, work(), with one job per fetch or a batch per fetch. */
async function measureBossWorkLoop(boss: PgBoss, url: string, errors: unknown[], batchSize: number) {
  const queue = `work-${batchSize}`;
  const count = batchSize === 1 ? WORK_LOOP_JOBS : JOBS;
  await boss.createQueue(queue, { name: queue });
  await boss.insert(Array.from({ length: count }, (_, n) => ({ name: queue, data: { n } })));
  const tally = newTally();
  const workers = await Promise.all(
    Array.from({ length: WORKERS }, () => startBoss(bossOptions(url, { max: 1 }), errors)),
  );
  const start = performance.now();
  for (const worker of workers)
    await worker.work<{ n: number }>(queue, { batchSize, pollingIntervalSeconds: 0.5 }, async (jobs) => {
      for (const job of jobs) record(tally, job.id);
    });
  const isDone = await waitFor(() => tally.calls.size >= count, 120_000);
  const ms = performance.now() - start;
  await sleep(300); // the completions are sent after the handler answers
  await Promise.all(workers.map((worker) => worker.stop({ wait: true })));
  return { jobs: count, batchSize, pollingIntervalSeconds: 0.5, ms, isDone, ...audit(tally, count) };
}

/** Sends LATENCY_JOBS one by one at LATENCY_RATE_PER_S; answers the send times by job number. */
async function sendPaced(send: (n: number) => Promise<unknown>): Promise<number[]> {
  const sentAt: number[] = [];
  const start = performance.now();
  for (let n = 0; n < LATENCY_JOBS; n++) {
    await sleep(start + (n * 1000) / LATENCY_RATE_PER_S - performance.now());
    sentAt[n] = performance.now();
    await send(n);
  }
  return sentAt;
}

function latencyFigures(sentAt: number[], startedAt: Map<number, number>, tally: Tally) {
  const waits = [...startedAt].map(([n, at]) => at - (sentAt[n] ?? at));
  return {
    p50Ms: percentile(waits, 0.5),
    p99Ms: percentile(waits, 0.99),
    maxMs: Math.max(...waits),
    ...audit(tally, LATENCY_JOBS),
  };
}

async function latencyOurs(mainDb: Database, url: string) {
  const startedAt = new Map<number, number>();
  const tally = newTally();
  const handlers: JobHandlers = {
    latency: async (_deps, payload) => {
      const n = payload.n as number;
      if (!startedAt.has(n)) startedAt.set(n, performance.now());
      record(tally, String(n));
    },
  };
  const connections = Array.from({ length: WORKERS }, () => connect(url));
  const runners = connections.map((c) => createJobRunner(jobDeps(c.db), handlers)); // default poll
  for (const runner of runners) runner.start();
  await sleep(1500); // idle: every runner has polled an empty queue
  const sentAt = await sendPaced((n) => enqueueJob(mainDb, 'latency', { n }, new Date()));
  await waitFor(() => startedAt.size >= LATENCY_JOBS, 180_000);
  await Promise.all(runners.map((runner) => runner.stop()));
  await Promise.all(connections.map((c) => c.close()));
  return { pollMs: 1000, ...latencyFigures(sentAt, startedAt, tally) };
}

async function latencyBoss(boss: PgBoss, url: string, errors: unknown[], batchSize?: number) {
  const queue = `latency-${batchSize ?? 'default'}`;
  await boss.createQueue(queue, { name: queue });
  const startedAt = new Map<number, number>();
  const tally = newTally();
  const workers = await Promise.all(
    Array.from({ length: WORKERS }, () => startBoss(bossOptions(url, { max: 1 }), errors)),
  );
  for (const worker of workers)
    await worker.work<{ n: number }>(queue, batchSize ? { batchSize } : {}, async (jobs) => {
      for (const job of jobs) {
        if (!startedAt.has(job.data.n)) startedAt.set(job.data.n, performance.now());
        record(tally, job.id);
      }
    });
  await sleep(2500); // idle: every worker has polled an empty queue (default interval 2 s)
  const sentAt = await sendPaced((n) => boss.send(queue, { n }));
  const isDone = await waitFor(() => startedAt.size >= LATENCY_JOBS, 180_000);
  await sleep(300);
  await Promise.all(workers.map((worker) => worker.stop({ wait: true })));
  return {
    pollingIntervalSeconds: 2,
    batchSize: batchSize ?? 1,
    isDone,
    ...latencyFigures(sentAt, startedAt, tally),
  };
}

/** A worker claims the job and dies; another worker re-runs it once the lease has run out. */
async function recoveryOurs(mainDb: Database, url: string) {
  const id = await enqueueJob(mainDb, 'recover', {}, new Date());
  const dead = connect(url);
  const claimed = await claimJob(dead.db, new Date(), LEASE_S * 1000);
  const diedAt = performance.now();
  await dead.close(); // its process is gone; the row stays `running` until the lease ends
  let rerunAt = 0;
  const rescuer = connect(url);
  const runner = createJobRunner(jobDeps(rescuer.db), {
    recover: async () => {
      rerunAt ||= performance.now();
    },
  });
  runner.start();
  const isRerun = await waitFor(() => rerunAt > 0, 20_000);
  await runner.stop();
  await rescuer.close();
  const [row] = await mainDb.select().from(schema.jobs).where(sql`id = ${id}`);
  return {
    leaseSeconds: LEASE_S,
    pollMs: 1000,
    isClaimedByDeadWorker: claimed?.id === id,
    isRerun,
    rerunAfterMs: isRerun ? rerunAt - diedAt : null,
    state: row?.state,
    attempts: row?.attempts,
  };
}

async function recoveryBoss(url: string, errors: unknown[]) {
  const dead = await startBoss(bossOptions(url, { max: 1 }), errors);
  await dead.createQueue('recover', { name: 'recover', expireInSeconds: LEASE_S });
  const id = await dead.send('recover', {});
  const [claimed] = await dead.fetch('recover');
  const diedAt = performance.now();
  await dead.stop({ graceful: false }); // a fetched job is not failed on stop: it stays active
  const seen = { at: 0, retryCount: null as number | null };
  // Expiry is done by maintenance (default every 120 s); 1 s here so that the lease dominates.
  const rescuer = await startBoss(
    bossOptions(url, { max: 2, supervise: true, maintenanceIntervalSeconds: 1 }),
    errors,
  );
  await rescuer.work('recover', { includeMetadata: true }, async ([job]) => {
    seen.at ||= performance.now();
    seen.retryCount = job?.retryCount ?? null;
  });
  const isRerun = await waitFor(() => seen.at > 0, 20_000);
  await sleep(300); // the completion is sent after the handler answers
  await rescuer.stop({ wait: true });
  return {
    expireInSeconds: LEASE_S,
    maintenanceIntervalSeconds: 1,
    pollingIntervalSeconds: 2,
    isClaimedByDeadWorker: claimed?.id === id,
    isRerun,
    rerunAfterMs: isRerun ? seen.at - diedAt : null,
    retryCount: seen.retryCount,
  };
}

async function isReachable(): Promise<string | null> {
  try {
    await adminQuery('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The same database with commits that do not wait for the WAL flush (the disk's fsync). */
function withoutSyncCommit(url: string): string {
  const u = new URL(url);
  u.searchParams.set('options', '-c synchronous_commit=off');
  return u.toString();
}

export async function jobQueueBench(): Promise<BenchRow[]> {
  const unreachable = await isReachable();
  if (unreachable) {
    const note = `job queue benchmark skipped: PostgreSQL not reachable at ${new URL(ADMIN_URL).host} (${unreachable}); set BENCH_DATABASE_URL`;
    return [{ name: 'job queue (ours | pg-boss)', value: 'skipped', budget: '', isMet: true, note }];
  }
  await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${DB_NAME}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  const benchUrl = url.toString();
  const noSyncUrl = withoutSyncCommit(benchUrl);
  const errors: unknown[] = [];
  const handle = await openPostgres(benchUrl); // the project's migrations
  const noSync = await openPostgres(noSyncUrl);
  const boss = await startBoss(bossOptions(benchUrl), errors); // installs its schema `pgboss`
  try {
    const durable = await measureThroughput(handle.db, boss, benchUrl, errors, 'bench');
    const withoutSync = await measureThroughput(noSync.db, boss, noSyncUrl, errors, 'bench-nosync');
    const pgBossWork = {
      single: await measureBossWorkLoop(boss, benchUrl, errors, 1),
      batch: await measureBossWorkLoop(boss, benchUrl, errors, BATCH_SIZE),
    };
    const latency = {
      ours: await latencyOurs(handle.db, benchUrl),
      bossDefaults: await latencyBoss(boss, benchUrl, errors),
      bossBatch: await latencyBoss(boss, benchUrl, errors, BATCH_SIZE),
    };
    const recovery = {
      ours: await recoveryOurs(handle.db, benchUrl),
      boss: await recoveryBoss(benchUrl, errors),
    };
    const figures = { durable, withoutSync, pgBossWork, latency, recovery };
    writeResult('job-queue', {
      postgres: `${url.host}/${DB_NAME}`,
      pgBossVersion: '10.4.2',
      jobs: JOBS,
      workers: WORKERS,
      ...figures,
      pgBossErrors: errors.map(String),
    });
    return rows(figures);
  } finally {
    await boss.stop({ graceful: false });
    await noSync.close();
    await handle.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  }
}

type Throughput = Awaited<ReturnType<typeof measureThroughput>>;
type Figures = {
  durable: Throughput;
  withoutSync: Throughput;
  pgBossWork: Record<'single' | 'batch', Awaited<ReturnType<typeof measureBossWorkLoop>>>;
  latency: {
    ours: Awaited<ReturnType<typeof latencyOurs>>;
    bossDefaults: Awaited<ReturnType<typeof latencyBoss>>;
    bossBatch: Awaited<ReturnType<typeof latencyBoss>>;
  };
  recovery: {
    ours: Awaited<ReturnType<typeof recoveryOurs>>;
    boss: Awaited<ReturnType<typeof recoveryBoss>>;
  };
};

type Audit = { duplicates: number; missing: number; handled: number };

function rows(f: Figures): BenchRow[] {
  const info = (name: string, value: string, note?: string): BenchRow => ({
    name: `job queue: ${name}`,
    value,
    budget: '',
    isMet: true,
    ...(note ? { note } : {}),
  });
  const exact = (name: string, runs: Audit[]): BenchRow => {
    const sum = (key: keyof Audit) => runs.reduce((total, run) => total + run[key], 0);
    const [duplicates, missing] = [sum('duplicates'), sum('missing')];
    return {
      name: `job queue: every job run exactly once, ${name}`,
      value: `${duplicates} duplicates, ${missing} missing of ${fmt(sum('handled') + missing)}`,
      budget: '0 duplicates',
      isMet: duplicates === 0 && missing === 0,
    };
  };
  const pair = (a: number, b: number, unit: string) => `${fmt(a)} | ${fmt(b)} ${unit}`;
  const times = (ratio: number) => `ours ${ratio.toFixed(2)}× pg-boss`;
  const enqueue = ({ jobsPerSecond: r, oursOverBoss }: Throughput) =>
    `${pair(r.enqueueOurs, r.enqueueBoss, 'jobs/s')} (${times(oursOverBoss.enqueue)})`;
  const claim = ({ jobsPerSecond: r, oursOverBoss }: Throughput) =>
    `${pair(r.claimOurs, r.claimBoss, 'jobs/s')} (${times(oursOverBoss.claim)})`;
  const latency = (l: { p50Ms: number; p99Ms: number }) => `${fmt(l.p50Ms)} / ${fmt(l.p99Ms)}`;
  const rerun = (ms: number | null) =>
    ms === null ? 'not re-run' : `re-run after ${(ms / 1000).toFixed(1)} s`;
  const { durable, withoutSync, pgBossWork, recovery } = f;
  const { bossDefaults, bossBatch } = f.latency;
  const { single, batch } = pgBossWork;
  const noSync = 'synchronous_commit off';
  return [
    info(
      `enqueue ${fmt(JOBS)} jobs, one transaction each (ours | pg-boss)`,
      enqueue(durable),
      `Job queue throughput: ${ROUNDS} rounds of ${fmt(PER_ROUND)} jobs, the two queues in turn (alternating which goes first), median of the rounds' rates; the ratio is the median of the rounds' ratios`,
    ),
    info(
      `pg-boss enqueue on a bare pg client transaction instead of drizzle's (durable | ${noSync})`,
      pair(
        durable.jobsPerSecond.enqueueBossRawClient,
        withoutSync.jobsPerSecond.enqueueBossRawClient,
        'jobs/s',
      ),
    ),
    info(
      `claim+complete ${fmt(JOBS)} no-op jobs, ${WORKERS} workers (ours | pg-boss fetch/complete)`,
      claim(durable),
    ),
    info(
      `enqueue, ${noSync} (ours | pg-boss)`,
      enqueue(withoutSync),
      `Job queue figures "${noSync}" are the same runs on connections whose commits do not wait for the disk's flush: they show each queue's own cost where the durable ones are bound by the commit flush of this machine`,
    ),
    info(`claim+complete, ${WORKERS} workers, ${noSync} (ours | pg-boss fetch/complete)`, claim(withoutSync)),
    exact('ours', [durable.ours, withoutSync.ours]),
    exact('pg-boss', [durable.pgBoss, withoutSync.pgBoss, single, batch]),
    info(
      `pg-boss work(), ${WORKERS} workers, polling 0.5 s (batchSize 1 | ${BATCH_SIZE})`,
      pair(perSecond(single.handled, single.ms), perSecond(batch.handled, batch.ms), 'jobs/s'),
      `pg-boss 10's work() waits its polling interval after every fetch, jobs or not: a worker runs at most batchSize jobs per interval (${single.jobs} and ${fmt(batch.jobs)} jobs)`,
    ),
    info(
      `pickup latency p50 / p99, ${LATENCY_JOBS} jobs at ${LATENCY_RATE_PER_S}/s, default polling (ours 1 s | pg-boss 2 s)`,
      `${latency(f.latency.ours)} | ${latency(bossDefaults)} ms`,
      `pg-boss pickup latency at its defaults (batchSize 1): ${WORKERS} workers take at most ${WORKERS} jobs per 2 s, so at ${LATENCY_RATE_PER_S} jobs/s a queue builds up; with batchSize ${BATCH_SIZE} p50 / p99 ${latency(bossBatch)} ms${bossDefaults.isDone ? '' : ` (defaults: only ${bossDefaults.handled} of ${LATENCY_JOBS} started within 180 s)`}`,
    ),
    info(
      `recovery of a job whose worker died, lease ${LEASE_S} s (ours | pg-boss)`,
      `${rerun(recovery.ours.rerunAfterMs)} (attempt ${recovery.ours.attempts}) | ${rerun(recovery.boss.rerunAfterMs)} (retry ${recovery.boss.retryCount})`,
      `pg-boss re-runs an expired job only once its maintenance has failed it for expiry (maintenanceIntervalSeconds 1 in this bench, default 120 s); ours takes it on the next claim after its lease (locked_until)`,
    ),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await jobQueueBench();
  const width = Math.max(...result.map((row) => row.name.length));
  for (const row of result)
    console.log(
      `${row.name.padEnd(width)}  ${row.value}${row.budget ? `  (${row.budget}: ${row.isMet ? 'met' : 'MISSED'})` : ''}`,
    );
  for (const row of result) if (row.note) console.log(`\n${row.note}.`);
  if (result.some((row) => row.value !== 'skipped')) console.log('\nFigures in bench/results/job-queue.json');
  if (result.some((row) => !row.isMet)) process.exit(1);
}
