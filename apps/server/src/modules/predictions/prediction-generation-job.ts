import type { Deps } from '../../deps.js';
import { AppError } from '../../http/app-error.js';
import { enqueueJob, type JobDeps, type JobHandler } from '../../jobs/job-runner.js';
import { storeGeneratedImages } from './prediction-generation.js';
import type { ScreenshotFormat } from './prediction-images.js';
import { findPredictionById, markGenerationQueued, updatePrediction } from './predictions.repository.js';

export const GENERATE_PREDICTION = 'generate_prediction';

/**
 * Marks the prediction's generation queued and queues the job, in one transaction; does neither
 * while a generation is queued or running (a second click, or a second tab).
 */
export async function enqueueGeneration(deps: Pick<Deps, 'db' | 'clock'>, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (await markGenerationQueued(tx, id))
      await enqueueJob(tx, GENERATE_PREDICTION, { prediction_id: id }, deps.clock());
  });
}

const setProgress = (deps: JobDeps, id: number, progress: number) =>
  updatePrediction(deps.db, id, { generationState: 'running', generationProgress: progress });

/**
 * The generation job: runs the attention model on the stored screenshot (storeGeneratedImages).
 * A failure is recorded with its reason and not retried: the same screenshot fails the same way.
 */
export const generatePredictionJob: JobHandler = Object.assign(
  async (deps: JobDeps, payload: Record<string, unknown>) => {
    const row = await findPredictionById(deps.db, Number(payload.prediction_id));
    if (!row) return; // deleted meanwhile
    await setProgress(deps, row.id, 10);
    try {
      await storeGeneratedImages(deps, row.id, row.imageFormat as ScreenshotFormat);
      await updatePrediction(deps.db, row.id, {
        generationState: 'done',
        generationProgress: 100,
        generationMessage: null,
      });
    } catch (error) {
      const message =
        error instanceof AppError ? error.message : 'The prediction could not be made; please try again';
      if (!(error instanceof AppError))
        deps.log.error({ err: error, predictionId: row.id }, 'generation failed');
      await updatePrediction(deps.db, row.id, { generationState: 'failed', generationMessage: message });
    }
  },
  {
    giveUp: async (deps: JobDeps, payload: Record<string, unknown>) => {
      await updatePrediction(deps.db, Number(payload.prediction_id), {
        generationState: 'failed',
        generationMessage: 'The prediction stopped unexpectedly; please try again',
      });
    },
  },
);
