import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { jobs } from '../../db/schema.js';

/**
 * Screen recordings made on the server from a participant's samples (the demo's participants):
 * queued dormant (due at the end of time) when the participant is recorded, and woken by the
 * first view of the participant, so that the first start does not spend minutes encoding videos
 * nobody may watch (docs/decisions/results-screens.md).
 */
export const MAKE_SCREEN_RECORDING = 'make_screen_recording';
const DORMANT = new Date('9999-12-31T00:00:00Z');

export async function queueDormantScreenRecording(db: Executor, participantId: number): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind: MAKE_SCREEN_RECORDING, payload: { participant_id: participantId }, runAfter: DORMANT });
}

/**
 * Makes the participant's dormant recording job due now; true while a recording is queued or
 * being made (the screen then says so and asks again), false when there is none to wait for.
 */
export async function wakeScreenRecording(db: Executor, participantId: number, now: Date): Promise<boolean> {
  const mine = and(
    eq(jobs.kind, MAKE_SCREEN_RECORDING),
    inArray(jobs.state, ['queued', 'running']),
    sql`(${jobs.payload}->>'participant_id')::int = ${participantId}`,
  );
  const woken = await db
    .update(jobs)
    .set({ runAfter: now, updatedAt: now })
    .where(and(mine, eq(jobs.runAfter, DORMANT)))
    .returning({ id: jobs.id });
  if (woken.length > 0) return true;
  const [pending] = await db.select({ id: jobs.id }).from(jobs).where(mine).limit(1);
  return pending !== undefined;
}
