import type { ScreenGeometry } from './gaze-geometry.js';
import { median } from './robust-stats.js';

/**
 * Webcam gaze in the participant's browser (issue 30, docs/remote-studies.md "Calibration and
 * validation"): a ridge regression from the eye features the browser computes to screen pixels,
 * the validation's accuracy and precision, and the rules that follow from them (pass, recalibrate,
 * go on without gaze or stop; mid-session drift checkpoints). Pure: the browser runs them to guide
 * the participant, the server runs them again on what the browser sent.
 */

/** One calibration sample: the browser's eye features while the participant looked at (x, y) px. */
export type CalibrationSample = { features: readonly number[]; x: number; y: number };

/**
 * A fitted gaze model, plain data (JSON round-trips it): features are standardised with `means`
 * and `scales`, then x = interceptX + weightsX · z and y = interceptY + weightsY · z.
 */
export type GazeModel = {
  means: number[];
  scales: number[];
  weightsX: number[];
  weightsY: number[];
  interceptX: number;
  interceptY: number;
  ridge: number;
};

/**
 * The ridge penalty λ on standardised features, whose sums of squares are each n (the samples):
 * 1 shrinks the weights by about 1/n, nothing a calibration of a few dozen samples notices, yet
 * makes collinear features (neighbouring eye landmarks move together) solvable.
 */
export const DEFAULT_GAZE_RIDGE = 1;

/**
 * Fits x and y (px) on the features by ridge regression: features standardised (a constant
 * feature gets scale 1 and weight 0), an unpenalised intercept (the mean of x and of y, since the
 * standardised features have mean 0), and weights w = (ZᵀZ + λI)⁻¹ Zᵀ(t − t̄) per axis.
 * Throws on no samples, feature vectors of unequal or zero length, non-finite values or λ < 0.
 */
export function fitGazeModel(
  samples: readonly CalibrationSample[],
  options: { ridge?: number } = {},
): GazeModel {
  const ridge = options.ridge ?? DEFAULT_GAZE_RIDGE;
  assertFitInput(samples, ridge);
  const n = samples.length;
  const m = (samples[0] as CalibrationSample).features.length;
  const means = Array.from({ length: m }, (_, j) => mean(samples.map((s) => s.features[j] as number)));
  const scales = means.map((mu, j) => {
    const sd = Math.sqrt(mean(samples.map((s) => ((s.features[j] as number) - mu) ** 2)));
    return sd > 0 ? sd : 1;
  });
  const z = samples.map((s) =>
    s.features.map((value, j) => (value - (means[j] as number)) / (scales[j] as number)),
  );
  const interceptX = mean(samples.map((s) => s.x));
  const interceptY = mean(samples.map((s) => s.y));
  const gram = Array.from({ length: m }, (_, a) =>
    Array.from({ length: m }, (_, b) => {
      let sum = a === b ? ridge : 0;
      for (let i = 0; i < n; i++) sum += (z[i]?.[a] as number) * (z[i]?.[b] as number);
      return sum;
    }),
  );
  const projection = (target: (s: CalibrationSample) => number, centre: number) =>
    Array.from({ length: m }, (_, a) => {
      let sum = 0;
      for (let i = 0; i < n; i++)
        sum += (z[i]?.[a] as number) * (target(samples[i] as CalibrationSample) - centre);
      return sum;
    });
  const [weightsX, weightsY] = solveSymmetric(gram, [
    projection((s) => s.x, interceptX),
    projection((s) => s.y, interceptY),
  ]) as [number[], number[]];
  return { means, scales, weightsX, weightsY, interceptX, interceptY, ridge };
}

function assertFitInput(samples: readonly CalibrationSample[], ridge: number): void {
  if (!(ridge >= 0 && Number.isFinite(ridge))) throw new RangeError('The ridge penalty must be 0 or more');
  const first = samples[0];
  if (!first) throw new RangeError('A gaze model needs calibration samples');
  const m = first.features.length;
  if (m === 0) throw new RangeError('A gaze model needs at least one feature');
  for (const sample of samples) {
    if (sample.features.length !== m) throw new RangeError('Every sample needs the same number of features');
    if (![sample.x, sample.y, ...sample.features].every(Number.isFinite))
      throw new RangeError('Calibration samples must be finite numbers');
  }
}

