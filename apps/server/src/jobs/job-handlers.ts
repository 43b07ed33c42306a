import { ingestionJobHandlers } from '../modules/ingestion/analysis.js';
import { PROCESS_VIDEO_TEST, processVideoTest } from '../modules/video-tests/process-video-test.js';
import type { JobHandlers } from './job-runner.js';

/** Every kind of job the runner knows. */
export const JOB_HANDLERS: JobHandlers = { ...ingestionJobHandlers, [PROCESS_VIDEO_TEST]: processVideoTest };
