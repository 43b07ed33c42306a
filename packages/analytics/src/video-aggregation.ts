import type { Fixation, GazeSamples } from './fixations.js';
import { EMOTIONS, type Emotion } from './samples.js';

/**
 * Aggregation of a video test over all participants (DESIGN §4 process_video_test). Every
 * series here is on a fixed time grid: value k belongs to time k × stepMs (ms from video start).
 */

/** One participant's emotions aligned to the video timeline (timestamp = ms from video start). */
export type AlignedEmotions = {
  timestamp: ArrayLike<number>;
  joy: ArrayLike<number>;
  attention: ArrayLike<number>;
  frustration: ArrayLike<number>;
};

/** Mean emotion curves: `time[k]` (ms from video start) and each emotion's mean at that time. */
export type EmotionCurves = { time: Float64Array } & Record<Emotion, Float32Array>;

export type CurveOptions = {
  /** Grid step, ms. */
  stepMs: number;
  /** Two samples further apart than this are not interpolated across (ms). */
  maxGapMs: number;
};

/** 100 ms matches the 10 Hz emotion rate; 1 s gaps are bridged (a few lost EEG epochs), longer ones are not. */
export const DEFAULT_CURVE_OPTIONS: CurveOptions = { stepMs: 100, maxGapMs: 1000 };

/**
 * Mean emotion curves on a fixed step: each participant's series is linearly interpolated at
 * t = k × stepMs for k = 0 … floor(durationMs / stepMs) (no extrapolation beyond its first and
 * last sample, no interpolation across gaps over `maxGapMs`, NaN samples skipped), and the curve
 * is the mean over the participants with a value at t (NaN when none).
 * O(participants × (samples + steps)).
 */
export function meanEmotionCurves(
  participants: readonly AlignedEmotions[],
  durationMs: number,
  options: Partial<CurveOptions> = {},
): EmotionCurves {
  const o = { ...DEFAULT_CURVE_OPTIONS, ...options };
  const time = timeGrid(durationMs, o.stepMs);
  const steps = time.length;
  const curves = { time } as EmotionCurves;
  for (const e of EMOTIONS) {
    const sum = new Float64Array(steps);
    const count = new Uint32Array(steps);
    for (const p of participants) {
      const values = interpolateOnGrid(p.timestamp, p[e], time, o.maxGapMs);
      for (let k = 0; k < steps; k++) {
        const value = values[k] as number;
        if (Number.isNaN(value)) continue;
        sum[k] = (sum[k] as number) + value;
        count[k] = (count[k] as number) + 1;
      }
    }
    const mean = new Float32Array(steps);
    for (let k = 0; k < steps; k++)
      mean[k] = (count[k] as number) > 0 ? (sum[k] as number) / (count[k] as number) : Number.NaN;
    curves[e] = mean;
  }
  return curves;
}

/** The times k × stepMs for k = 0 … floor(durationMs / stepMs): a curve's grid on the video. */
export function timeGrid(durationMs: number, stepMs: number): Float64Array {
  const steps = Math.max(0, Math.floor(durationMs / stepMs)) + 1;
  return Float64Array.from({ length: steps }, (_, k) => k * stepMs);
}

/**
 * A series (times `t`, values `v`, NaN for a lost sample) at the times of `grid`: linear between
 * the samples around each grid time, NaN before its first sample, after its last, across a gap
 * over `maxGap` ms and where there is no sample. O(samples + steps).
 */
export function interpolateOnGrid(
  t: ArrayLike<number>,
  v: ArrayLike<number>,
  grid: ArrayLike<number>,
  maxGap: number,
): Float64Array {
  const out = new Float64Array(grid.length).fill(Number.NaN);
  let j = -1; // last valid sample index with t ≤ grid time
  let next = 0; // scan pointer
  for (let k = 0; k < grid.length; k++) {
    const g = grid[k] as number;
    while (next < t.length && (t[next] as number) <= g) {
      if (!Number.isNaN(v[next] as number)) j = next;
      next++;
    }
    if (j < 0) continue;
    let n2 = next;
    while (n2 < t.length && Number.isNaN(v[n2] as number)) n2++;
    const t0 = t[j] as number;
    const v0 = v[j] as number;
    if (t0 === g) out[k] = v0;
    else if (n2 < t.length && (t[n2] as number) - t0 <= maxGap) {
      const t1 = t[n2] as number;
      out[k] = v0 + ((g - t0) / (t1 - t0)) * ((v[n2] as number) - v0);
    }
  }
  return out;
}

/**
 * An interval where a curve of the video stands out (spec 3 §3 Moment), ms from video start:
 * an emotion's mean, or the spread or fluency of everyone's gaze.
 */
export type MomentKind = Emotion | 'spread' | 'fluency';
export type Moment = { emotion: MomentKind; start: number; end: number };

