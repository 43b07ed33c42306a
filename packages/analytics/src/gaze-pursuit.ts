import type { GazeSamples } from './fixations.js';
import { GAZE_CLASS } from './gaze-class.js';
import {
  angleScale,
  degreesBetween,
  degreesPerPixelX,
  degreesPerPixelY,
  type ScreenGeometry,
} from './gaze-geometry.js';
import type { GazeRuns } from './gaze-runs.js';

/** Smooth pursuit: first and last sample time (ms), where it started and ended (px), mean speed (degrees/s). */
export type Pursuit = {
  start: number;
  end: number;
  duration: number;
  fromX: number;
  fromY: number;
  toX: number;
  toY: number;
  speedDegPerS: number;
};

/** How slow stretches are split into fixation and pursuit (see {@link labelPursuit}). */
export type PursuitRule = {
  /** Chunk length, ms. */
  chunkMs: number;
  /** A chunk faster than this (degrees/s) may be pursuit. */
  thresholdDegPerS: number;
};

/**
 * The chunk length and speed threshold for a recording: the threshold is the larger of
 * `minSpeedDegPerS` and `noiseMultiplier` standard errors of a chunk's least-squares velocity
 * under white noise of `noiseDeg` per axis, σ · √(12 / (m · C²)) for m samples over C seconds;
 * the chunk is the shortest within [minChunkMs, maxChunkMs] for which that error allows the
 * minimum speed.
 */
export function pursuitRule(
  noiseDeg: number,
  intervalMs: number,
  minSpeedDegPerS: number,
  noiseMultiplier: number,
  minChunkMs: number,
  maxChunkMs: number,
): PursuitRule {
  if (!(noiseDeg > 0 && intervalMs > 0)) return { chunkMs: minChunkMs, thresholdDegPerS: minSpeedDegPerS };
  // λ · σ · √(12 · interval) · 1000^1.5 / C^1.5 ≤ minimum speed, C in ms.
  const wanted =
    ((noiseMultiplier * noiseDeg * Math.sqrt(12 * intervalMs) * 1000 ** 1.5) / minSpeedDegPerS) ** (2 / 3);
  const chunkMs = Math.min(maxChunkMs, Math.max(minChunkMs, wanted));
  const m = Math.max(2, chunkMs / intervalMs);
  const seconds = chunkMs / 1000;
  const standardError = noiseDeg / Math.sqrt((m * seconds * seconds) / 12);
  return { chunkMs, thresholdDegPerS: Math.max(minSpeedDegPerS, noiseMultiplier * standardError) };
}

/**
 * Marks smooth pursuit inside the slow stretches (fixation runs), answering the new runs: each stretch
 * of at least two chunks is cut into equal chunks of about `rule.chunkMs`; a chunk whose
 * least-squares velocity (degrees/s) exceeds the threshold becomes pursuit when a neighbouring
 * chunk does too in a direction within 60° (cos > 0.5): one fast chunk alone is drift or a
 * post-saccadic wobble, a target moving steadily makes several. Positions px, times ms. Answers
 * `runs` itself when no stretch is long enough, else `into` (emptied first, not `runs` itself)
 * when given, else a new list.
 */
export function labelPursuit(
  gaze: GazeSamples,
  geometry: ScreenGeometry,
  runs: GazeRuns,
  rule: PursuitRule,
  into?: GazeRuns,
): GazeRuns {
  const { timestamp: t } = gaze;
  let firstLong = 0;
  while (firstLong < runs.count && !isLongEnough(runs, t, firstLong, rule)) firstLong++;
  if (firstLong === runs.count) return runs;
  const scale = angleScale(geometry);
  const limit2 = rule.thresholdDegPerS * rule.thresholdDegPerS;
  const out = into?.clear(t, runs.maxGapMs, runs.count + 16) ?? runs.emptyLike();
  let copied = 0; // runs before this one are in `out`
  for (let r = firstLong; r < runs.count; r++) {
    if (!isLongEnough(runs, t, r, rule)) continue;
    out.copyRange(runs, copied, r);
    copied = r + 1;
    const first = runs.first[r] as number;
    const last = runs.last[r] as number;
    const span = (t[last] as number) - (t[first] as number);
    const count = Math.floor(span / rule.chunkMs);
    const fits: VelocityFit[] = [];
    let a = first;
    for (let k = 0; k < count; k++) {
      const until =
        k === count - 1 ? Number.POSITIVE_INFINITY : (t[first] as number) + ((k + 1) * span) / count;
      let b = a;
      while (b + 1 <= last && (t[b + 1] as number) < until) b++;
      const fit = fitVelocity(gaze, a, b);
      fit.vx *= 1000 * degreesPerPixelX(scale, fit.sumX / fit.count);
      fit.vy *= 1000 * degreesPerPixelY(scale, fit.sumY / fit.count);
      fits.push(fit);
      a = b + 1;
    }
    for (let k = 0; k < count; k++) {
      const f = fits[k] as VelocityFit;
      const kind =
        isFast(fits, k, limit2) && (agree(fits, k, k - 1, limit2) || agree(fits, k, k + 1, limit2))
          ? GAZE_CLASS.pursuit
          : GAZE_CLASS.fixation;
      out.appendRun(kind, f.first, f.last, f.sumX, f.sumY, f.count, 0);
    }
  }
  out.copyRange(runs, copied, runs.count);
  return out;
}

