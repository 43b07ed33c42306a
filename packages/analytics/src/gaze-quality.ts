import type { GazeSamples } from './fixations.js';
import {
  DEFAULT_SCREEN_GEOMETRY,
  degreesBetween,
  pixelsToDegrees,
  type ScreenGeometry,
} from './gaze-geometry.js';
import { median } from './robust-stats.js';

/** A point the participant was asked to look at (px) and when (ms, first and last sample time). */
export type ValidationTarget = { x: number; y: number; start: number; end: number };

/** Data quality of one participant's gaze. */
export type GazeQuality = {
  samples: number;
  validSamples: number;
  /** Share of samples with a gaze position (0–1); NaN without samples. */
  trackingRatio: number;
  /** Precision as the root mean square of sample-to-sample distances, degrees (median over windows). */
  precisionRmsS2SDeg: number;
  /** Precision as the standard deviation of positions, √(σx² + σy²), degrees (median over windows). */
  precisionSdDeg: number;
  /** Mean distance from the validation targets (degrees); null without targets or data on them. */
  accuracyDeg: number | null;
  /** Per target with data: its index and the distance of the mean gaze from it (degrees). */
  targets: { index: number; offsetDeg: number; samples: number }[];
};

export type GazeQualityOptions = {
  geometry: ScreenGeometry;
  /** Length of the windows precision is measured in, ms. */
  windowMs: number;
  /** Validation targets, when the recording has a validation. */
  targets: readonly ValidationTarget[];
};

/**
 * 200 ms windows: long enough for 12 samples at 60 Hz, short enough that most windows fall inside
 * one fixation (fixations last 200–400 ms), so the median window sees noise, not eye movements.
 */
export const DEFAULT_GAZE_QUALITY_OPTIONS: GazeQualityOptions = {
  geometry: DEFAULT_SCREEN_GEOMETRY,
  windowMs: 200,
  targets: [],
};

/**
 * Data quality of a recording (positions px of `geometry`'s screen, times ms, lost samples NaN):
 * - tracking ratio: valid samples ÷ all samples;
 * - precision, in consecutive windows of `windowMs` (from the first sample; windows with fewer
 *   than 3 valid samples skipped), as the median over windows of (a) RMS-S2S, √(mean θᵢ²) with θᵢ
 *   the visual angle between consecutive valid samples, and (b) SD, √(σx² + σy²) of the positions
 *   in degrees: the median over short windows measures noise without the saccades that a whole
 *   recording holds (Holmqvist, Nyström & Mulvey 2012 define both measures on fixation data);
 * - accuracy, for each validation target, the visual angle between the target and the mean of the
 *   valid samples in its time span, and their mean over targets with data.
 * NaN precision when no window has 3 samples. Linear time.
 */
export function gazeQuality(gaze: GazeSamples, options: Partial<GazeQualityOptions> = {}): GazeQuality {
  const o = { ...DEFAULT_GAZE_QUALITY_OPTIONS, ...options };
  const { timestamp: t, x, y } = gaze;
  const n = t.length;
  let valid = 0;
  for (let i = 0; i < n; i++) if (!Number.isNaN((x[i] as number) + (y[i] as number))) valid++;
  const { rms, sd } = windowPrecision(gaze, o.geometry, o.windowMs);
  const targets = o.targets.flatMap((target, index) => {
    const offset = targetOffset(gaze, o.geometry, target);
    return offset ? [{ index, ...offset }] : [];
  });
  return {
    samples: n,
    validSamples: valid,
    trackingRatio: n > 0 ? valid / n : Number.NaN,
    precisionRmsS2SDeg: median(rms),
    precisionSdDeg: median(sd),
    accuracyDeg: targets.length > 0 ? targets.reduce((a, b) => a + b.offsetDeg, 0) / targets.length : null,
    targets,
  };
}

/** RMS-S2S and SD (degrees) of each window of `windowMs` with at least 3 valid samples. */
function windowPrecision(
  gaze: GazeSamples,
  geometry: ScreenGeometry,
  windowMs: number,
): { rms: number[]; sd: number[] } {
  const { timestamp: t, x, y } = gaze;
  const rms: number[] = [];
  const sd: number[] = [];
  const n = t.length;
  let i = 0;
  while (i < n) {
    const until = (t[i] as number) + windowMs;
    let count = 0;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let syy = 0;
    let pairs = 0;
    let s2s = 0;
    let previous: { xDeg: number; yDeg: number } | null = null;
    for (; i < n && (t[i] as number) < until; i++) {
      const xi = x[i] as number;
      const yi = y[i] as number;
      if (Number.isNaN(xi + yi)) {
        previous = null;
        continue;
      }
      const d = pixelsToDegrees(geometry, xi, yi);
      count++;
      sx += d.xDeg;
      sy += d.yDeg;
      sxx += d.xDeg * d.xDeg;
      syy += d.yDeg * d.yDeg;
      if (previous) {
        pairs++;
        s2s += (d.xDeg - previous.xDeg) ** 2 + (d.yDeg - previous.yDeg) ** 2;
      }
      previous = d;
    }
    if (count < 3 || pairs === 0) continue;
    rms.push(Math.sqrt(s2s / pairs));
    const varX = Math.max(0, sxx / count - (sx / count) ** 2);
    const varY = Math.max(0, syy / count - (sy / count) ** 2);
    sd.push(Math.sqrt(varX + varY));
  }
  return { rms, sd };
}