export type MomentOptions = {
  /** A moment is where the curve lies beyond mean ± k × sd of the whole curve. */
  k: number;
  /** Intervals closer than this are merged (ms). */
  mergeGapMs: number;
  /** Merged intervals shorter than this are dropped (ms). */
  minDurationMs: number;
};

/** k = 1 marks roughly the top sixth of a noisy curve; 1 s merge and 1 s minimum keep moments watchable as clips. */
export const DEFAULT_MOMENT_OPTIONS: MomentOptions = { k: 1, mergeGapMs: 1000, minDurationMs: 1000 };

const MOMENT_ORDER: readonly MomentKind[] = [...EMOTIONS, 'spread', 'fluency'];

/**
 * The intervals where `values` (on the grid `time`) lies beyond mean + k·sd (`side` 'above') or
 * below mean − k·sd ('below'), mean and population sd taken over the finite values of the whole
 * video. An interval runs from its first to its last grid time beyond the threshold; intervals
 * less than `mergeGapMs` apart are merged, then those shorter than `minDurationMs` dropped. A
 * constant curve has none. O(steps).
 */
export function outstandingIntervals(
  time: ArrayLike<number>,
  values: ArrayLike<number>,
  side: 'above' | 'below',
  options: Partial<MomentOptions> = {},
): { start: number; end: number }[] {
  const o = { ...DEFAULT_MOMENT_OPTIONS, ...options };
  let n = 0;
  let s = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i] as number;
    if (Number.isFinite(x)) {
      n++;
      s += x;
    }
  }
  if (n === 0) return [];
  const mean = s / n;
  let s2 = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i] as number;
    if (Number.isFinite(x)) s2 += (x - mean) * (x - mean);
  }
  const sd = Math.sqrt(s2 / n);
  if (!(sd > 1e-9)) return [];
  const threshold = side === 'above' ? mean + o.k * sd : mean - o.k * sd;
  const intervals: { start: number; end: number }[] = [];
  for (let i = 0; i < values.length; i++) {
    const x = values[i] as number;
    if (!(side === 'above' ? x > threshold : x < threshold)) continue;
    const t = time[i] as number;
    const last = intervals[intervals.length - 1];
    if (last && t - last.end <= o.mergeGapMs) last.end = t;
    else intervals.push({ start: t, end: t });
  }
  return intervals.filter((r) => r.end - r.start >= o.minDurationMs);
}

/**
 * Moments of the mean emotion curves: per emotion, the intervals where the mean is above
 * mean + k·sd of its own curve (outstandingIntervals). Sorted by start, then emotion.
 */
export function detectMoments(curves: EmotionCurves, options: Partial<MomentOptions> = {}): Moment[] {
  return sortMoments(
    EMOTIONS.flatMap((emotion) =>
      outstandingIntervals(curves.time, curves[emotion], 'above', options).map((r) => ({ emotion, ...r })),
    ),
  );
}

/**
 * Moments of gaze: 'spread' where everyone's gaze converges (spread below mean − k·sd: the video
 * holds all eyes on one thing), 'fluency' where eye movements turn restless (fluency below
 * mean − k·sd: short fixations, searching). Sorted by start, then kind.
 */
export function detectGazeMoments(
  spread: VideoSeries,
  fluency: VideoSeries,
  options: Partial<MomentOptions> = {},
): Moment[] {
  return sortMoments([
    ...outstandingIntervals(spread.time, spread.value, 'below', options).map((r) => ({
      emotion: 'spread' as const,
      ...r,
    })),
    ...outstandingIntervals(fluency.time, fluency.value, 'below', options).map((r) => ({
      emotion: 'fluency' as const,
      ...r,
    })),
  ]);
}

const sortMoments = (moments: Moment[]) =>
  moments.sort(
    (a, b) => a.start - b.start || MOMENT_ORDER.indexOf(a.emotion) - MOMENT_ORDER.indexOf(b.emotion),
  );

/** A metric on the video grid: value k at time k × stepMs (spec 3 §3 fluency and spread: value, timestamp). */
export type VideoSeries = { time: Float64Array; value: Float32Array };

export type WindowOptions = { stepMs: number; windowMs: number };

/** Spread: 100 ms steps, each participant's gaze averaged over 500 ms (about two fixations' worth, removing tracker noise). */
export const DEFAULT_SPREAD_OPTIONS: WindowOptions = { stepMs: 100, windowMs: 500 };

/**
 * Spread (px): how far apart everyone looks at time t. Each participant's valid gaze samples
 * (reference-frame px, timestamps in ms from video start) within [t − windowMs/2, t + windowMs/2)
 * are averaged to one point; spread(t) is the mean Euclidean distance of those points to their
 * centroid. NaN with fewer than two participants in the window. 0 = everyone looks at the same
 * spot. O(participants × (samples + steps)).
 */
