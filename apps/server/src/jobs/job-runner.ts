import type { AiSettings, AttentionModelSetting, CaptureSettings } from '../config.js';
import type { Database, Executor } from '../db/client.js';
import type { Deps } from '../deps.js';
import {
  claimJob,
  completeJob,
  deferJob,
  failJob,
  insertJob,
  insertUniqueJob,
  type JobRow,
  setJobProgress,
} from './jobs.repository.js';

// A runner alone on its database (the embedded one is locked to one process) releases at start
// the jobs a stopped process left running, without waiting for their leases.
export { releaseRunningJobs } from './jobs.repository.js';

/**
 * The in-process job runner (docs/decisions/recorded-data-and-ingestion.md): jobs are rows of
 * `jobs`, claimed one at a time with a lease. A job whose process dies keeps its row `running`
 * until the lease ends; the next claim then takes it again, so every job runs to completion at
 * least once: handlers are idempotent. A failing job is retried with exponential backoff, then
 * marked failed; so is one whose runners died in all of its JOB_MAX_ATTEMPTS attempts (it may be
 * what kills them).
 */

export type JobDeps = Pick<Deps, 'db' | 'files' | 'log' | 'clock'> &
  AttentionModelSetting & {
    /** Settings of screenshot captures; without them captures refuse private addresses. */
    capture?: CaptureSettings;
    /** Who writes AI text (AI_PROVIDER…); without it the local provider. */
    ai?: AiSettings;
    /** DEMO_RECORDINGS: whether the demo's background work may make its recordings (default) or waits for views. */
    demoRecordings?: 'background' | 'on-view';
  };
/** What a handler may tell the runner about the job in hand. */
export type JobContext = {
  /** Records how far the job has come (0–100), for screens that show it; failures are only logged. */
  reportProgress: (percent: number) => void;
};
/**
 * What a handler answers when it has to wait for other work (the demo's reels wait for their
 * recordings): the same job row runs again at `runAgainAt`, with `payload` when given. A wait is
 * not an attempt: the row's attempts start again from none.
 */
export type JobDeferral = { runAgainAt: Date; payload?: Record<string, unknown> };
export type JobHandler = {
  // biome-ignore lint/suspicious/noConfusingVoidType: most handlers never wait, and answer nothing
  (deps: JobDeps, payload: Record<string, unknown>, context?: JobContext): Promise<void | JobDeferral>;
  /**
   * Called once when the job is failed for good (its last attempt failed, or its runners kept
   * dying): undoes what tells users the work is under way, so that no screen waits forever.
   */
  giveUp?: (deps: JobDeps, payload: Record<string, unknown>) => Promise<void>;
};
export type JobHandlers = Record<string, JobHandler>;

/** How long a claimed job may run before another runner takes it over. */
export const JOB_LEASE_MS = 5 * 60_000;
export const JOB_MAX_ATTEMPTS = 5;
const BACKOFF_BASE_MS = 2_000;

/** Queues a job; pass the transaction that makes it due, so that it exists exactly when its cause does. */
export function enqueueJob(
  db: Executor,
  kind: string,
  payload: Record<string, unknown>,
  runAfter: Date,
): Promise<number> {
  return insertJob(db, { kind, payload, runAfter });
}

/**
 * Queues a job once per `key` (a singleton: a daily job's day): a second enqueue of the same kind
 * and key, from this or another process and whatever the first's state, queues nothing. Answers
 * the job's id, or null when it existed already.
 */
export function enqueueUniqueJob(
  db: Database,
  kind: string,
  key: string,
  payload: Record<string, unknown>,
  runAfter: Date,
): Promise<number | null> {
  return insertUniqueJob(db, { kind, key, payload, runAfter });
}

