import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.js';
import { adminQuery } from '../../test/test-database.js';
import { type DatabaseHandle, openPostgres } from '../db/client.js';
import { jobs } from '../db/schema.js';
import {
  createJobRunner,
  enqueueJob,
  JOB_LEASE_MS,
  JOB_MAX_ATTEMPTS,
  type JobDeps,
  type JobHandler,
  type JobHandlers,
  runJobsUntilIdle,
  runNextJob,
  wakeJobRunners,
} from './job-runner.js';
import { claimJob, findJob, nextDueJobId, releaseRunningJobs } from './jobs.repository.js';

describe('job runner', () => {
  let t: TestApp;
  let deps: JobDeps;

  beforeAll(async () => {
    t = await createTestApp();
    deps = { db: t.db, files: t.files, log: t.app.log, clock: () => t.clock.now };
  });
  afterAll(() => t?.close());

  /** Nothing left over from an earlier test can be claimed. */
  const clearJobs = () => t.db.delete(jobs);
  const enqueue = (kind: string, payload: Record<string, unknown> = {}) =>
    enqueueJob(t.db, kind, payload, t.clock.now);
  const job = async (id: number) => {
    const row = await findJob(t.db, id);
    if (!row) throw new Error(`job ${id} is gone`);
    return row;
  };

  it('retries a failing handler with growing backoff, then marks the job failed with its error', async () => {
    await clearJobs();
    let calls = 0;
    const givenUp: unknown[] = [];
    const flaky: JobHandler = Object.assign(
      async () => {
        calls++;
        throw new Error(`boom ${calls}`);
      },
      { giveUp: async (_deps: JobDeps, payload: Record<string, unknown>) => void givenUp.push(payload) },
    );
    const handlers: JobHandlers = { flaky };
    const id = await enqueue('flaky', { n: 7 });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= JOB_MAX_ATTEMPTS; attempt++) {
      const claimedAt = t.clock.now.getTime();
      expect((await runNextJob(deps, handlers))?.id).toBe(id);
      const row = await job(id);
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toBe(`boom ${attempt}`);
      expect(row.lockedUntil).toBeNull();
      if (attempt === JOB_MAX_ATTEMPTS) {
        expect(row.state).toBe('failed');
        break;
      }
      expect(row.state).toBe('queued');
      expect(givenUp).toEqual([]); // a retry is no giving up
      const delay = row.runAfter.getTime() - claimedAt;
      delays.push(delay);
      // Not due before its backoff has passed.
      expect(await runNextJob(deps, handlers)).toBeNull();
      t.clock.advance(delay);
    }
    expect(calls).toBe(JOB_MAX_ATTEMPTS);
    expect(givenUp).toEqual([{ n: 7 }]);
    expect(delays[0]).toBeGreaterThan(0);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBe((delays[i - 1] as number) * 2);
    // A failed job is never claimed again, however late.
    t.clock.advance(JOB_LEASE_MS * 10);
    expect(await runNextJob(deps, handlers)).toBeNull();
    expect(calls).toBe(JOB_MAX_ATTEMPTS);
  });

  it('fails a job of an unknown kind at once, naming the kind', async () => {
    await clearJobs();
    const id = await enqueue('no_such_kind');
    await runNextJob(deps, {});
    const row = await job(id);
    expect(row.state).toBe('failed');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('no_such_kind');
  });

  it('completes a succeeding job and clears its error', async () => {
    await clearJobs();
    let fails = 1;
    const seen: unknown[] = [];
    const id = await enqueue('once_flaky', { n: 7 });
    const handlers: JobHandlers = {
      once_flaky: async (_deps, payload) => {
        seen.push(payload.n);
        if (fails-- > 0) throw new Error('first time');
      },
    };
    await runNextJob(deps, handlers);
    t.clock.advance(60_000);
    expect(await runJobsUntilIdle(deps, handlers)).toBe(1);
    const row = await job(id);
    expect(row).toMatchObject({ state: 'done', attempts: 2, lastError: null, lockedUntil: null });
    expect(seen).toEqual([7, 7]);
  });

  it('runs a deferring job again later as the same row, with its new payload and no attempt counted', async () => {
    await clearJobs();
    const seen: unknown[] = [];
    const id = await enqueue('waits_twice', { left: 2 });
    const handlers: JobHandlers = {
      waits_twice: async (_deps, payload) => {
        seen.push(payload.left);
        const left = Number(payload.left);
        if (left === 0) return undefined;
        return { runAgainAt: new Date(t.clock.now.getTime() + 10_000), payload: { left: left - 1 } };
      },
    };
    expect(await runNextJob(deps, handlers)).toMatchObject({ id });
    const waiting = await job(id);
    // a wait is no failed attempt: however often a job waits, JOB_MAX_ATTEMPTS never gives it up
    expect(waiting).toMatchObject({ state: 'queued', attempts: 0, payload: { left: 1 }, lockedUntil: null });
    expect(waiting.runAfter.getTime()).toBe(t.clock.now.getTime() + 10_000);
    expect(await runNextJob(deps, handlers)).toBeNull(); // not due yet
    for (const left of [0, null]) {
      t.clock.advance(10_000);
      expect(await runJobsUntilIdle(deps, handlers)).toBe(1);
      if (left !== null)
        expect(await job(id)).toMatchObject({ state: 'queued', attempts: 0, payload: { left } });
    }
    expect(await job(id)).toMatchObject({ state: 'done', attempts: 1, payload: { left: 0 } });
    expect(seen).toEqual([2, 1, 0]);
  });

  it('stop waits for the job in hand to finish (drain) and claims nothing after', async () => {
    await clearJobs();
    let release: () => void = () => {};
    let started: () => void = () => {};
    const isStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const ran: number[] = [];
    const handlers: JobHandlers = {
      slow: async (_deps, payload) => {
        ran.push(payload.n as number);
        started();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    };
    const first = await enqueue('slow', { n: 1 });
    const second = await enqueue('slow', { n: 2 });
    const runner = createJobRunner(deps, handlers, 10);
    runner.start();
    await isStarted;
    let isStopped = false;
    const stopping = runner.stop().then(() => {
      isStopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isStopped).toBe(false);
    expect((await job(first)).state).toBe('running');
    release();
    await stopping;
    expect((await job(first)).state).toBe('done');
    // Stopped while the first ran: the second stays queued for the next start.
    expect(ran).toEqual([1]);
    expect((await job(second)).state).toBe('queued');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).toEqual([1]);
  });

  it('start runs every due job, and stop on an idle runner answers at once', async () => {
    await clearJobs();
    const ran: number[] = [];
    const handlers: JobHandlers = { quick: async (_deps, payload) => void ran.push(payload.n as number) };
    const ids = [await enqueue('quick', { n: 1 }), await enqueue('quick', { n: 2 })];
    const runner = createJobRunner(deps, handlers, 10);
    runner.start();
    runner.start(); // a second start is a no-op
    await expect.poll(() => ran.length, { timeout: 5000 }).toBe(2);
    await runner.stop();
    expect(ran).toEqual([1, 2]);
    for (const id of ids) expect((await job(id)).state).toBe('done');
  });

  it('a woken runner claims at once instead of at its next poll, also when woken mid-tick', async () => {
    await clearJobs();
    const ran: number[] = [];
    let release: () => void = () => {};
    const handlers: JobHandlers = {
      quick: async (_deps, payload) => {
        ran.push(payload.n as number);
        if (payload.n === 1)
          await new Promise<void>((resolve) => {
            release = resolve;
          });
      },
    };
    const runner = createJobRunner(deps, handlers, 60 * 60_000); // next poll in an hour
    runner.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 50)); // the first look found nothing
      await enqueue('quick', { n: 1 });
      wakeJobRunners();
      await expect.poll(() => ran, { timeout: 2000 }).toEqual([1]);
      // Queued and woken while the runner is busy: it runs before the runner sleeps.
      await enqueue('quick', { n: 2 });
      wakeJobRunners();
      release();
      await expect.poll(() => ran, { timeout: 2000 }).toEqual([1, 2]);
    } finally {
      await runner.stop();
    }
    // A stopped runner is not woken.
    await enqueue('quick', { n: 3 });
    wakeJobRunners();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).toEqual([1, 2]);
  });

  it('two runners side by side never run one job twice', async () => {
    await clearJobs();
    const runs = new Map<number, number>();
    const handlers: JobHandlers = {
      count: async (_deps, payload) => {
        const n = payload.n as number;
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 1));
      },
    };
    const total = 40;
    for (let n = 0; n < total; n++) await enqueue('count', { n });
    const [a, b] = await Promise.all([runJobsUntilIdle(deps, handlers), runJobsUntilIdle(deps, handlers)]);
    expect((a as number) + (b as number)).toBe(total);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(runs.size).toBe(total);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);

    // Claims made at the same moment take different jobs; a live lease is not taken over.
    await clearJobs();
    const ids = [await enqueue('count', { n: 1 }), await enqueue('count', { n: 2 })];
    const claimed = await Promise.all([0, 1, 2].map(() => claimJob(t.db, t.clock.now, JOB_LEASE_MS)));
    expect(
      claimed
        .map((row) => row?.id)
        .filter((id) => id !== undefined)
        .sort(),
    ).toEqual([...ids].sort());
    expect(claimed.filter((row) => row === null)).toHaveLength(1);
    // Once the lease has run out (its runner died), the job is taken again.
    t.clock.advance(JOB_LEASE_MS + 1);
    const retaken = await claimJob(t.db, t.clock.now, JOB_LEASE_MS);
    expect(ids).toContain(retaken?.id);
    expect(retaken?.attempts).toBe(2);
  });
  it('a job left running by a runner that died is taken over, run and completed once its lease is over', async () => {
    await clearJobs();
    const id = await enqueue('takeover', { n: 1 });
    // The dying runner claims the job and never completes nor fails it.
    expect((await claimJob(t.db, t.clock.now, JOB_LEASE_MS))?.id).toBe(id);
    const ran: number[] = [];
    const handlers: JobHandlers = { takeover: async (_deps, payload) => void ran.push(payload.n as number) };
    expect(await runNextJob(deps, handlers)).toBeNull();
    t.clock.advance(JOB_LEASE_MS - 1);
    expect(await runNextJob(deps, handlers)).toBeNull(); // the lease still holds
    t.clock.advance(2);
    expect((await runNextJob(deps, handlers))?.id).toBe(id);
    expect(ran).toEqual([1]);
    expect(await job(id)).toMatchObject({ state: 'done', attempts: 2, lockedUntil: null, lastError: null });
    expect(await runNextJob(deps, handlers)).toBeNull();
  });

  it('a runner alone on its database releases jobs left running at once, without waiting for the lease', async () => {
    await clearJobs();
    const id = await enqueue('takeover', { n: 2 });
    expect((await claimJob(t.db, t.clock.now, JOB_LEASE_MS))?.id).toBe(id);
    const ran: number[] = [];
    const handlers: JobHandlers = { takeover: async (_deps, payload) => void ran.push(payload.n as number) };
    expect(await releaseRunningJobs(t.db, t.clock.now)).toBe(1);
    expect((await runNextJob(deps, handlers))?.id).toBe(id);
    expect(ran).toEqual([2]);
    expect(await releaseRunningJobs(t.db, t.clock.now)).toBe(0);
  });

  it('gives up on a job whose runner died in every allowed attempt, without running it again', async () => {
    await clearJobs();
    const id = await enqueue('poison');
    // Every attempt kills its process (out of memory, say) before it can answer; the job comes back
    // after its lease on PostgreSQL, or at once when a runner alone on its database starts.
    for (let attempt = 1; attempt <= JOB_MAX_ATTEMPTS; attempt++) {
      expect((await claimJob(t.db, t.clock.now, JOB_LEASE_MS))?.attempts).toBe(attempt);
      if (attempt % 2) t.clock.advance(JOB_LEASE_MS + 1);
      else await releaseRunningJobs(t.db, t.clock.now);
    }
    let calls = 0;
    let givenUp = 0;
    const poison: JobHandler = Object.assign(async () => void calls++, {
      giveUp: async () => void givenUp++,
    });
    const handlers: JobHandlers = { poison };
    expect((await runNextJob(deps, handlers))?.id).toBe(id);
    expect(calls).toBe(0);
    expect(givenUp).toBe(1);
    const row = await job(id);
    expect(row).toMatchObject({ state: 'failed', lockedUntil: null });
    expect(row.lastError).toContain(`${JOB_MAX_ATTEMPTS} attempts`);
    t.clock.advance(JOB_LEASE_MS * 10);
    expect(await runNextJob(deps, handlers)).toBeNull();
    expect(calls).toBe(0);
  });

  it('claims the next due job through jobs_due_idx, without sorting every queued job', async () => {
    await clearJobs();
    await t.db.execute(sql`
      insert into jobs (kind, state, run_after)
      select 'plan', case when g % 4 = 0 then 'queued' else 'done' end::job_state, now() - g * interval '1 second'
      from generate_series(1, 4000) g`);
    await t.db.execute(sql`analyze jobs`);
    const result = (await t.db.execute(sql`explain ${nextDueJobId(t.clock.now)}`)) as unknown as {
      rows: Record<string, string>[];
    };
    const plan = result.rows.map((row) => Object.values(row).join(' ')).join('\n');
    expect(plan).toContain('jobs_due_idx');
    expect(plan).not.toMatch(/Sort|Seq Scan/);
    await clearJobs();
  });

  /**
   * Several API processes each run a runner on their own pool. PGlite has one connection, so this
   * needs PostgreSQL (scripts/test.mjs runs the server suite on it when TEST_DATABASE_URL is set).
   */
  describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL, runners on separate pools', () => {
    const serverUrl = process.env.TEST_DATABASE_URL ?? '';
    const name = `limbus_test_jobs_${randomBytes(6).toString('hex')}`;
    let url = '';
    const pools: DatabaseHandle[] = [];
    const clock = { now: new Date() };
    const depsOf = (handle: DatabaseHandle): JobDeps => ({ ...deps, db: handle.db, clock: () => clock.now });
    const pool = (i: number) => {
      const handle = pools[i];
      if (!handle) throw new Error(`no pool ${i}`);
      return handle;
    };

    beforeAll(async () => {
      await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
      const u = new URL(serverUrl);
      u.pathname = `/${name}`;
      url = u.toString();
      pools.push(await openPostgres(url), await openPostgres(url));
    });
    afterAll(async () => {
      await Promise.all(pools.map((handle) => handle.close()));
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });

    it('two runners never run one job twice, and every job completes', async () => {
      const [a, b] = [pool(0), pool(1)];
      await a.db.delete(jobs);
      const runs = new Map<number, number>();
      const byRunner = [0, 0];
      const handlersOf = (runner: 0 | 1): JobHandlers => ({
        count: async (_deps, payload) => {
          const n = payload.n as number;
          runs.set(n, (runs.get(n) ?? 0) + 1);
          byRunner[runner] = (byRunner[runner] ?? 0) + 1;
          await new Promise((resolve) => setTimeout(resolve, 1));
        },
      });
      const runners = [
        createJobRunner(depsOf(a), handlersOf(0), 5),
        createJobRunner(depsOf(b), handlersOf(1), 5),
      ];
      for (const runner of runners) runner.start();
      const total = 300;
      // Queued while both poll, from a connection of either pool.
      for (let n = 0; n < total; n++) await enqueueJob(pool(n % 2).db, 'count', { n }, clock.now);
      await expect.poll(() => runs.size, { timeout: 20_000 }).toBe(total);
      await Promise.all(runners.map((runner) => runner.stop()));
      expect([...runs.values()].filter((times) => times !== 1)).toEqual([]);
      expect(byRunner[0]).toBeGreaterThan(0);
      expect(byRunner[1]).toBeGreaterThan(0);
      const states = await b.db.select({ state: jobs.state, count: count() }).from(jobs).groupBy(jobs.state);
      expect(states).toEqual([{ state: 'done', count: total }]);
    });

    it('claims made at the same moment on both pools take each job once', async () => {
      await pool(0).db.delete(jobs);
      const ids: number[] = [];
      for (let n = 0; n < 10; n++) ids.push(await enqueueJob(pool(0).db, 'count', { n }, clock.now));
      // 24 claims, up to 10 connections of each pool at once, for 10 jobs.
      const claims = await Promise.all(
        Array.from({ length: 24 }, (_, i) => claimJob(pool(i % 2).db, clock.now, JOB_LEASE_MS)),
      );
      const claimed = claims.flatMap((row) => (row ? [row.id] : []));
      expect(claimed.sort((x, y) => x - y)).toEqual(ids);
      expect(claims.filter((row) => row === null)).toHaveLength(14);
    });

    it('a job whose runner died with its connection is taken over by the other after the lease', async () => {
      await pool(0).db.delete(jobs);
      const id = await enqueueJob(pool(0).db, 'takeover', {}, clock.now);
      const dying = await openPostgres(url);
      expect((await claimJob(dying.db, clock.now, JOB_LEASE_MS))?.id).toBe(id);
      await dying.close(); // the process is gone; the row stays running until the lease ends
      let ran = 0;
      const handlers: JobHandlers = { takeover: async () => void ran++ };
      expect(await runNextJob(depsOf(pool(1)), handlers)).toBeNull();
      clock.now = new Date(clock.now.getTime() + JOB_LEASE_MS + 1);
      expect((await runNextJob(depsOf(pool(1)), handlers))?.id).toBe(id);
      expect(ran).toBe(1);
      expect(await findJob(pool(0).db, id)).toMatchObject({ state: 'done', attempts: 2, lockedUntil: null });
    });
  });
});
