import type { GazeSamples } from './fixations.js';
import { angleScale, type ScreenGeometry } from './gaze-geometry.js';
import {
  finiteMedianAndMedianOfSquares,
  finiteMediansAndMediansOfSquaresOfTwo,
  medianInPlace,
  medianOfFewDifferences,
  medianOfFewDistinct,
  medianOfFourCounted,
  medianScratch,
  mediansOfTwoMagnitudes,
} from './robust-stats.js';

/** At most this many values feed a median of a recording: enough for ±1 % on the estimate. */
const MAX_SUBSAMPLE = 1 << 15;

/**
 * Median time between consecutive samples (ms), from at most 32k evenly spread pairs: the
 * sampling period of a tracker whatever its nominal rate, robust to dropped rows. NaN for fewer
 * than two samples.
 */
export function medianSampleIntervalMs(timestamp: Float64Array): number {
  const n = timestamp.length;
  if (n < 2) return Number.NaN;
  const stride = Math.max(1, Math.floor((n - 1) / MAX_SUBSAMPLE));
  // Trackers give one interval throughout, or a few (a period that is no whole number of ms).
  const fewest = medianOfFewDifferences(timestamp, stride);
  if (!Number.isNaN(fewest)) return fewest;
  const d = medianScratch(Math.ceil((n - 1) / stride));
  const k = intervalsInto(timestamp, stride, d);
  const few = medianOfFewDistinct(d, k);
  return Number.isNaN(few) ? medianInPlace(d, k) : few;
}

/**
 * Every `stride`-th finite interval between consecutive timestamps into d[0 …]; answers how many.
 * Its own function for the reason {@link angularDifferencesInto} gives.
 */
function intervalsInto(timestamp: Float64Array, stride: number, d: Float64Array): number {
  let k = 0;
  for (let i = 1; i < timestamp.length; i += stride) {
    const v = (timestamp[i] as number) - (timestamp[i - 1] as number);
    if (Number.isFinite(v)) d[k++] = v;
  }
  return k;
}

/**
 * Noise of a recording in degrees: the standard deviation of white noise per axis that would
 * explain its sample-to-sample differences, σ = median |Δθ| ÷ (0.6745 · √2) (the median of the
 * absolute value of a normal difference of two samples is 0.6745 · √2 · σ), the root mean square of
 * the two axes. The median ignores saccades and losses, so the whole recording can be used; pairs
 * with a lost sample or more than twice the median interval apart are skipped. From at most 32k
 * evenly spread pairs. Filtered trackers (EyeLink's heuristic filter) report less than their
 * slow noise; at low rates fixational drift adds to it. NaN without two consecutive valid samples.
 * `interval` is the recording's {@link medianSampleIntervalMs} when the caller has it already.
 */
export function estimateGazeNoiseDeg(
  gaze: GazeSamples,
  geometry: ScreenGeometry,
  interval = medianSampleIntervalMs(gaze.timestamp),
): number {
  const n = gaze.timestamp.length;
  if (!(interval >= 0)) return Number.NaN;
  const stride = Math.max(1, Math.floor((n - 1) / MAX_SUBSAMPLE));
  const pairs = Math.ceil((n - 1) / stride);
  // |Δx| in degrees in the first half of the scratch, |Δy| in the second.
  const d = medianScratch(2 * pairs);
  return noiseOfDifferences(d, pairs, angularDifferencesInto(gaze, geometry, interval, stride, pairs, d));
}

/** The noise (degrees) from k pairs of |Δx| and |Δy| in d[0 …] and d[pairs …]; NaN for none. */
function noiseOfDifferences(d: Float64Array, pairs: number, k: number): number {
  if (k === 0) return Number.NaN;
  mediansOfTwoMagnitudes(d, pairs, k, noiseMedians);
  const sx = (noiseMedians[0] as number) / (0.6745 * Math.SQRT2);
  const sy = (noiseMedians[1] as number) / (0.6745 * Math.SQRT2);
  return Math.sqrt((sx * sx + sy * sy) / 2);
}

/**
 * {@link medianSampleIntervalMs} and {@link estimateGazeNoiseDeg} of a recording together, into
 * out[0] and out[1]: the same numbers, from one pass over the samples when the intervals take at
 * most four distinct values, none more than twice their median (a tracker's period and its
 * roundings, no dropped rows): the intervals are counted as the differences are made, and no pair
 * is too far apart to count. Otherwise each as on its own.
 */
