import type { FixationResult, GazeSamples } from './fixations.js';
import { GAZE_CLASS } from './gaze-class.js';
import { DEFAULT_SCREEN_GEOMETRY, type ScreenGeometry } from './gaze-geometry.js';
import { medianBasedSds, sampleIntervalAndNoise } from './gaze-noise.js';
import { labelPursuit, listPursuits, type Pursuit, pursuitRule } from './gaze-pursuit.js';
import { GazeRuns } from './gaze-runs.js';
import { listSaccades, type Saccade, sharpenSaccadeOnsets } from './gaze-saccades.js';
import { classifyVelocities, windowedVelocitiesInto } from './gaze-velocity.js';
import { mergeFixations } from './merge-fixations.js';

export type GazeEventOptions = {
  /** The screen and viewing distance: velocities and distances are in degrees of visual angle. */
  geometry: ScreenGeometry;
  /**
   * Saccade velocity threshold: 'adaptive' (from the recording's own noise, Engbert–Kliegl) or a
   * fixed speed in degrees/s (a classic I-VT in degrees).
   */
  saccadeThreshold: 'adaptive' | number;
  /** λ: the adaptive threshold is λ median-based SDs of each velocity component (an ellipse). */
  noiseMultiplier: number;
  /** The adaptive threshold never goes below this, degrees/s. */
  minSaccadeThresholdDegPerS: number;
  /** Half width of the velocity window (ms), or 'adaptive': from the noise and the sample rate. */
  halfWindowMs: 'adaptive' | number;
  /** The adaptive window is the shortest whose velocity noise stays under this, degrees/s per axis. */
  velocityNoiseDegPerS: number;
  /** Bounds of the adaptive window, ms. */
  minHalfWindowMs: number;
  maxHalfWindowMs: number;
  /** Separate smooth pursuit from fixation (else every slow stretch is a fixation). */
  detectPursuit: boolean;
  /** Slower drift than this is never pursuit, degrees/s. */
  minPursuitDegPerS: number;
  /** The pursuit threshold is at least this many standard errors of a chunk's velocity. */
  pursuitNoiseMultiplier: number;
  /** Shortest pursuit chunk, ms (longer when noise asks for it, up to `maxPursuitChunkMs`). */
  minPursuitChunkMs: number;
  maxPursuitChunkMs: number;
  /**
   * Longest gap bridged: a loss (NaN samples) or a stretch that is no fixation, between two
   * fixations at the same place, of at most this many ms joins them into one.
   */
  maxGapMs: number;
  /** Two fixations closer than this (degrees, centroid to centroid) across a bridged gap are one. */
  mergeMaxDeg: number;
  /** Fixations shorter than this (last − first sample, ms) are not fixations. */
  minFixationMs: number;
};

/**
 * Defaults, chosen on the hand-labelled recordings from the middle of plateaus (docs/gaze-analytics.md
 * has the agreement they reach and the reasons):
 * - Saccade threshold λ = 6 median-based SDs (Engbert & Kliegl use 5–6), never under 17°/s: on clean
 *   1000 Hz data the SD is 1–3°/s and the floor decides, the speed tuned for the fixed I-VT (600 px/s
 *   at ≈ 36 px per degree); windows average more samples as noise grows, so the SD stays near the
 *   noise target and the floor decides there too.
 * - Velocity noise target 4°/s per axis, half windows 8–40 ms: 8 ms on clean data (the fixed I-VT's
 *   tuned window), ≈ 25 ms at 0.5° and 40 ms at 1° of noise at 1000 Hz.
 * - Pursuit: chunks of 80–250 ms whose least-squares speed exceeds max(4°/s, 3 standard errors), two
 *   in a row: fixational drift stays under 1–2°/s, pursuit of a moving target runs at 5–30°/s.
 * - Gaps: 75 ms and 0.5° (the gap fill-in and merge defaults of Tobii's I-VT filter, after
 *   Komogortsev et al. 2010): longer losses are blinks, after which a new fixation begins.
 * - 40 ms minimum fixation: drops noise runs inside saccades and keeps the shortest fixations human
 *   coders mark (≈ 60 ms); 60 ms scored 0.01–0.03 lower on the labelled recordings.
 */
export const DEFAULT_GAZE_EVENT_OPTIONS: GazeEventOptions = {
  geometry: DEFAULT_SCREEN_GEOMETRY,
  saccadeThreshold: 'adaptive',
  noiseMultiplier: 6,
  minSaccadeThresholdDegPerS: 17,
  halfWindowMs: 'adaptive',
  velocityNoiseDegPerS: 4,
  minHalfWindowMs: 8,
  maxHalfWindowMs: 40,
  detectPursuit: true,
  minPursuitDegPerS: 4,
  pursuitNoiseMultiplier: 3,
  minPursuitChunkMs: 80,
  maxPursuitChunkMs: 250,
  maxGapMs: 75,
  mergeMaxDeg: 0.5,
  minFixationMs: 40,
};

