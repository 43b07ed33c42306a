import type { Deps } from '../../deps.js';
import { enqueueUniqueJob, type JobHandler, wakeJobRunners } from '../../jobs/job-runner.js';
import { closeIncompleteSessions } from './remote-studies.service.js';

/**
 * The hourly job that closes remote sessions which expired without their end
 * (docs/remote-studies.md, Incomplete sessions). Its payload names the hour it runs for.
 */
export const CLOSE_INCOMPLETE_SESSIONS = 'close_incomplete_remote_sessions';

const HOUR_MS = 60 * 60 * 1000;
/** The hour of a time as the job's key, `YYYY-MM-DDTHH` (UTC). */
const hourOf = (date: Date) => date.toISOString().slice(0, 13);

/** Queues the run of `at`'s hour unless it is queued or ran already (one per hour, whichever process asks). */
async function scheduleIncompleteSessions(deps: Pick<Deps, 'db'>, at: Date): Promise<boolean> {
  const hour = hourOf(at);
  return (await enqueueUniqueJob(deps.db, CLOSE_INCOMPLETE_SESSIONS, hour, { hour }, at)) !== null;
}

/** At a process's start: this hour's run, due now (a no-op when it is queued or ran already). */
export async function scheduleIncompleteSessionsAtStart(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  if (await scheduleIncompleteSessions(deps, deps.clock())) wakeJobRunners();
}

/** Closes what is due, then queues the next hour's run (after now, so a stopped worker catches up in one). */
export const closeIncompleteSessionsJob: JobHandler = async (deps) => {
  const closed = await closeIncompleteSessions(deps);
  if (closed > 0) deps.log.info({ closed }, 'incomplete remote sessions closed');
  const nextHour = new Date((Math.floor(deps.clock().getTime() / HOUR_MS) + 1) * HOUR_MS);
  await scheduleIncompleteSessions(deps, nextHour);
};