/** Claims one due job and runs it; answers the job, or null when none was due. */
export async function runNextJob(deps: JobDeps, handlers: JobHandlers): Promise<JobRow | null> {
  const job = await claimJob(deps.db, deps.clock(), JOB_LEASE_MS);
  if (!job) return null;
  if (job.attempts > JOB_MAX_ATTEMPTS) {
    // Only a job taken back from runners that died gets here (a failing one is failed at its last
    // attempt): it may be what kills them, so it is not run again, or it would do so forever.
    const message = `Gave up after ${JOB_MAX_ATTEMPTS} attempts whose runner stopped before it answered`;
    deps.log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts }, message);
    await failJob(deps.db, job.id, deps.clock(), message, null);
    await giveUp(deps, handlers[job.kind], job);
    return job;
  }
  const handler = handlers[job.kind];
  try {
    if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
    const deferral = await handler(deps, job.payload, progressReporter(deps, job.id));
    if (deferral)
      await deferJob(deps.db, job.id, deps.clock(), deferral.runAgainAt, deferral.payload ?? job.payload);
    else await completeJob(deps.db, job.id, deps.clock());
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const now = deps.clock();
    const retryAt =
      handler && job.attempts < JOB_MAX_ATTEMPTS
        ? new Date(now.getTime() + BACKOFF_BASE_MS * 2 ** (job.attempts - 1))
        : null;
    deps.log.warn({ err: error, jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
    await failJob(deps.db, job.id, now, message.slice(0, 2000), retryAt);
    if (!retryAt) await giveUp(deps, handler, job);
  }
  return job;
}

function progressReporter(deps: JobDeps, jobId: number): JobContext {
  let reported = -1;
  return {
    reportProgress(percent) {
      const rounded = Math.max(0, Math.min(100, Math.round(percent)));
      if (rounded === reported) return;
      reported = rounded;
      setJobProgress(deps.db, jobId, rounded).catch((error: unknown) =>
        deps.log.warn({ err: error, jobId }, 'could not record the progress of a job'),
      );
    },
  };
}

async function giveUp(deps: JobDeps, handler: JobHandler | undefined, job: JobRow): Promise<void> {
  try {
    await handler?.giveUp?.(deps, job.payload);
  } catch (error) {
    deps.log.error({ err: error, jobId: job.id, kind: job.kind }, 'giving up on a job failed');
  }
}

/** Runs due jobs until none is left (tests and the CLI's own checks). */
export async function runJobsUntilIdle(deps: JobDeps, handlers: JobHandlers, limit = 1000): Promise<number> {
  let count = 0;
  while (count < limit && (await runNextJob(deps, handlers))) count++;
  return count;
}

export type JobRunner = { start: () => void; stop: () => Promise<void> };

const wakeListeners = new Set<() => void>();

/**
 * Tells the runners started in this process that a job is due now, so that it starts at once
 * instead of at their next poll: call it after the transaction that queued the job committed
 * (before, the runner would not see the job yet). Runners of other processes (workers) find the
 * job at their next poll.
 */
export function wakeJobRunners(): void {
  for (const wake of wakeListeners) wake();
}

/**
 * Polls for due jobs every `pollMs` while started, and at once when woken (wakeJobRunners); `stop`
 * waits for the job in hand (drain).
 */
export function createJobRunner(deps: JobDeps, handlers: JobHandlers, pollMs = 1000): JobRunner {
  let isRunning = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  /** Woken while claiming or running: look again before sleeping. */
  let isWoken = false;
  const tick = async () => {
    try {
      while (isRunning && (await runNextJob(deps, handlers))) {
        // keep going while jobs are due
      }
    } catch (error) {
      deps.log.error({ err: error }, 'the job runner could not claim a job');
    }
  };
  const run = () => {
    isWoken = false;
    current = tick().finally(schedule);
  };
  const schedule = () => {
    if (!isRunning) return;
    if (isWoken) return run();
    timer = setTimeout(() => {
      timer = undefined;
      run();
    }, pollMs);
  };
  const wake = () => {
    if (!isRunning) return;
    if (timer === undefined) {
      isWoken = true; // a tick is under way
      return;
    }
    clearTimeout(timer);
    timer = undefined;
    run();
  };
  return {
    start() {
      if (isRunning) return;
      isRunning = true;
      wakeListeners.add(wake);
      run();
    },
    async stop() {
      isRunning = false;
      wakeListeners.delete(wake);
      if (timer) clearTimeout(timer);
      timer = undefined;
      await current;
    },
  };
}
