import type { Deps } from '../../deps.js';
import { AppError } from '../../http/app-error.js';
import { loadFor } from '../../http/load-for.js';
import type { Actor } from '../../http/policy.js';
import { enqueueJob } from '../../jobs/job-runner.js';
import {
  listFinishedParticipantRows,
  listMetricsParticipantRows,
} from '../participants/participants.repository.js';
import { PROCESS_VIDEO_TEST } from './process-video-test.js';
import { findProcessingTest, setInternalState } from './video-tests.repository.js';

export const VIDEO_PROCESSING_MESSAGE = 'Video is processing...';

/**
 * GET /tests/{id}/process_video_test: marks the test `video_processing` and queues the job in
 * one transaction. Asking again while it runs changes nothing (one job per test at a time).
 */
export async function startVideoProcessing(
  deps: Deps,
  actor: Actor,
  testId: number,
): Promise<{ message: string }> {
  const test = await loadFor(actor, 'video.process', 'The test', findProcessingTest(deps.db, testId));
  if (test.platform !== 'video')
    throw new AppError('conflict', `Only video tests are processed; this is a ${test.platform} test`);
  if (test.internalState === 'video_processing') return { message: VIDEO_PROCESSING_MESSAGE };
  await assertViewersToProcess(deps, testId);
  await deps.db.transaction(async (tx) => {
    await setInternalState(tx, testId, 'video_processing');
    await enqueueJob(tx, PROCESS_VIDEO_TEST, { test_id: testId }, deps.clock());
  });
  return { message: VIDEO_PROCESSING_MESSAGE };
}

/** 409 unless a finished viewer counts in the metrics (generated viewers count once a researcher counts them). */
async function assertViewersToProcess(deps: Deps, testId: number): Promise<void> {
  if ((await listMetricsParticipantRows(deps.db, testId)).length > 0) return;
  if ((await listFinishedParticipantRows(deps.db, testId)).length === 0)
    throw new AppError('conflict', 'There is no participant data to process yet: record participants first');
  throw new AppError(
    'conflict',
    'Every viewer is left out of the metrics: count one first (generated viewers are left out until counted)',
  );
}