export function gazeSpread(
  participants: readonly GazeSamples[],
  durationMs: number,
  options: Partial<WindowOptions> = {},
): VideoSeries {
  const o = { ...DEFAULT_SPREAD_OPTIONS, ...options };
  const steps = Math.max(0, Math.floor(durationMs / o.stepMs)) + 1;
  const time = new Float64Array(steps);
  for (let k = 0; k < steps; k++) time[k] = k * o.stepMs;
  const px = participants.map(() => new Float32Array(steps));
  const py = participants.map(() => new Float32Array(steps));
  const half = o.windowMs / 2;
  participants.forEach((g, p) => {
    const mx = px[p] as Float32Array;
    const my = py[p] as Float32Array;
    // Sliding window sums over the participant's samples.
    let lo = 0;
    let hi = 0;
    let n = 0;
    let sx = 0;
    let sy = 0;
    for (let k = 0; k < steps; k++) {
      const from = (time[k] as number) - half;
      const to = (time[k] as number) + half;
      while (hi < g.timestamp.length && (g.timestamp[hi] as number) < to) {
        const x = g.x[hi] as number;
        const y = g.y[hi] as number;
        if (!Number.isNaN(x + y)) {
          n++;
          sx += x;
          sy += y;
        }
        hi++;
      }
      while (lo < hi && (g.timestamp[lo] as number) < from) {
        const x = g.x[lo] as number;
        const y = g.y[lo] as number;
        if (!Number.isNaN(x + y)) {
          n--;
          sx -= x;
          sy -= y;
        }
        lo++;
      }
      mx[k] = n > 0 ? sx / n : Number.NaN;
      my[k] = n > 0 ? sy / n : Number.NaN;
    }
  });
  const value = new Float32Array(steps);
  for (let k = 0; k < steps; k++) {
    let n = 0;
    let cx = 0;
    let cy = 0;
    for (let p = 0; p < participants.length; p++) {
      const x = (px[p] as Float32Array)[k] as number;
      if (Number.isNaN(x)) continue;
      n++;
      cx += x;
      cy += (py[p] as Float32Array)[k] as number;
    }
    if (n < 2) {
      value[k] = Number.NaN;
      continue;
    }
    cx /= n;
    cy /= n;
    let d = 0;
    for (let p = 0; p < participants.length; p++) {
      const x = (px[p] as Float32Array)[k] as number;
      if (Number.isNaN(x)) continue;
      d += Math.hypot(x - cx, ((py[p] as Float32Array)[k] as number) - cy);
    }
    value[k] = d / n;
  }
  return { time, value };
}

/** Fluency: 100 ms steps over 2 s windows (several fixations each, so the mean duration is stable). */
export const DEFAULT_FLUENCY_OPTIONS: WindowOptions = { stepMs: 100, windowMs: 2000 };

/**
 * Fluency (dimensionless, 1 = typical for this video): how calmly people watch at time t. For
 * every participant, the fixations (from any detector; the server uses detectGazeEvents with pursuit
 * counted as fixation; times in ms from video start)
 * overlapping [t − windowMs/2, t + windowMs/2) are pooled across participants; fluency(t) is
 * their mean duration divided by the mean duration of all fixations of all participants over
 * the whole video. Long fixations (steady viewing) raise it, many short fixations between
 * saccades (searching, confusion) lower it. NaN where no fixation overlaps the window.
 * O(participants × (fixations + steps)).
 */
export function gazeFluency(
  fixationsPerParticipant: readonly (readonly Fixation[])[],
  durationMs: number,
  options: Partial<WindowOptions> = {},
): VideoSeries {
  const o = { ...DEFAULT_FLUENCY_OPTIONS, ...options };
  const steps = Math.max(0, Math.floor(durationMs / o.stepMs)) + 1;
  const time = new Float64Array(steps);
  for (let k = 0; k < steps; k++) time[k] = k * o.stepMs;
  const sum = new Float64Array(steps);
  const count = new Uint32Array(steps);
  let allSum = 0;
  let allCount = 0;
  const half = o.windowMs / 2;
  for (const fixations of fixationsPerParticipant) {
    for (const f of fixations) {
      allSum += f.duration;
      allCount++;
      // Steps whose window [t − half, t + half) overlaps [f.start, f.end].
      const kFrom = Math.max(0, Math.floor((f.start - half) / o.stepMs) + 1);
      const kTo = Math.min(steps - 1, Math.ceil((f.end + half) / o.stepMs) - 1);
      for (let k = kFrom; k <= kTo; k++) {
        sum[k] = (sum[k] as number) + f.duration;
        count[k] = (count[k] as number) + 1;
      }
    }
  }
  const typical = allCount > 0 ? allSum / allCount : 0;
  const value = new Float32Array(steps);
  for (let k = 0; k < steps; k++) {
    value[k] =
      (count[k] as number) > 0 && typical > 0
        ? (sum[k] as number) / (count[k] as number) / typical
        : Number.NaN;
  }
  return { time, value };
}