/** Distance (degrees) of the mean valid gaze in the target's time span from the target, or null. */
function targetOffset(
  gaze: GazeSamples,
  geometry: ScreenGeometry,
  target: ValidationTarget,
): { offsetDeg: number; samples: number } | null {
  const { timestamp: t, x, y } = gaze;
  let count = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < t.length; i++) {
    const ti = t[i] as number;
    if (ti < target.start || ti > target.end) continue;
    const xi = x[i] as number;
    const yi = y[i] as number;
    if (Number.isNaN(xi + yi)) continue;
    count++;
    sx += xi;
    sy += yi;
  }
  if (count === 0) return null;
  return { offsetDeg: degreesBetween(geometry, sx / count, sy / count, target.x, target.y), samples: count };
}

/** When a participant's gaze counts as low quality (see {@link isLowQuality}). */
export type QualityThresholds = {
  minTrackingRatio: number;
  maxPrecisionRmsS2SDeg: number;
  maxAccuracyDeg: number;
};

/**
 * Defaults (docs/gaze-analytics.md has the reasons):
 * - tracking ratio under 0.7: labs commonly drop recordings that lose 20–30 % of their samples;
 *   70 % keeps participants who glance at the keyboard now and then;
 * - precision (RMS-S2S) over 0.5°: remote trackers reach 0.1–0.3°; at 0.5° of noise fixation
 *   agreement with human coders falls by a tenth (bench/fixation-agreement.ts);
 * - accuracy over 1.5°: 57 px at the default geometry, the size of a button or a menu entry, so
 *   gaze can no longer be placed on the element looked at.
 */
export const DEFAULT_QUALITY_THRESHOLDS: QualityThresholds = {
  minTrackingRatio: 0.7,
  maxPrecisionRmsS2SDeg: 0.5,
  maxAccuracyDeg: 1.5,
};

export type QualityProblem = 'tracking' | 'precision' | 'accuracy';

/**
 * The thresholds a participant's quality misses: tracking ratio below the minimum, precision or
 * accuracy above the maximum (a measure that is NaN or null, not measured, misses nothing). Empty
 * when the gaze is good enough; a researcher may leave the others out of the metrics.
 */
export function isLowQuality(
  quality: GazeQuality,
  thresholds: QualityThresholds = DEFAULT_QUALITY_THRESHOLDS,
): QualityProblem[] {
  const problems: QualityProblem[] = [];
  if (quality.trackingRatio < thresholds.minTrackingRatio) problems.push('tracking');
  if (quality.precisionRmsS2SDeg > thresholds.maxPrecisionRmsS2SDeg) problems.push('precision');
  if (quality.accuracyDeg !== null && quality.accuracyDeg > thresholds.maxAccuracyDeg)
    problems.push('accuracy');
  return problems;
}

/** Mean, median and range of one measure over participants (finite values only; NaN when none). */
export type MeasureSummary = { n: number; mean: number; median: number; min: number; max: number };

/** A test's data quality: its participants' measures summarised, and how many are low quality. */
export type TestGazeQuality = {
  participants: number;
  lowQuality: number;
  trackingRatio: MeasureSummary;
  precisionRmsS2SDeg: MeasureSummary;
  precisionSdDeg: MeasureSummary;
  accuracyDeg: MeasureSummary;
};

/** Summarises the participants' quality of a test (see {@link isLowQuality} for the low-quality count). */
export function aggregateGazeQuality(
  participants: readonly GazeQuality[],
  thresholds: QualityThresholds = DEFAULT_QUALITY_THRESHOLDS,
): TestGazeQuality {
  return {
    participants: participants.length,
    lowQuality: participants.filter((q) => isLowQuality(q, thresholds).length > 0).length,
    trackingRatio: summarise(participants.map((q) => q.trackingRatio)),
    precisionRmsS2SDeg: summarise(participants.map((q) => q.precisionRmsS2SDeg)),
    precisionSdDeg: summarise(participants.map((q) => q.precisionSdDeg)),
    accuracyDeg: summarise(participants.map((q) => q.accuracyDeg ?? Number.NaN)),
  };
}

function summarise(values: number[]): MeasureSummary {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0)
    return { n: 0, mean: Number.NaN, median: Number.NaN, min: Number.NaN, max: Number.NaN };
  return {
    n: finite.length,
    mean: finite.reduce((a, b) => a + b, 0) / finite.length,
    median: median(finite),
    min: Math.min(...finite),
    max: Math.max(...finite),
  };
}
