import type { GazeSamples } from './fixations.js';
import { angleScale, degreesPerPixelX, degreesPerPixelY, type ScreenGeometry } from './gaze-geometry.js';
import { median } from './robust-stats.js';

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
  const d = new Float64Array(Math.ceil((n - 1) / stride));
  let k = 0;
  for (let i = 1; i < n; i += stride) d[k++] = (timestamp[i] as number) - (timestamp[i - 1] as number);
  return median(d.subarray(0, k));
}

/**
 * Noise of a recording in degrees: the standard deviation of white noise per axis that would
 * explain its sample-to-sample differences, σ = median |Δθ| ÷ (0.6745 · √2) (the median of the
 * absolute value of a normal difference of two samples is 0.6745 · √2 · σ), the root mean square of
 * the two axes. The median ignores saccades and losses, so the whole recording can be used; pairs
 * with a lost sample or more than twice the median interval apart are skipped. From at most 32k
 * evenly spread pairs. Filtered trackers (EyeLink's heuristic filter) report less than their
 * slow noise; at low rates fixational drift adds to it. NaN without two consecutive valid samples.
 */
export function estimateGazeNoiseDeg(gaze: GazeSamples, geometry: ScreenGeometry): number {
  const { timestamp: t, x, y } = gaze;
  const n = t.length;
  const interval = medianSampleIntervalMs(t);
  if (!(interval >= 0)) return Number.NaN;
  const scale = angleScale(geometry);
  const stride = Math.max(1, Math.floor((n - 1) / MAX_SUBSAMPLE));
  const dx = new Float64Array(Math.ceil((n - 1) / stride));
  const dy = new Float64Array(dx.length);
  let k = 0;
  for (let i = 1; i < n; i += stride) {
    const x0 = x[i - 1] as number;
    const y0 = y[i - 1] as number;
    const x1 = x[i] as number;
    const y1 = y[i] as number;
    if (Number.isNaN(x0 + y0 + x1 + y1)) continue;
    if ((t[i] as number) - (t[i - 1] as number) > 2 * interval) continue;
    dx[k] = Math.abs(x1 - x0) * degreesPerPixelX(scale, x1);
    dy[k] = Math.abs(y1 - y0) * degreesPerPixelY(scale, y1);
    k++;
  }
  if (k === 0) return Number.NaN;
  const sx = median(dx.subarray(0, k)) / (0.6745 * Math.SQRT2);
  const sy = median(dy.subarray(0, k)) / (0.6745 * Math.SQRT2);
  return Math.sqrt((sx * sx + sy * sy) / 2);
}

/**
 * The Engbert–Kliegl (2003) median-based standard deviation of a velocity component:
 * √(median(v²) − median(v)²), robust to the saccades that make up a few percent of the samples.
 * Finite values only, from at most 32k evenly spread ones. NaN when there are none.
 */
export function medianBasedSd(values: Float32Array): number {
  const n = values.length;
  const stride = Math.max(1, Math.floor(n / MAX_SUBSAMPLE));
  const v = new Float64Array(Math.ceil(n / stride));
  const v2 = new Float64Array(v.length);
  let k = 0;
  for (let i = 0; i < n; i += stride) {
    const value = values[i] as number;
    if (!Number.isFinite(value)) continue;
    v[k] = value;
    v2[k] = value * value;
    k++;
  }
  if (k === 0) return Number.NaN;
  const m = median(v.subarray(0, k));
  return Math.sqrt(Math.max(0, median(v2.subarray(0, k)) - m * m));
}
