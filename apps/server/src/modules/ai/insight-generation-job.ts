import type { Deps } from '../../deps.js';
import { AppError } from '../../http/app-error.js';
import { enqueueJob, type JobDeps, type JobHandler, wakeJobRunners } from '../../jobs/job-runner.js';
import { createAiProvider } from './create-ai-provider.js';
import {
  failUnfinishedGeneration,
  finishGenerationRun,
  type InsightGenerationRow,
  insertGeneration,
  startGenerationRun,
} from './insight-generations.repository.js';
import { writeProposal } from './insight-proposal.js';

export const GENERATE_INSIGHT = 'generate_insight';

/** What the screen says of a generation whose job was given up (its runners kept stopping). */
export const GENERATION_STOPPED_MESSAGE =
  'Writing the insight stopped unexpectedly, several times. Try again, or write the insight yourself.';

/**
 * Stores the generation and queues its job in one transaction, then wakes this process's runner,
 * so that on `npm start` (jobs in process) the model is asked at once, not at the next poll.
 */
export async function enqueueInsightGeneration(
  deps: Pick<Deps, 'db' | 'clock'>,
  values: { testId: number; requesterId: number; tagId: number; focusPoint: string },
): Promise<InsightGenerationRow> {
  const now = deps.clock();
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertGeneration(tx, { ...values, at: now });
    await enqueueJob(tx, GENERATE_INSIGHT, { generation_id: inserted.id }, now);
    return inserted;
  });
  wakeJobRunners();
  return row;
}

/**
 * The generation job: asks the model (writeProposal) and stores the proposal, or the failure the
 * user is shown (an AppError: the model failed or is unavailable, the budget is used up, the tag
 * lost its points), which is not retried: the screen offers 'Try again'. Anything else (the
 * database went away) is thrown, so the runner retries it; a run whose runner died is taken up
 * again after its lease, and only the latest run may store its outcome.
 */
export const generateInsightJob: JobHandler = Object.assign(
  async (deps: JobDeps, payload: Record<string, unknown>) => {
    const id = Number(payload.generation_id);
    const run = await startGenerationRun(deps.db, id, deps.clock());
    if (!run) return; // removed with its test, or finished by an earlier run
    const provider = createAiProvider(deps.ai ?? { provider: 'local' });
    try {
      const result = await writeProposal(deps, provider, run);
      await finishGenerationRun(deps.db, id, run.attempts, { state: 'done', result }, deps.clock());
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const message = Object.values(error.errors ?? {}).flat()[0] ?? error.message;
      await finishGenerationRun(
        deps.db,
        id,
        run.attempts,
        { state: 'failed', code: error.code, message },
        deps.clock(),
      );
    }
  },
  {
    giveUp: async (deps: JobDeps, payload: Record<string, unknown>) => {
      await failUnfinishedGeneration(
        deps.db,
        Number(payload.generation_id),
        { code: 'internal', message: GENERATION_STOPPED_MESSAGE },
        deps.clock(),
      );
    },
  },
);
