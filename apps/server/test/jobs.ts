import { JOB_HANDLERS } from '../src/job-handlers.js';
import { runJobsUntilIdle } from '../src/jobs/job-runner.js';
import { queueTestMetrics } from '../src/modules/ingestion/analysis.js';
import type { TestApp } from './create-test-app.js';

/** Runs the queued jobs of a test app to the end, on its clock; answers how many ran. */
export const runTestJobs = (t: TestApp) =>
  runJobsUntilIdle({ db: t.db, files: t.files, log: t.app.log, clock: () => t.clock.now }, JOB_HANDLERS);

/** Computes a test's page and tag metrics as the ingestion does once a participant is finished. */
export async function computeTestMetrics(t: TestApp, testId: number): Promise<void> {
  await queueTestMetrics(t.db, testId, t.clock.now);
  await runTestJobs(t);
}
