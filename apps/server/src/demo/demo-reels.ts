import { REEL_MESSAGES } from '@limbus/contract';
import { AppError } from '../http/app-error.js';
import {
  enqueueUniqueJob,
  type JobDeferral,
  type JobDeps,
  type JobHandler,
  wakeJobRunners,
} from '../jobs/job-runner.js';
import { enqueueReelRender } from '../modules/evidence-reels/evidence-reel-job.js';
import { reelSubjects } from '../modules/evidence-reels/evidence-reel-subjects.js';
import {
  insightHasReel,
  isReelNewIn,
  makeReelFromPoints,
} from '../modules/evidence-reels/evidence-reels.service.js';
import { findInsightRow } from '../modules/insights/insights.service.js';
import { isScreenRecordingPending } from '../modules/participants/screen-recording-jobs.js';
import { demoWebTestName } from './demo-recordings.js';
import { findDoneTestId, insightsWithMostPoints } from './demo-records.repository.js';

/**
 * The demo's published evidence reels (issue 29; docs/decisions/share-links.md, Evidence reels):
 * Acme Retail's desktop web test (the README's first client sign-in) shows the reels of its two
 * insights with the most significant points. A reel needs its participants' screen recordings,
 * which the demo makes after the first start, so the seed queues one durable job that waits for
 * them (it runs again every DEMO_REELS_POLL_MS while they are being made) and then makes each reel
 * as the researcher's Make → Render → Publish does: the reel from the insight's points, its render
 * by `make_evidence_reel`, published by that render as it stores the file.
 */
export const PUBLISH_DEMO_REELS = 'publish_demo_reels';
/** Acme Retail (seed id). */
export const DEMO_REEL_COMPANY = 3;
const DEMO_REEL_INSIGHTS = 2;
/** How often the job looks again while recordings are being made: each takes 2–5 s in the background run. */
export const DEMO_REELS_POLL_MS = 15_000;
/** With DEMO_RECORDINGS=on-view the recordings wait for views: the job looks less often and wakes none. */
const ON_VIEW_POLL_MS = 5 * 60_000;
/** How long the job waits for recordings at most; then it gives up on the reels still waiting (logged). */
export const DEMO_REELS_MAX_WAIT_MS = 6 * 60 * 60_000;

/**
 * Queues the job once (a second seed, or a start that finishes a killed seed, queues nothing): in
 * the seed, after the demo tests and their insights are written.
 */
export async function queueDemoReels(deps: Pick<JobDeps, 'db'>, now: Date): Promise<void> {
  const testId = await findDoneTestId(deps.db, DEMO_REEL_COMPANY, demoWebTestName('desktop'));
  if (testId !== null) await queueDemoReelsOf(deps, testId, now);
}

/** Queues the job for the test's two insights with the most points; answers its id, null when queued before. */
export async function queueDemoReelsOf(
  deps: Pick<JobDeps, 'db'>,
  testId: number,
  now: Date,
): Promise<number | null> {
  const insightIds = await insightsWithMostPoints(deps.db, testId, DEMO_REEL_INSIGHTS);
  if (insightIds.length === 0) return null;
  return enqueueUniqueJob(
    deps.db,
    PUBLISH_DEMO_REELS,
    `test-${testId}`,
    { test_id: testId, insight_ids: insightIds, since: now.getTime() },
    now,
  );
}

type Step = 'queued' | 'left' | 'waiting';

/** A researcher's reel made while the job made its own: the job's transaction is undone. */
class ReelExists extends Error {}

/**
 * Makes the reel of each insight of the payload that waits, and runs again later for those whose
 * recordings are still being made; an insight that has a reel (a researcher's, or this job's after
 * a restart) is left as it is, and so is one that was deleted or has no point to show (logged).
 */
export const publishDemoReels: JobHandler = async (
  deps: JobDeps,
  payload: Record<string, unknown>,
): Promise<JobDeferral | undefined> => {
  const testId = Number(payload.test_id);
  const insightIds = Array.isArray(payload.insight_ids) ? payload.insight_ids.map(Number) : [];
  if (!Number.isInteger(testId) || insightIds.some((id) => !Number.isInteger(id)))
    throw new Error(`${PUBLISH_DEMO_REELS} needs a test_id and insight_ids`);
  const waiting: number[] = [];
  for (const insightId of insightIds)
    if ((await makeDemoReel(deps, testId, insightId)) === 'waiting') waiting.push(insightId);
  if (waiting.length === 0) return undefined;
  const now = deps.clock();
  const since = Number(payload.since);
  if (Number.isFinite(since) && now.getTime() - since > DEMO_REELS_MAX_WAIT_MS) {
    deps.log.warn(
      { testId, insightIds: waiting },
      "the demo's reels were given up: their participants' screen recordings were not made in time",
    );
    return undefined;
  }
  const poll = deps.demoRecordings === 'on-view' ? ON_VIEW_POLL_MS : DEMO_REELS_POLL_MS;
  return { runAgainAt: new Date(now.getTime() + poll), payload: { ...payload, insight_ids: waiting } };
};

async function makeDemoReel(deps: JobDeps, testId: number, insightId: number): Promise<Step> {
  const about = { testId, insightId };
  if (!(await findInsightRow(deps.db, testId, insightId))) {
    deps.log.warn(about, "a demo reel's insight is gone: no reel made");
    return 'left';
  }
  if (await insightHasReel(deps, insightId)) return 'left';
  // DEMO_RECORDINGS=on-view: the recordings are made when viewed, never by background work.
  if (deps.demoRecordings === 'on-view' && (await recordingsPending(deps, testId, insightId)))
    return 'waiting';
  try {
    await makeReelFromPoints(deps, testId, insightId, async (tx, reelId) => {
      // made before this transaction: a researcher's, made meanwhile, which stays as it is
      if (!(await isReelNewIn(tx, reelId))) throw new ReelExists();
      await enqueueReelRender(tx, reelId, deps.clock(), { publishWhenReady: true });
    });
  } catch (error) {
    if (error instanceof ReelExists) return 'left';
    if (error instanceof AppError && error.code === 'conflict') {
      if (error.message === REEL_MESSAGES.noPoints) {
        deps.log.warn(about, `a demo reel was not made: ${error.message}`);
        return 'left';
      }
      return 'waiting'; // its recordings are being made (makeReelFromPoints woke them)
    }
    throw error;
  }
  wakeJobRunners();
  deps.log.info(about, 'a demo reel is made and queued to render; its render publishes it');
  return 'queued';
}

async function recordingsPending(deps: JobDeps, testId: number, insightId: number): Promise<boolean> {
  const { withoutRecording } = await reelSubjects(deps, testId, insightId);
  for (const participantId of withoutRecording)
    if (await isScreenRecordingPending(deps.db, participantId)) return true;
  return false;
}
