import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { jobs } from '../db/schema.js';

export type JobRow = typeof jobs.$inferSelect;

export async function insertJob(
  db: Executor,
  values: { kind: string; payload: Record<string, unknown>; runAfter: Date },
): Promise<number> {
  const [row] = await db.insert(jobs).values(values).returning({ id: jobs.id });
  if (!row) throw new Error('insert into jobs returned no row');
  return row.id;
}

/**
 * Queues a job unless one of its kind with the same `unique_key` exists in any state (queued,
 * running, done or failed): a transaction-level advisory lock on kind and key makes processes that
 * enqueue side by side take turns, so that the second finds the first's row. Answers the new job's
 * id, or null when there was one already.
 */
export async function insertUniqueJob(
  db: Database,
  values: { kind: string; key: string; payload: Record<string, unknown>; runAfter: Date },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${values.kind}:${values.key}`}))`);
    const [existing] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, values.kind), sql`${jobs.payload}->>'unique_key' = ${values.key}`))
      .limit(1);
    if (existing) return null;
    return insertJob(tx, {
      kind: values.kind,
      payload: { ...values.payload, unique_key: values.key },
      runAfter: values.runAfter,
    });
  });
}

/**
 * The id of the next job that is due, locked: a queued one whose time has come, or a running one
 * whose lease ran out (its process died). SKIP LOCKED lets several runners claim side by side
 * without waiting on each other or taking the same job. jobs_due_idx gives its order, so a claim
 * reads a few index entries however many jobs are queued.
 */
export function nextDueJobId(now: Date): SQL {
  const at = now.toISOString();
  return sql`
    select id from jobs
    where (state = 'queued' and run_after <= ${at}::timestamptz)
       or (state = 'running' and locked_until < ${at}::timestamptz)
    order by run_after, id
    for update skip locked
    limit 1`;
}

/** Takes the next due job (nextDueJobId) for `leaseMs`. */
export async function claimJob(db: Executor, now: Date, leaseMs: number): Promise<JobRow | null> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const result = (await db.execute(sql`
    update jobs set state = 'running', attempts = attempts + 1, locked_until = ${until}::timestamptz,
      progress = null, updated_at = ${at}::timestamptz
    where id = (${nextDueJobId(now)})
    returning id`)) as unknown as { rows: { id: number }[] };
  const id = result.rows[0]?.id;
  if (id === undefined) return null;
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

export async function completeJob(db: Executor, id: number, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'done', lockedUntil: null, lastError: null, updatedAt: now })
    .where(eq(jobs.id, id));
}

/** Queues the job again for `runAt` (a handler's deferral): not a failure, so its attempts start again. */
export async function deferJob(
  db: Executor,
  id: number,
  now: Date,
  runAt: Date,
  payload: Record<string, unknown>,
): Promise<void> {
  await db
    .update(jobs)
    .set({
      state: 'queued',
      runAfter: runAt,
      payload,
      attempts: 0,
      lockedUntil: null,
      progress: null,
      lastError: null,
      updatedAt: now,
    })
    .where(eq(jobs.id, id));
}

export async function setJobProgress(db: Executor, id: number, progress: number): Promise<void> {
  await db.update(jobs).set({ progress }).where(eq(jobs.id, id));
}

/** Puts the job back for another attempt at `retryAt`, or marks it failed when there is none. */
export async function failJob(
  db: Executor,
  id: number,
  now: Date,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(jobs)
    .set(
      retryAt
        ? { state: 'queued', runAfter: retryAt, lockedUntil: null, lastError: error, updatedAt: now }
        : { state: 'failed', lockedUntil: null, lastError: error, updatedAt: now },
    )
    .where(eq(jobs.id, id));
}

export async function findJob(db: Executor, id: number): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

/**
 * Puts every running job back in the queue: for a runner that knows it is the only one (the
 * embedded database is locked to one process), a running job at start belongs to a process that
 * died, and need not wait for its lease to end. Answers how many were released.
 */
export async function releaseRunningJobs(db: Executor, now: Date): Promise<number> {
  const released = await db
    .update(jobs)
    .set({ state: 'queued', runAfter: now, lockedUntil: null, updatedAt: now })
    .where(eq(jobs.state, 'running'))
    .returning({ id: jobs.id });
  return released.length;
}