/** The settings a detection ended up with (the adaptive ones as estimated from the recording). */
export type GazeEventSettings = {
  sampleIntervalMs: number;
  noiseDeg: number;
  halfWindowMs: number;
  saccadeThresholdXDegPerS: number;
  saccadeThresholdYDegPerS: number;
  pursuitChunkMs: number;
  pursuitThresholdDegPerS: number;
};

export type GazeEventResult = FixationResult & {
  /** Per sample, a {@link GAZE_CLASS} value. */
  classes: Uint8Array;
  saccades: Saccade[];
  pursuits: Pursuit[];
  settings: GazeEventSettings;
};

/**
 * Classifies every gaze sample as fixation, saccade, smooth pursuit or blink-or-loss, and lists
 * the events. Positions in px of `geometry`'s screen, timestamps in ms (ascending, any rate from
 * 30 to 2000 Hz, irregular spacing allowed: only timestamps count), lost samples NaN. Steps:
 * 1. Noise: the white-noise SD per axis that explains the median sample-to-sample difference
 *    ({@link estimateGazeNoiseDeg}), and the median sample interval.
 * 2. Velocity: box-filtered velocity in degrees/s ({@link windowedVelocities}) with a half window w
 *    (ms) chosen so that its noise per axis, σ · √(2 · interval / w) · 1000 / w, stays under
 *    `velocityNoiseDegPerS`, within [minHalfWindowMs, maxHalfWindowMs].
 * 3. Saccades: samples outside the ellipse (vx / rx)² + (vy / ry)² ≤ 1, r = λ · the median-based SD
 *    of each component (Engbert & Kliegl 2003) over a sample of the recording, at least the floor;
 *    or a circle of the fixed threshold. A window wider than the narrowest spreads a saccade's
 *    start: it is moved to where the gaze leaves its previous place ({@link sharpenSaccadeOnsets}).
 * 4. Pursuit: slow stretches of at least two chunks are cut into chunks; fast chunks (least-squares
 *    velocity) with a fast neighbour in a direction within 60° are pursuit ({@link labelPursuit}).
 * 5. Fixations: the remaining slow stretches, merged across gaps of at most `maxGapMs` (bridged
 *    losses, noise spikes) when at the same place, then those shorter than `minFixationMs` dropped
 *    ({@link mergeFixations}). Positions are the mean of their valid samples.
 * Lost samples inside a merged fixation count as fixation (the eye was assumed to stay). O(n): the
 * velocity pass runs at about the fixed I-VT's speed; the other steps work on runs of samples.
 */
export function detectGazeEvents(
  gaze: GazeSamples,
  options: Partial<GazeEventOptions> = {},
): GazeEventResult {
  const o = { ...DEFAULT_GAZE_EVENT_OPTIONS, ...options };
  sampleIntervalAndNoise(gaze, o.geometry, intervalAndNoise);
  const interval = intervalAndNoise[0] as number;
  const noiseDeg = intervalAndNoise[1] as number;
  const halfWindowMs = chooseHalfWindow(o, noiseDeg, interval);
  const [rx, ry] = saccadeThresholds(o, gaze, halfWindowMs);
  const classified = classifyVelocities(gaze, o.geometry, halfWindowMs, o.maxGapMs, rx, ry, stepRuns[0]);
  const sharpened = sharpenSaccadeOnsets(
    gaze,
    o.geometry,
    classified,
    halfWindowMs,
    o.minHalfWindowMs,
    noiseDeg,
    stepRuns[1],
  );
  const pursuit = pursuitRule(
    noiseDeg,
    interval,
    o.minPursuitDegPerS,
    o.pursuitNoiseMultiplier,
    o.minPursuitChunkMs,
    o.maxPursuitChunkMs,
  );
  const withPursuit = o.detectPursuit
    ? labelPursuit(gaze, o.geometry, sharpened, pursuit, stepRuns[2])
    : sharpened;
  const { runs, fixations } = mergeFixations(gaze, o.geometry, withPursuit, noiseDeg, o, stepRuns[3]);
  const classes = new Uint8Array(gaze.timestamp.length);
  runs.writeClasses(classes);
  const isFixation = new Uint8Array(classes.length);
  for (let k = 0; k < runs.count; k++)
    if (runs.kind[k] === GAZE_CLASS.fixation)
      isFixation.fill(1, runs.first[k] as number, (runs.last[k] as number) + 1);
  const saccades = listSaccades(gaze, o.geometry, runs, halfWindowMs, o.maxGapMs);
  const pursuits = listPursuits(gaze, o.geometry, runs);
  releaseStepRuns();
  return {
    isFixation,
    fixations,
    classes,
    saccades,
    pursuits,
    settings: {
      sampleIntervalMs: interval,
      noiseDeg,
      halfWindowMs,
      saccadeThresholdXDegPerS: rx,
      saccadeThresholdYDegPerS: ry,
      pursuitChunkMs: pursuit.chunkMs,
      pursuitThresholdDegPerS: pursuit.thresholdDegPerS,
    },
  };
}

