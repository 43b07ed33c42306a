import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
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

/** Whether the participant has a job of `kind` queued or running. */
export async function hasPendingJob(db: Executor, kind: string, participantId: number): Promise<boolean> {
  const [pending] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(jobsOfParticipant(kind, participantId))
    .limit(1);
  return pending !== undefined;
}