export function sampleIntervalAndNoise(gaze: GazeSamples, geometry: ScreenGeometry, out: Float64Array): void {
  const n = gaze.timestamp.length;
  if (n >= 2) {
    const stride = Math.max(1, Math.floor((n - 1) / MAX_SUBSAMPLE));
    const pairs = Math.ceil((n - 1) / stride);
    const d = medianScratch(2 * pairs);
    const k = intervalsAndAngularDifferencesInto(gaze, geometry, stride, pairs, d);
    const distinct = countedIntervals[DISTINCT] as number;
    const interval = k >= 0 && distinct > 0 ? medianOfFourCounted(countedIntervals, distinct) : Number.NaN;
    if (interval >= 0 && !(largestCounted(distinct) > 2 * interval)) {
      out[0] = interval;
      out[1] = noiseOfDifferences(d, pairs, k);
      return;
    }
  }
  out[0] = medianSampleIntervalMs(gaze.timestamp);
  out[1] = estimateGazeNoiseDeg(gaze, geometry, out[0]);
}

/** The largest of the first `distinct` counted intervals. */
function largestCounted(distinct: number): number {
  let largest = Number.NEGATIVE_INFINITY;
  for (let j = 0; j < distinct; j++) largest = Math.max(largest, countedIntervals[j] as number);
  return largest;
}

/** The distinct intervals {@link intervalsAndAngularDifferencesInto} counted: values, counts, how many. */
const countedIntervals = new Float64Array(9);
const DISTINCT = 8;

/**
 * {@link angularDifferencesInto} of all pairs (none skipped for its interval but an infinite one)
 * and, in the same loop, the finite intervals counted by their distinct values into
 * countedIntervals (as medianOfFewDifferences counts them); answers how many pairs, or −1 when the
 * intervals take more than four distinct values.
 */
function intervalsAndAngularDifferencesInto(
  gaze: GazeSamples,
  geometry: ScreenGeometry,
  stride: number,
  pairs: number,
  d: Float64Array,
): number {
  const { timestamp: t, x, y } = gaze;
  const n = t.length;
  const { centreX, centreY, mmPerPxX, mmPerPxY, distance2, numeratorX, numeratorY } = angleScale(geometry);
  let v0 = Number.NaN;
  let v1 = Number.NaN;
  let v2 = Number.NaN;
  let v3 = Number.NaN;
  let c0 = 0;
  let c1 = 0;
  let c2 = 0;
  let c3 = 0;
  let distinct = 0;
  let k = 0;
  for (let i = 1; i < n; i += stride) {
    const gap = (t[i] as number) - (t[i - 1] as number);
    if (Number.isFinite(gap)) {
      const e0 = +(gap === v0);
      const e1 = +(gap === v1);
      const e2 = +(gap === v2);
      const e3 = +(gap === v3);
      c0 += e0;
      c1 += e1;
      c2 += e2;
      c3 += e3;
      if ((e0 | e1 | e2 | e3) === 0) {
        if (distinct === 0) {
          v0 = gap;
          c0 = 1;
        } else if (distinct === 1) {
          v1 = gap;
          c1 = 1;
        } else if (distinct === 2) {
          v2 = gap;
          c2 = 1;
        } else if (distinct === 3) {
          v3 = gap;
          c3 = 1;
        } else return -1;
        distinct++;
      }
    } else if (gap === Number.POSITIVE_INFINITY) continue;
    const x0 = x[i - 1] as number;
    const y0 = y[i - 1] as number;
    const x1 = x[i] as number;
    const y1 = y[i] as number;
    if (Number.isNaN(x0 + y0 + x1 + y1)) continue;
    const u = (x1 - centreX) * mmPerPxX;
    const v = (y1 - centreY) * mmPerPxY;
    d[k] = Math.abs(x1 - x0) * (numeratorX / (distance2 + u * u));
    d[pairs + k] = Math.abs(y1 - y0) * (numeratorY / (distance2 + v * v));
    k++;
  }
  countedIntervals[0] = v0;
  countedIntervals[1] = v1;
  countedIntervals[2] = v2;
  countedIntervals[3] = v3;
  countedIntervals[4] = c0;
  countedIntervals[5] = c1;
  countedIntervals[6] = c2;
  countedIntervals[7] = c3;
  countedIntervals[DISTINCT] = distinct;
  return k;
}