/** The gaze position (px) the model gives for one feature vector; throws on a vector of another length. */
export function predictGaze(model: GazeModel, features: readonly number[]): { x: number; y: number } {
  if (features.length !== model.means.length)
    throw new RangeError(`The model takes ${model.means.length} features, not ${features.length}`);
  let x = model.interceptX;
  let y = model.interceptY;
  for (let j = 0; j < features.length; j++) {
    const z = ((features[j] as number) - (model.means[j] as number)) / (model.scales[j] as number);
    x += (model.weightsX[j] as number) * z;
    y += (model.weightsY[j] as number) * z;
  }
  return { x, y };
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * Solves A w = b for each right-hand side, A symmetric positive definite (ZᵀZ + λI with λ > 0, or
 * full-rank ZᵀZ), by Cholesky decomposition. A singular A (λ = 0 on collinear features) throws.
 */
function solveSymmetric(a: number[][], rightSides: number[][]): number[][] {
  const m = a.length;
  const l = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  for (let i = 0; i < m; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i]?.[j] as number;
      for (let k = 0; k < j; k++) sum -= (l[i]?.[k] as number) * (l[j]?.[k] as number);
      if (i === j) {
        if (!(sum > 1e-12))
          throw new RangeError('The features are collinear: fit with a ridge penalty above 0');
        (l[i] as number[])[i] = Math.sqrt(sum);
      } else (l[i] as number[])[j] = sum / (l[j]?.[j] as number);
    }
  }
  return rightSides.map((b) => {
    const forward = new Array<number>(m).fill(0);
    for (let i = 0; i < m; i++) {
      let sum = b[i] as number;
      for (let k = 0; k < i; k++) sum -= (l[i]?.[k] as number) * (forward[k] as number);
      forward[i] = sum / (l[i]?.[i] as number);
    }
    const w = new Array<number>(m).fill(0);
    for (let i = m - 1; i >= 0; i--) {
      let sum = forward[i] as number;
      for (let k = i + 1; k < m; k++) sum -= (l[k]?.[i] as number) * (w[k] as number);
      w[i] = sum / (l[i]?.[i] as number);
    }
    return w;
  });
}

// ── the screen a browser cannot measure ──

/**
 * A browser knows its screen in CSS pixels, not in millimetres, nor how far away the participant
 * sits. Unless told: 96 CSS px per inch (the CSS reference pixel; a browser's zoom and the
 * device's pixel ratio keep it roughly true) and 600 mm, the middle of the 500–700 mm of remote
 * eye trackers and a typical laptop distance.
 */
export const CSS_PX_PER_MM = 96 / 25.4;
export const DEFAULT_WEBCAM_DISTANCE_MM = 600;

/** The geometry of a participant's screen from its CSS pixels, with the defaults above for what is not known. */
export function webcamScreenGeometry(screen: {
  widthPx: number;
  heightPx: number;
  widthMm?: number | undefined;
  distanceMm?: number | undefined;
}): ScreenGeometry {
  const widthMm = screen.widthMm ?? screen.widthPx / CSS_PX_PER_MM;
  return {
    widthPx: screen.widthPx,
    heightPx: screen.heightPx,
    widthMm,
    heightMm: (screen.heightPx * widthMm) / screen.widthPx,
    distanceMm: screen.distanceMm ?? DEFAULT_WEBCAM_DISTANCE_MM,
  };
}

// ── validation ──

/** A validation point (px) and the model's estimates (px) while the participant looked at it. */
export type ValidationPoint = { x: number; y: number; estimates: readonly { x: number; y: number }[] };

export type ValidationQuality = {
  /** Mean over the targets used of the distance from the target to the mean estimate, px; NaN when none was used. */
  accuracy_px: number;
  /** RMS of sample-to-sample distances per target, the median over targets used, px; NaN when none was used. */
  precision_px: number;
  accuracy_deg: number;
  precision_deg: number;
  targets_used: number;
};

/**
 * A target with fewer finite estimates (the face lost while it was shown) tells too little: with
 * 3, its mean and two sample-to-sample steps exist, as gaze-quality's windows ask for 3 samples.
 */
export const MIN_VALIDATION_ESTIMATES = 3;

/**
 * Accuracy and precision of a validation, in px and in degrees (px ÷ `pxPerDegree`, the screen
 * centre's scale: webcam errors of a few degrees make the difference from the exact angle
 * negligible). Precision is RMS-S2S as in gaze-quality.ts, each target's estimates standing for
 * one of its windows (one fixation), and the median over targets. Estimates that are not finite
 * are dropped; targets left with fewer than MIN_VALIDATION_ESTIMATES are not used.
 */
