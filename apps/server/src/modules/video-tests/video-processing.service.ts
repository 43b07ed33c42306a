import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../http/app-error.js';
import { loadFor } from '../../http/load-for.js';
import type { Actor } from '../../http/policy.js';
import { enqueueJob } from '../../jobs/job-runner.js';
import { toMoment } from '../participants/participants.mappers.js';
import {
  findVideoParticipantRow,
  listFinishedParticipantRows,
  listMetricsParticipantRows,
  listMomentRows,
  participantDetail,
} from '../participants/participants.service.js';
import { testFor } from '../test-access/test-access.service.js';
import { setInternalState } from '../user-tests/user-tests.service.js';
import { PROCESS_VIDEO_TEST } from './process-video-test.js';
import { toVideoSeriesPoints } from './video-tests.mappers.js';
import { findProcessingTest, listVideoSeriesRows } from './video-tests.repository.js';

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

/**
 * The result of video processing with everything it holds; 404 while there is none, and while
 * processing runs: the job writes the result in steps (the participant's rows, its stream files,
 * then spread and fluency with the end of processing), so until it is done, or after a killed
 * process until it has run again, the stored result may be partly the new one. The screens wait
 * for internal_state to clear before they ask (spec 3).
 */
export async function getVideoParticipant(deps: Deps, actor: Actor, testId: number) {
  await testFor(deps, actor, testId);
  if ((await findProcessingTest(deps.db, testId))?.internalState === 'video_processing')
    throw new AppError('not_found', 'The video is processing: its result is answered once it is done');
  const participant = await findVideoParticipantRow(deps.db, testId);
  // Not finished: processing was cut off before its last step and has not run again yet.
  if (participant?.state !== 'finished') throw notFound('The video participant');
  const detail = await participantDetail(deps, participant, {
    associations: ['emotions', 'mice', 'eyes', 'sections', 'significant_points'],
    withVideo: true,
  });
  detail.moments = (await listMomentRows(deps.db, participant.id)).map(toMoment);
  const start = participant.startedAt?.getTime() ?? 0;
  for (const series of await listVideoSeriesRows(deps.db, participant.id))
    detail[series.kind] = toVideoSeriesPoints(series, start);
  return detail;
}
