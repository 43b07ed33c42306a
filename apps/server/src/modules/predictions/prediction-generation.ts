import { attentionShareInBox, type DensityGrid } from '@limbus/analytics';
import type { AttentionModelSetting } from '../../config.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../http/app-error.js';
import {
  decodeScreenshot,
  predictionMediaKey,
  renderPrediction,
  type ScreenshotFormat,
} from './prediction-images.js';
import { type AreaBox, listAreaRows, updateArea, updatePrediction } from './predictions.repository.js';

/** The share of `density` in a box, rounded to 4 decimals (a whole percent is what anyone reads). */
export const shareIn = (density: DensityGrid, box: AreaBox) =>
  Math.round((attentionShareInBox(density, box) ?? 0) * 10_000) / 10_000;

/**
 * Runs the attention model on the stored screenshot and stores its images; the boxes get their
 * shares of the new prediction. Also the demo seed's way to generate.
 */
export async function storeGeneratedImages(
  deps: Pick<Deps, 'db' | 'files' | 'clock'> & AttentionModelSetting,
  id: number,
  format: ScreenshotFormat,
): Promise<void> {
  const bytes = await deps.files.get(predictionMediaKey(id, 'image', format));
  if (!bytes) throw new AppError('conflict', 'The screenshot of this prediction is missing; upload it again');
  const { prediction, files } = await renderPrediction(
    await decodeScreenshot(bytes),
    deps.attentionModelPath,
  );
  for (const kind of ['heatmap', 'mask', 'peekthrough', 'result'] as const)
    await deps.files.put(predictionMediaKey(id, kind, format), files[kind]);
  const areas = await listAreaRows(deps.db, [id]);
  await deps.db.transaction(async (tx) => {
    for (const area of areas) await updateArea(tx, area.id, { value: shareIn(prediction.density, area) });
    await updatePrediction(tx, id, {
      generatedAt: deps.clock(),
      peekthroughAttentionShare: prediction.peekthrough.hiddenAttentionShare,
    });
  });
}
