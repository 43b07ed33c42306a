import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { jobs } from '../../db/schema.js';

/** The participant's queued or running jobs of `kind`. */
const jobsOfParticipant = (kind: string, participantId: number) =>
  and(
    eq(jobs.kind, kind),
    inArray(jobs.state, ['queued', 'running']),
    sql`(${jobs.payload}->>'participant_id')::int = ${participantId}`,
  );

/** Makes the participant's jobs of `kind` that wait until `dormantUntil` due at `now`; answers how many. */
export async function wakeDormantJobs(
  db: Executor,
  kind: string,
  participantId: number,
  dormantUntil: Date,
  now: Date,
): Promise<number> {
  const woken = await db
    .update(jobs)
    .set({ runAfter: now, updatedAt: now })
    .where(and(jobsOfParticipant(kind, participantId), eq(jobs.runAfter, dormantUntil)))
    .returning({ id: jobs.id });
  return woken.length;
}

/**
 * The participant's queued or running job of `kind`, with how many jobs of its kind run or are
 * due before it; null when there is none.
 */
export async function pendingJobOf(
  db: Executor,
  kind: string,
  participantId: number,
): Promise<{ progress: number | null; running: boolean; ahead: number } | null> {
  const [job] = await db
    .select({ id: jobs.id, state: jobs.state, progress: jobs.progress, runAfter: jobs.runAfter })
    .from(jobs)
    .where(jobsOfParticipant(kind, participantId))
    .limit(1);
  if (!job) return null;
  if (job.state === 'running') return { progress: job.progress, running: true, ahead: 0 };
  const [before] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, kind),
        sql`(${jobs.state} = 'running' or (${jobs.state} = 'queued'
          and (${jobs.runAfter}, ${jobs.id}) < (${job.runAfter.toISOString()}::timestamptz, ${job.id})))`,
      ),
    );
  return { progress: null, running: false, ahead: before?.count ?? 0 };
}

/** Marks the jobs of a background run (screen-recording-jobs.ts), in their payload. */
const IN_BACKGROUND = 'in_background';

/**
 * Makes the first job of `kind` that waits until `dormantUntil` due at `now`, in the order of its
 * `run_order` and then its participant, and marks it as part of the background run; answers whether there was one.
 */
export async function wakeNextDormantJob(
  db: Executor,
  kind: string,
  dormantUntil: Date,
  now: Date,
): Promise<boolean> {
  const woken = (await db.execute(sql`
    update jobs set run_after = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz,
      payload = payload || ${JSON.stringify({ [IN_BACKGROUND]: true })}::jsonb
    where id = (
      select id from jobs
      where kind = ${kind} and state = 'queued' and run_after = ${dormantUntil.toISOString()}::timestamptz
      order by coalesce((payload->>'run_order')::int, 0), (payload->>'participant_id')::int, id
      for update skip locked
      limit 1)
    returning id`)) as unknown as { rows: { id: number }[] };
  return woken.rows.length > 0;
}

export const isInBackgroundRun = (payload: Record<string, unknown>) => payload[IN_BACKGROUND] === true;

/**
 * Starts a background run unless one is under way (a queued or running job of the run): one run
 * at a time, also when several processes start together (an advisory lock makes them take turns).
 */
export async function startBackgroundRun(
  db: Database,
  kind: string,
  dormantUntil: Date,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${kind}:${IN_BACKGROUND}`}))`);
    const [underWay] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, kind),
          inArray(jobs.state, ['queued', 'running']),
          ne(jobs.runAfter, dormantUntil),
          sql`${jobs.payload}->>${IN_BACKGROUND} = 'true'`,
        ),
      )
      .limit(1);
    if (underWay) return false;
    return wakeNextDormantJob(tx, kind, dormantUntil, now);
  });
}
