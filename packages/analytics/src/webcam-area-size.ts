import type { AreaMetrics } from './area-metrics.js';
import { pixelsPerDegree, type ScreenGeometry } from './gaze-geometry.js';
import type { Box } from './heatmap-density.js';
import { median } from './robust-stats.js';

/** A webcam participant's measured validation accuracy (degrees) and the screen it is turned into px on. */
export type WebcamAccuracy = { accuracyDeg: number | null; geometry: ScreenGeometry };

/**
 * The cohort's webcam gaze accuracy in px: each participant's accuracy (degrees) × the px per
 * degree of their screen (pixelsPerDegree), the median over participants (robust to the one who
 * calibrated badly). Participants without a measured accuracy are left out; null when none has one.
 */
export function webcamAccuracyPx(accuracies: readonly WebcamAccuracy[]): number | null {
  const px = accuracies
    .filter((one) => one.accuracyDeg !== null && Number.isFinite(one.accuracyDeg))
    .map((one) => (one.accuracyDeg as number) * pixelsPerDegree(one.geometry));
  return px.length > 0 ? median(px) : null;
}

/**
 * An area must be at least this many times the gaze's error across, in its smaller dimension:
 * gaze on the area's centre then lands inside even when it is off by the error in any direction,
 * and gaze on the area's edge is not yet taken for gaze a whole error beside it.
 */
export const AREA_SIZE_PER_ACCURACY = 2;

/** The smallest area (px, its smaller side) the gaze's accuracy (px) tells apart from its surroundings. */
export const minAreaSizePx = (accuracyPx: number): number => AREA_SIZE_PER_ACCURACY * accuracyPx;

/** Whether the area's smaller side is below the minimum size (never without a minimum). */
export const isTooSmallForAccuracy = (area: Box, minSizePx: number | null): boolean =>
  minSizePx !== null && Math.min(area.width, area.height) < minSizePx;

/**
 * Ranks of the areas by the fixation time they drew per visitor of the page (dwellTime ×
 * lookedShare: the summed fixation time in the area ÷ the visitors), 1 = most; ties share the
 * better rank (1, 2, 2, 4). Areas left out (`leftOut[i]`) get null and take no place.
 */
export function rankAreas(metrics: readonly AreaMetrics[], leftOut: readonly boolean[]): (number | null)[] {
  const drawn = metrics.map((m) => (m.dwellTime ?? 0) * m.lookedShare);
  const ranked = drawn.filter((_, i) => !leftOut[i]);
  return drawn.map((value, i) => (leftOut[i] ? null : 1 + ranked.filter((other) => other > value).length));
}
