import type { RecordingProgress } from '@limbus/contract';
import type { Database, Executor } from '../../db/client.js';
import { enqueueJob, wakeJobRunners } from '../../jobs/job-runner.js';
import {
  isInBackgroundRun,
  pendingJobOf,
  startBackgroundRun,
  wakeDormantJobs,
  wakeNextDormantJob,
} from './screen-recording-jobs.repository.js';

/**
 * Screen recordings made on the server from a participant's samples (the demo's participants):
 * queued dormant (due at the end of time) when the participant is recorded, so that the first
 * start does not wait for them. After the start they are made in the background one at a time,
 * in the order the seed gave them (each job, when done, makes the next one due), and a view of
 * a participant whose recording is not made yet makes its job due at once
 * (docs/decisions/results-screens.md).
 */
export const MAKE_SCREEN_RECORDING = 'make_screen_recording';
const DORMANT = new Date('9999-12-31T00:00:00Z');

/** `order`: where the background run takes it, before higher numbers (then by participant). */
export async function queueDormantScreenRecording(
  db: Executor,
  participantId: number,
  order = 0,
): Promise<void> {
  await enqueueJob(db, MAKE_SCREEN_RECORDING, { participant_id: participantId, run_order: order }, DORMANT);
}

/**
 * Makes the participant's dormant recording job due now; answers how far its recording is while
 * it is queued or being made (the screen then says so and asks again), null when there is none
 * to wait for.
 */
export async function wakeScreenRecording(
  db: Executor,
  participantId: number,
  now: Date,
): Promise<RecordingProgress | null> {
  if ((await wakeDormantJobs(db, MAKE_SCREEN_RECORDING, participantId, DORMANT, now)) > 0) wakeJobRunners();
  const pending = await pendingJobOf(db, MAKE_SCREEN_RECORDING, participantId);
  if (!pending) return null;
  return pending.running
    ? { state: 'making', percent: pending.progress ?? 0, ahead: 0 }
    : { state: 'queued', percent: null, ahead: pending.ahead };
}

/** Whether the participant's recording job is queued (dormant or due) or running, without waking it. */
export async function isScreenRecordingPending(db: Executor, participantId: number): Promise<boolean> {
  return (await pendingJobOf(db, MAKE_SCREEN_RECORDING, participantId)) !== null;
}

/** Starts making the dormant recordings in the background, unless a run is under way (a start). */
export async function makeScreenRecordingsInBackground(db: Database, now: Date): Promise<void> {
  if (await startBackgroundRun(db, MAKE_SCREEN_RECORDING, DORMANT, now)) wakeJobRunners();
}

/** After a job of the background run ended, done or given up: the next one is due. */
export async function continueBackgroundRun(
  db: Executor,
  payload: Record<string, unknown>,
  now: Date,
): Promise<void> {
  if (!isInBackgroundRun(payload)) return;
  if (await wakeNextDormantJob(db, MAKE_SCREEN_RECORDING, DORMANT, now)) wakeJobRunners();
}