export function validationQuality(
  targets: readonly ValidationPoint[],
  pxPerDegree: number,
): ValidationQuality {
  const offsets: number[] = [];
  const s2s: number[] = [];
  for (const target of targets) {
    const estimates = target.estimates.filter((e) => Number.isFinite(e.x) && Number.isFinite(e.y));
    if (estimates.length < MIN_VALIDATION_ESTIMATES) continue;
    const meanX = mean(estimates.map((e) => e.x));
    const meanY = mean(estimates.map((e) => e.y));
    offsets.push(Math.hypot(meanX - target.x, meanY - target.y));
    const steps = estimates.slice(1).map((e, i) => {
      const previous = estimates[i] as { x: number; y: number };
      return (e.x - previous.x) ** 2 + (e.y - previous.y) ** 2;
    });
    s2s.push(Math.sqrt(mean(steps)));
  }
  const accuracyPx = offsets.length > 0 ? mean(offsets) : Number.NaN;
  const precisionPx = median(s2s);
  return {
    accuracy_px: accuracyPx,
    precision_px: precisionPx,
    accuracy_deg: accuracyPx / pxPerDegree,
    precision_deg: precisionPx / pxPerDegree,
    targets_used: offsets.length,
  };
}

/** An interval this many times the median one is a gap (a lost face, a hidden tab), not sampling. */
const GAP_FACTOR = 3;

/**
 * The sampling rate (Hz) of a stream's timestamps (ms): 1000 ÷ the mean interval between
 * consecutive samples, leaving out gaps (over GAP_FACTOR times the median interval), which the
 * tracking ratio accounts for. NaN with fewer than two samples or no interval above 0.
 */
export function samplingRateHz(timestamps: ArrayLike<number>): number {
  const intervals: number[] = [];
  for (let i = 1; i < timestamps.length; i++) {
    const interval = (timestamps[i] as number) - (timestamps[i - 1] as number);
    if (interval > 0) intervals.push(interval);
  }
  const gap = GAP_FACTOR * median(intervals);
  const sampling = intervals.filter((interval) => interval <= gap);
  return sampling.length > 0 ? 1000 / mean(sampling) : Number.NaN;
}

// ── the rules ──

export const CALIBRATION_VERDICTS = ['passed', 'recalibrate', 'continue_without_gaze', 'stop'] as const;
export type CalibrationVerdict = (typeof CALIBRATION_VERDICTS)[number];
export type CalibrationFailure = Extract<CalibrationVerdict, 'continue_without_gaze' | 'stop'>;

/** A test's defaults (issue 30): 4°, two recalibrations (three attempts), then on without gaze. */
export const DEFAULT_CALIBRATION_THRESHOLD_DEG = 4;
export const DEFAULT_MAX_RECALIBRATIONS = 2;

/**
 * What follows a validation: `passed` when the accuracy is below the threshold; else
 * `recalibrate` while attempt (1 the first calibration) ≤ max_recalibrations, else the test's
 * `on_failure`. An accuracy that could not be measured (NaN) fails.
 */
export function calibrationVerdict(input: {
  accuracy_deg: number;
  attempt: number;
  threshold_deg?: number;
  max_recalibrations?: number;
  on_failure: CalibrationFailure;
}): CalibrationVerdict {
  const threshold = input.threshold_deg ?? DEFAULT_CALIBRATION_THRESHOLD_DEG;
  if (input.accuracy_deg < threshold) return 'passed';
  return input.attempt <= (input.max_recalibrations ?? DEFAULT_MAX_RECALIBRATIONS)
    ? 'recalibrate'
    : input.on_failure;
}

/** One drift checkpoint per minute of stimulus on video tests (issue 30). */
export const CHECKPOINT_INTERVAL_MS = 60_000;

/** Whether a drift checkpoint is due: `intervalMs` of stimulus (ms) since the last one (0 at the start). */
export const checkpointDue = (
  stimulusMs: number,
  lastCheckpointMs: number,
  intervalMs = CHECKPOINT_INTERVAL_MS,
) => stimulusMs - lastCheckpointMs >= intervalMs;

/** A checkpoint's drift (degrees from its point) beyond the threshold, or not measurable (NaN), recalibrates. */
export const driftVerdict = (driftDeg: number, thresholdDeg: number): 'ok' | 'recalibrate' =>
  driftDeg <= thresholdDeg ? 'ok' : 'recalibrate';
