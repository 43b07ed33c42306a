import {
  colorizeDensity,
  densityGrid,
  type EyeSamples,
  FIXATION_RADIUS_PX,
  type PageVisit,
  type SampleFrame,
  windowIndices,
} from '@limbus/analytics';

/** The heatmap is computed at a quarter of the sample frame: the blur is far wider than a pixel. */
const HEATMAP_SCALE = 1 / 4;

/** The page visit at `nowMs` (visits are few and ordered: a binary search by start). */
export function visitAt(visits: readonly PageVisit[], nowMs: number): PageVisit | null {
  let low = 0;
  let high = visits.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((visits[middle] as PageVisit).start <= nowMs) low = middle + 1;
    else high = middle;
  }
  const visit = visits[low - 1];
  return visit && nowMs <= visit.end ? visit : null;
}

/**
 * Where the participant looked on the current screen: the gaze from `fromMs` (the start of the
 * page visit) to `toMs`, as heatmap colours over the sample frame at a quarter of its size, with
 * the density engine of the heatmap pages (σ 2 × the fixation radius). Null without gaze.
 */
export function gazeHeatmap(
  eyes: EyeSamples,
  fromMs: number,
  toMs: number,
  frame: SampleFrame,
): { rgba: Uint8ClampedArray; width: number; height: number } | null {
  const { start, end } = windowIndices(eyes.timestamp, fromMs, toMs);
  if (end <= start) return null;
  const x = new Float32Array(end - start);
  const y = new Float32Array(end - start);
  for (let i = start; i < end; i++) {
    x[i - start] = ((eyes.x[i] as number) - frame.gazeOffsetX) * HEATMAP_SCALE;
    y[i - start] = (eyes.y[i] as number) * HEATMAP_SCALE;
  }
  const width = Math.max(1, Math.round(frame.width * HEATMAP_SCALE));
  const height = Math.max(1, Math.round(frame.height * HEATMAP_SCALE));
  const grid = densityGrid({ x, y }, width, height, {
    cellPx: 2,
    sigmaPx: 2 * FIXATION_RADIUS_PX * HEATMAP_SCALE,
  });
  if (!(grid.max > 0)) return null;
  return { rgba: colorizeDensity(grid), width, height };
}
