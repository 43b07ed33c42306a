import type { GazeSamples } from './fixations.js';
import { GAZE_CLASS } from './gaze-class.js';
import { degreesBetween, pixelsPerDegree, type ScreenGeometry } from './gaze-geometry.js';
import type { GazeRuns } from './gaze-runs.js';
import { windowedVelocities } from './gaze-velocity.js';

/** A saccade: first and last sample time (ms), amplitude (degrees) and peak velocity (degrees/s). */
export type Saccade = {
  start: number;
  end: number;
  duration: number;
  amplitudeDeg: number;
  peakVelocityDegPerS: number;
};

/**
 * Takes back the blur at the start of saccades found with a wide velocity window (which spreads
 * a saccade by up to a half window on each side): the samples of each saccade are projected on
 * the line from the mean position one half window before it (P) to the mean one half window after
 * it (Q), as the share of the way from P to Q, averaged over enough neighbours for its noise to
 * fall to a tenth of the amplitude; the saccade starts at the first sample past τ, three standard
 * deviations of that share, and the samples before become fixation. The end is kept: the
 * post-saccadic wobble after it, which human coders count with the saccade, cannot be told from
 * noise there. Saccades under 4 noise SDs of amplitude stay as they are. Does nothing when
 * `halfWindowMs` is no wider than `narrowestMs`. Positions px, times ms, noise degrees. The new
 * runs go into `into` (emptied first, not `runs` itself) when given, else into a new list.
 */
export function sharpenSaccadeOnsets(
  gaze: GazeSamples,
  geometry: ScreenGeometry,
  runs: GazeRuns,
  halfWindowMs: number,
  narrowestMs: number,
  noiseDeg: number,
  into?: GazeRuns,
): GazeRuns {
  if (halfWindowMs <= narrowestMs || !(noiseDeg > 0)) return runs;
  const { timestamp: t, x, y } = gaze;
  const n = t.length;
  const ppd = pixelsPerDegree(geometry);
  const out = into?.clear(t, runs.maxGapMs, runs.count + 16) ?? runs.emptyLike();
  for (let k = 0; k < runs.count; k++) {
    const first = runs.first[k] as number;
    const last = runs.last[k] as number;
    if (runs.kind[k] !== GAZE_CLASS.saccade) {
      out.append(runs, k);
      continue;
    }
    let a = first;
    while (a > 0 && (t[a - 1] as number) >= (t[first] as number) - halfWindowMs) a--;
    let b = last;
    while (b + 1 < n && (t[b + 1] as number) <= (t[last] as number) + halfWindowMs) b++;
    const p = meanPosition(gaze, a, first - 1);
    const q = meanPosition(gaze, last + 1, b);
    const amplitude = p && q ? Math.hypot(q.x - p.x, q.y - p.y) / ppd : 0;
    let onset = first;
    if (p && q && amplitude > 4 * noiseDeg) {
      const m = Math.max(1, Math.ceil(((10 * noiseDeg) / amplitude) ** 2));
      const tau = (3 * noiseDeg) / Math.sqrt(m) / amplitude;
      while (onset <= last && !(shareOfWay(gaze, p, q, onset, m, first, last) > tau)) onset++;
      if (onset > last) onset = first;
    }
    // Samples of a saccade run are valid, so the moved ones are summed as they are.
    let sx = 0;
    let sy = 0;
    for (let i = first; i < onset; i++) {
      sx += x[i] as number;
      sy += y[i] as number;
    }
    if (onset > first) out.appendRun(GAZE_CLASS.fixation, first, onset - 1, sx, sy, onset - first, 0);
    out.appendRun(
      GAZE_CLASS.saccade,
      onset,
      last,
      (runs.sumX[k] as number) - sx,
      (runs.sumY[k] as number) - sy,
      (runs.summed[k] as number) - (onset - first),
      runs.peak2[k] as number,
    );
  }
  return out;
}

type Point = { x: number; y: number };

/** Mean of the valid positions of samples from … to (px), null when there are none. */
function meanPosition(gaze: GazeSamples, from: number, to: number): Point | null {
  let c = 0;
  let sx = 0;
  let sy = 0;
  for (let i = from; i <= to; i++) {
    const xi = gaze.x[i] as number;
    const yi = gaze.y[i] as number;
    if (Number.isNaN(xi + yi)) continue;
    c++;
    sx += xi;
    sy += yi;
  }
  return c > 0 ? { x: sx / c, y: sy / c } : null;
}

/** Mean share of the way from p to q of the valid samples within m / 2 of i (inside first … last). */
function shareOfWay(
  gaze: GazeSamples,
  p: Point,
  q: Point,
  i: number,
  m: number,
  first: number,
  last: number,
): number {
  const ux = q.x - p.x;
  const uy = q.y - p.y;
  const len2 = ux * ux + uy * uy;
  let c = 0;
  let sum = 0;
  for (let k = Math.max(first, i - (m >> 1)); k <= Math.min(last, i + (m >> 1)); k++) {
    const xk = gaze.x[k] as number;
    const yk = gaze.y[k] as number;
    if (Number.isNaN(xk + yk)) continue;
    c++;
    sum += ((xk - p.x) * ux + (yk - p.y) * uy) / len2;
  }
  return c > 0 ? sum / c : Number.NaN;
}

/**
 * The saccades of a classification: each saccade run, with its amplitude (degrees from its first
 * to its last sample) and peak windowed speed (degrees/s): from the velocity pass, or computed
 * with the same window (`halfWindowMs`, `maxGapMs`) for a run made only of samples a dropped
 * fixation gave it.
 */
export function listSaccades(
  gaze: GazeSamples,
  geometry: ScreenGeometry,
  runs: GazeRuns,
  halfWindowMs: number,
  maxGapMs: number,
): Saccade[] {
  const { timestamp: t, x, y } = gaze;
  const saccades: Saccade[] = [];
  for (let k = 0; k < runs.count; k++) {
    if (runs.kind[k] !== GAZE_CLASS.saccade) continue;
    const first = runs.first[k] as number;
    const last = runs.last[k] as number;
    const start = t[first] as number;
    const end = t[last] as number;
    saccades.push({
      start,
      end,
      duration: end - start,
      amplitudeDeg: degreesBetween(
        geometry,
        x[first] as number,
        y[first] as number,
        x[last] as number,
        y[last] as number,
      ),
      peakVelocityDegPerS:
        (runs.peak2[k] as number) > 0
          ? Math.sqrt(runs.peak2[k] as number)
          : peakSpeed(gaze, geometry, halfWindowMs, maxGapMs, first, last),
    });
  }
  return saccades;
}

/** Largest windowed speed (degrees/s) of samples first … last; 0 when none has a velocity. */
function peakSpeed(
  gaze: GazeSamples,
  geometry: ScreenGeometry,
  halfWindowMs: number,
  maxGapMs: number,
  first: number,
  last: number,
): number {
  const { vx, vy } = windowedVelocities(gaze, geometry, halfWindowMs, maxGapMs, first, last + 1);
  let peak = 0;
  for (let i = 0; i < vx.length; i++) {
    const speed = Math.hypot(vx[i] as number, vy[i] as number);
    if (speed > peak) peak = speed;
  }
  return peak;
}
