import type { Executor } from '../../db/client.js';
import { enqueueJob } from '../../jobs/job-runner.js';
import { hasPendingJob, wakeDormantJobs } from './screen-recording-jobs.repository.js';

/**
 * Screen recordings made on the server from a participant's samples (the demo's participants):
 * queued dormant (due at the end of time) when the participant is recorded, and woken by the
 * first view of the participant, so that the first start does not spend minutes encoding videos
 * nobody may watch (docs/decisions/results-screens.md).
 */
export const MAKE_SCREEN_RECORDING = 'make_screen_recording';
const DORMANT = new Date('9999-12-31T00:00:00Z');

export async function queueDormantScreenRecording(db: Executor, participantId: number): Promise<void> {
  await enqueueJob(db, MAKE_SCREEN_RECORDING, { participant_id: participantId }, DORMANT);
}

/**
 * Makes the participant's dormant recording job due now; true while a recording is queued or
 * being made (the screen then says so and asks again), false when there is none to wait for.
 */
export async function wakeScreenRecording(db: Executor, participantId: number, now: Date): Promise<boolean> {
  if ((await wakeDormantJobs(db, MAKE_SCREEN_RECORDING, participantId, DORMANT, now)) > 0) return true;
  return hasPendingJob(db, MAKE_SCREEN_RECORDING, participantId);
}