/**
 * The run lists of the steps (classification, sharpened onsets, pursuit, merging), reused from one
 * detection to the next: no list leaves a detection, and allocating their seven typed arrays anew
 * took about 7 µs a list, a tenth of a 1.5k-sample trial's time.
 */
const NO_TIMESTAMPS = new Float64Array(0);
const stepRuns = [0, 1, 2, 3].map(() => new GazeRuns(NO_TIMESTAMPS, 0));
/** Lists grown past this many runs are dropped after the detection, so as not to keep their memory. */
const REUSED_RUNS_MAX = 1 << 14;

/** Lets go of the detection's timestamps, and of lists a long recording grew. */
function releaseStepRuns(): void {
  for (let k = 0; k < stepRuns.length; k++) {
    const runs = stepRuns[k] as GazeRuns;
    stepRuns[k] =
      runs.kind.length > REUSED_RUNS_MAX ? new GazeRuns(NO_TIMESTAMPS, 0) : runs.clear(NO_TIMESTAMPS, 0);
  }
}

const clamp = (value: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, value));

/** Step 2: the shortest half window whose velocity noise stays under the target. */
function chooseHalfWindow(o: GazeEventOptions, noiseDeg: number, interval: number): number {
  if (o.halfWindowMs !== 'adaptive') return o.halfWindowMs;
  if (!(noiseDeg > 0 && interval > 0)) return o.minHalfWindowMs;
  // σ_v = σ · √(2 · interval / w) · 1000 / w  ⇒  w^1.5 = σ · √(2 · interval) · 1000 / target.
  const w = ((noiseDeg * Math.sqrt(2 * interval) * 1000) / o.velocityNoiseDegPerS) ** (2 / 3);
  return clamp(w, o.minHalfWindowMs, o.maxHalfWindowMs);
}

/** Velocities of the stretches {@link saccadeThresholds} samples, reused by every detection. */
const STRETCH = 512;
const STRETCHES = 64;
const stretchVx = new Float32Array(STRETCH * STRETCHES);
const stretchVy = new Float32Array(STRETCH * STRETCHES);
const stretchSds = new Float64Array(2);
/** The sample interval and noise of a detection, reused. */
const intervalAndNoise = new Float64Array(2);

/**
 * Step 3: the ellipse's radii (degrees/s), from the velocities of 64 stretches of 512 samples
 * spread evenly over the recording (all of it when shorter): enough for the medians.
 */
function saccadeThresholds(o: GazeEventOptions, gaze: GazeSamples, halfWindowMs: number): [number, number] {
  if (o.saccadeThreshold !== 'adaptive') return [o.saccadeThreshold, o.saccadeThreshold];
  const n = gaze.timestamp.length;
  const count = Math.min(STRETCHES, Math.ceil(n / STRETCH));
  for (let k = 0; k < count; k++) {
    const from = count === 1 ? 0 : Math.floor((k * (n - STRETCH)) / (count - 1));
    const to = Math.min(n, from + STRETCH);
    windowedVelocitiesInto(
      gaze,
      o.geometry,
      halfWindowMs,
      o.maxGapMs,
      from,
      to,
      stretchVx,
      stretchVy,
      k * STRETCH,
    );
  }
  // A recording shorter than one stretch leaves the rest of it without velocities.
  const used = count * STRETCH;
  if (count === 1 && n < STRETCH) {
    stretchVx.fill(Number.NaN, n, used);
    stretchVy.fill(Number.NaN, n, used);
  }
  const floor = o.minSaccadeThresholdDegPerS;
  medianBasedSds(stretchVx.subarray(0, used), stretchVy.subarray(0, used), stretchSds);
  const sx = stretchSds[0] as number;
  const sy = stretchSds[1] as number;
  return [
    Number.isFinite(sx) ? Math.max(floor, o.noiseMultiplier * sx) : floor,
    Number.isFinite(sy) ? Math.max(floor, o.noiseMultiplier * sy) : floor,
  ];
}
