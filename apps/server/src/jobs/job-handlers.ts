import { ingestionJobHandlers } from '../modules/ingestion/analysis.js';
import type { JobHandlers } from './job-runner.js';

/** Every kind of job the runner knows. */
export const JOB_HANDLERS: JobHandlers = { ...ingestionJobHandlers };
