import { median, medianAbsoluteDeviation } from './robust-stats.js';
import { EMOTIONS, type Emotion, type EmotionSamples } from './samples.js';

export type PeakOptions = {
  /** A peak's robust z-score must be at least this. */
  minScore: number;
  /** A peak rises at least this far (emotion units, 0–1) above its surroundings (see detectPeaks). */
  minProminence: number;
  /** Two peaks of one series are at least this far apart, ms. */
  minSeparationMs: number;
};

/**
 * Defaults for 10 Hz emotion scores in [0, 1]: z ≥ 3 is the usual robust outlier bound (about
 * 1 in 700 samples of Gaussian noise); 0.1 prominence (10 % of the scale) ignores wobbles; 3 s
 * separation leaves one point per emotional reaction, matching the ≈ 5–7 s neurofeedback window.
 */
export const DEFAULT_PEAK_OPTIONS: PeakOptions = { minScore: 3, minProminence: 0.1, minSeparationMs: 3000 };

/** One peak of a series: its sample index, time (ms), value and robust z-score. */
export type Peak = { index: number; timestamp: number; value: number; score: number };

/** A significant point as stored (spec 3 §3), without the researcher's annotations. */
export type DetectedPoint = { emotion: Emotion; timestamp_top: number; score: number; ranking: number };

/** Scale factor making the MAD a consistent estimator of the standard deviation (Gaussian). */
const MAD_TO_SD = 1.4826;

/**
 * Peaks of one series by robust z-score over a global baseline:
 * 1. baseline = median of the series, spread = 1.4826 × MAD (falling back to 1.2533 × the mean
 *    absolute deviation when more than half the samples equal the median); a flat series
 *    (spread 0) has no peaks;
 * 2. score(i) = (v(i) − median) / spread; a candidate is a local maximum (strictly above its left
 *    neighbour, at least its right one: plateaus count once, at their first sample) with
 *    score ≥ `minScore`;
 * 3. prominence: the candidate rises at least `minProminence` above the lowest value within
 *    ±`minSeparationMs` on both sides (the higher of the two minima, as in topographic
 *    prominence restricted to that window);
 * 4. separation: a candidate is kept only if it is the strongest candidate within
 *    ±`minSeparationMs` (ties go to the earlier one), so no two peaks lie closer than that.
 * NaN samples are ignored. Timestamps ascend (ms). Linear time (quickselect medians, monotone
 * deques for the window minima and the window maximum of candidate scores).
 */
export function detectPeaks(
  timestamp: ArrayLike<number>,
  values: ArrayLike<number>,
  options: Partial<PeakOptions> = {},
): Peak[] {
  const o = { ...DEFAULT_PEAK_OPTIONS, ...options };
  const n = values.length;
  const center = median(values);
  if (Number.isNaN(center)) return [];
  let spread = MAD_TO_SD * medianAbsoluteDeviation(values, center);
  if (!(spread > 0)) {
    let sum = 0;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const v = values[i] as number;
      if (Number.isFinite(v)) {
        sum += Math.abs(v - center);
        count++;
      }
    }
    spread = count > 0 ? (1.2533 * sum) / count : 0;
  }
  if (!(spread > 0)) return [];
  const sep = o.minSeparationMs;
  const leftMin = windowMinima(timestamp, values, sep, true);
  const rightMin = windowMinima(timestamp, values, sep, false);
  // Candidates: local maxima passing score and prominence.
  const candidates: number[] = [];
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    if (!Number.isFinite(v)) continue;
    const prev = i > 0 ? (values[i - 1] as number) : Number.NEGATIVE_INFINITY;
    const next = i + 1 < n ? (values[i + 1] as number) : Number.NEGATIVE_INFINITY;
    if (!(v > prev || Number.isNaN(prev)) || v < next) continue;
    if ((v - center) / spread < o.minScore) continue;
    const base = Math.max(leftMin[i] as number, rightMin[i] as number);
    if (v - base < o.minProminence) continue;
    candidates.push(i);
  }
  return strongestWithin(candidates, timestamp, values, sep).map((i) => ({
    index: i,
    timestamp: timestamp[i] as number,
    value: values[i] as number,
    score: ((values[i] as number) - center) / spread,
  }));
}

/**
 * Significant points of a participant: `detectPeaks` on each emotion series, then ranked by
 * score across all emotions (ranking 1 = strongest; ties keep time order). Score is the robust
 * z-score of the peak, timestamp_top its time (ms).
 */
export function detectSignificantPoints(
  emotions: EmotionSamples,
  options: Partial<PeakOptions> = {},
): DetectedPoint[] {
  const points: DetectedPoint[] = [];
  for (const emotion of EMOTIONS) {
    for (const p of detectPeaks(emotions.timestamp, emotions[emotion], options)) {
      points.push({ emotion, timestamp_top: p.timestamp, score: p.score, ranking: 0 });
    }
  }
  points.sort((a, b) => a.timestamp_top - b.timestamp_top);
  const order = points
    .map((_, i) => i)
    .sort((a, b) => (points[b]?.score ?? 0) - (points[a]?.score ?? 0) || a - b);
  order.forEach((idx, rank) => {
    const p = points[idx];
    if (p) p.ranking = rank + 1;
  });
  return points;
}

/**
 * For each i, the minimum finite value within `sep` ms before i (`isLeft`) or after i, i
 * excluded; +∞ when there is none. Monotone deque, O(n).
 */
function windowMinima(
  t: ArrayLike<number>,
  v: ArrayLike<number>,
  sep: number,
  isLeft: boolean,
): Float64Array {
  const n = v.length;
  const out = new Float64Array(n);
  const dq = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let s = 0; s < n; s++) {
    const i = isLeft ? s : n - 1 - s;
    const ti = t[i] as number;
    while (head < tail && Math.abs(ti - (t[dq[head] as number] as number)) > sep) head++;
    out[i] = head < tail ? (v[dq[head] as number] as number) : Number.POSITIVE_INFINITY;
    const vi = v[i] as number;
    if (!Number.isFinite(vi)) continue;
    while (head < tail && (v[dq[tail - 1] as number] as number) >= vi) tail--;
    dq[tail++] = i;
  }
  return out;
}

/**
 * The candidates (ascending indices) that are the strongest candidate within ±sep ms, ties to
 * the earlier one. Sliding-window maximum of candidate values with a monotone deque in each
 * direction, O(k).
 */
function strongestWithin(c: number[], t: ArrayLike<number>, v: ArrayLike<number>, sep: number): number[] {
  const k = c.length;
  // isBeaten[j]: some candidate within sep before j is ≥ it, or within sep after j is > it.
  const isBeaten = new Uint8Array(k);
  const dq = new Int32Array(k);
  for (const isForward of [true, false]) {
    let head = 0;
    let tail = 0;
    for (let s = 0; s < k; s++) {
      const j = isForward ? s : k - 1 - s;
      const idx = c[j] as number;
      const tj = t[idx] as number;
      const vj = v[idx] as number;
      while (head < tail && Math.abs(tj - (t[c[dq[head] as number] as number] as number)) >= sep) head++;
      if (head < tail) {
        const best = v[c[dq[head] as number] as number] as number;
        if (isForward ? best >= vj : best > vj) isBeaten[j] = 1;
      }
      while (head < tail && (v[c[dq[tail - 1] as number] as number] as number) <= vj) tail--;
      dq[tail++] = j;
    }
  }
  const kept: number[] = [];
  for (let j = 0; j < k; j++) if (isBeaten[j] === 0) kept.push(c[j] as number);
  return kept;
}