/*
 * The helpers below are module functions, not closures made per call: the server runs under tsx,
 * whose output names every closure as it is made (a defineProperty call each time).
 */

/** Whether run r is a slow stretch (fixation) of at least two pursuit chunks. */
function isLongEnough(runs: GazeRuns, t: Float64Array, r: number, rule: PursuitRule): boolean {
  return (
    runs.kind[r] === GAZE_CLASS.fixation &&
    (t[runs.last[r] as number] as number) - (t[runs.first[r] as number] as number) >= 2 * rule.chunkMs
  );
}

/** Whether chunk k exists and is faster than √limit2 (degrees/s). */
function isFast(fits: VelocityFit[], k: number, limit2: number): boolean {
  const f = fits[k];
  return f !== undefined && f.vx * f.vx + f.vy * f.vy > limit2;
}

/** Whether chunk j is fast and moves within 60° of chunk k's direction. */
function agree(fits: VelocityFit[], k: number, j: number, limit2: number): boolean {
  if (!isFast(fits, j, limit2)) return false;
  const f = fits[k] as VelocityFit;
  const g = fits[j] as VelocityFit;
  return f.vx * g.vx + f.vy * g.vy > 0.5 * Math.sqrt((f.vx ** 2 + f.vy ** 2) * (g.vx ** 2 + g.vy ** 2));
}

type VelocityFit = {
  first: number;
  last: number;
  count: number;
  sumX: number;
  sumY: number;
  vx: number;
  vy: number;
};

/** Least-squares velocity (px/ms per axis) of samples first … last, and their sums. */
function fitVelocity(gaze: GazeSamples, first: number, last: number): VelocityFit {
  const { timestamp: t, x, y } = gaze;
  const t0 = t[first] as number;
  let m = 0;
  let st = 0;
  let sx = 0;
  let sy = 0;
  let stt = 0;
  let stx = 0;
  let sty = 0;
  for (let i = first; i <= last; i++) {
    const ti = (t[i] as number) - t0;
    const xi = x[i] as number;
    const yi = y[i] as number;
    m++;
    st += ti;
    sx += xi;
    sy += yi;
    stt += ti * ti;
    stx += ti * xi;
    sty += ti * yi;
  }
  const d = m * stt - st * st;
  return {
    first,
    last,
    count: m,
    sumX: sx,
    sumY: sy,
    vx: d > 0 ? (m * stx - st * sx) / d : 0,
    vy: d > 0 ? (m * sty - st * sy) / d : 0,
  };
}

/** The pursuits of a classification: each pursuit run, with its mean speed (degrees/s). */
export function listPursuits(gaze: GazeSamples, geometry: ScreenGeometry, runs: GazeRuns): Pursuit[] {
  const { timestamp: t, x, y } = gaze;
  const pursuits: Pursuit[] = [];
  for (let k = 0; k < runs.count; k++) {
    if (runs.kind[k] !== GAZE_CLASS.pursuit) continue;
    const first = runs.first[k] as number;
    const last = runs.last[k] as number;
    const start = t[first] as number;
    const end = t[last] as number;
    const [fromX, fromY, toX, toY] = [x[first], y[first], x[last], y[last]] as [
      number,
      number,
      number,
      number,
    ];
    const duration = end - start;
    pursuits.push({
      start,
      end,
      duration,
      fromX,
      fromY,
      toX,
      toY,
      speedDegPerS: duration > 0 ? (degreesBetween(geometry, fromX, fromY, toX, toY) * 1000) / duration : 0,
    });
  }
  return pursuits;
}
