import type {
  AreaOfInterest,
  Capture,
  Prediction,
  PredictionMedia,
  PredictionProject,
} from '@limbus/contract';
import type { Deps } from '../../deps.js';
import type { ProjectRow } from './prediction-projects.repository.js';
import type { AreaRow, PredictionRow } from './predictions.repository.js';

export const predictionMediaPath = (id: number, kind: PredictionMedia) =>
  `/api/v1/predictions/${id}/media/${kind}`;

export const toAreaAnswer = (row: AreaRow): AreaOfInterest => ({
  id: row.id,
  name: row.name || `Box ${row.ordinal}`,
  top: row.top,
  left: row.left,
  width: row.width,
  height: row.height,
  value: row.value,
});

/** The latest generation job; one made without a job (the demo seed) shows as done. */
function generationOf(row: PredictionRow): Capture | null {
  if (row.generationState)
    return { state: row.generationState, progress: row.generationProgress, message: row.generationMessage };
  return row.generatedAt ? { state: 'done', progress: 100, message: null } : null;
}

/**
 * The answer of a prediction: its images as signed URLs (an `<img src>` sends no token), with the
 * time they were made as a version, so that a new generation is not served from the cache.
 */
export function toPredictionAnswer(deps: Deps, row: PredictionRow, areas: AreaRow[]): Prediction {
  const url = (kind: PredictionMedia, version: Date) =>
    `${deps.signedUrls.sign(predictionMediaPath(row.id, kind), deps.clock())}&v=${version.getTime()}`;
  const generated = (kind: PredictionMedia) => (row.generatedAt ? url(kind, row.generatedAt) : null);
  return {
    id: row.id,
    project_id: row.projectId,
    title: row.title,
    application: row.application,
    width: row.width,
    height: row.height,
    image: url('image', row.createdAt),
    image_thumb: url('thumb', row.createdAt),
    image_mask: generated('mask'),
    image_result: generated('result'),
    peekthrough: generated('peekthrough'),
    heatmap: generated('heatmap'),
    peekthrough_attention_share: row.peekthroughAttentionShare,
    generation: generationOf(row),
    created_at: row.createdAt.toISOString(),
    requester: row.requesterEmail,
    areas_of_interest: areas.filter((area) => area.predictionId === row.id).map(toAreaAnswer),
  };
}

/** A project's card: its size and the thumbnail of its newest heatmap (`heatmaps` newest first). */
export const toProjectAnswer = (
  row: ProjectRow,
  heatmaps: Pick<Prediction, 'image_thumb'>[],
): PredictionProject => ({
  id: row.id,
  name: row.name,
  description: row.description,
  created_at: row.createdAt.toISOString(),
  requester: row.requesterEmail,
  heatmaps_count: heatmaps.length,
  image_thumb: heatmaps[0]?.image_thumb ?? null,
});