/** The two medians of {@link estimateGazeNoiseDeg}, reused. */
const noiseMedians = new Float64Array(2);

/**
 * |Δx| and |Δy| in degrees of every `stride`-th pair of consecutive valid samples at most twice
 * `interval` apart, into d[0 …] and d[pairs …]; answers how many. A function of its own: with the
 * medians after it in one function, V8 compiled the loop on the stack (OSR) without feedback for
 * what follows, and every later call deoptimised there (600 times in 640 calls on the corpus).
 */
function angularDifferencesInto(
  gaze: GazeSamples,
  geometry: ScreenGeometry,
  interval: number,
  stride: number,
  pairs: number,
  d: Float64Array,
): number {
  const { timestamp: t, x, y } = gaze;
  const n = t.length;
  const { centreX, centreY, mmPerPxX, mmPerPxY, distance2, numeratorX, numeratorY } = angleScale(geometry);
  let k = 0;
  for (let i = 1; i < n; i += stride) {
    const x0 = x[i - 1] as number;
    const y0 = y[i - 1] as number;
    const x1 = x[i] as number;
    const y1 = y[i] as number;
    if (Number.isNaN(x0 + y0 + x1 + y1)) continue;
    if ((t[i] as number) - (t[i - 1] as number) > 2 * interval) continue;
    // degreesPerPixelX / Y inlined (the same arithmetic): this loop runs over 32k pairs.
    const u = (x1 - centreX) * mmPerPxX;
    const v = (y1 - centreY) * mmPerPxY;
    d[k] = Math.abs(x1 - x0) * (numeratorX / (distance2 + u * u));
    d[pairs + k] = Math.abs(y1 - y0) * (numeratorY / (distance2 + v * v));
    k++;
  }
  return k;
}

/**
 * The Engbert–Kliegl (2003) median-based standard deviation of a velocity component:
 * √(median(v²) − median(v)²), robust to the saccades that make up a few percent of the samples.
 * Finite values only, from at most 32k evenly spread ones. NaN when there are none. v² grows with
 * |v|, so median(v²) is taken as the square of the middle |v| values (the same numbers).
 */
export function medianBasedSd(values: Float32Array): number {
  const stride = Math.max(1, Math.floor(values.length / MAX_SUBSAMPLE));
  const [m, m2] = finiteMedianAndMedianOfSquares(stride === 1 ? values : everyNth(values, stride));
  return sdOfMedians(m, m2);
}

/** The four medians of {@link medianBasedSds}, reused. */
const sdMedians = new Float64Array(4);

/**
 * {@link medianBasedSd} of a velocity's two components at once (arrays of one length), into out[0]
 * and out[1]: one counting pass and one copy pass for both.
 */
export function medianBasedSds(vx: Float32Array, vy: Float32Array, out: Float64Array): void {
  const stride = Math.max(1, Math.floor(vx.length / MAX_SUBSAMPLE));
  if (stride > 1 || vy.length !== vx.length) {
    out[0] = medianBasedSd(vx);
    out[1] = medianBasedSd(vy);
    return;
  }
  finiteMediansAndMediansOfSquaresOfTwo(vx, vy, sdMedians);
  out[0] = sdOfMedians(sdMedians[0] as number, sdMedians[1] as number);
  out[1] = sdOfMedians(sdMedians[2] as number, sdMedians[3] as number);
}

/** √(median(v²) − median(v)²), NaN without values. */
const sdOfMedians = (m: number, m2: number) =>
  Number.isNaN(m) ? Number.NaN : Math.sqrt(Math.max(0, m2 - m * m));

/** Reused by {@link everyNth}. */
let strided = new Float32Array(0);

/** values[0], values[stride], … in a buffer reused by the next call. */
function everyNth(values: Float32Array, stride: number): Float32Array {
  const count = Math.ceil(values.length / stride);
  if (strided.length < count) strided = new Float32Array(count);
  for (let i = 0, j = 0; i < values.length; i += stride, j++) strided[j] = values[i] as number;
  return strided.subarray(0, count);
}
