import type { Fixation, FixationResult, GazeSamples } from './fixations.js';

export type IvtOptions = {
  /** Samples moving slower than this are fixation samples, px/s. */
  velocityThresholdPxPerS: number;
  /** Half width of the velocity window, ms: the before half is [t − w, t], the after half [t, t + w]. */
  halfWindowMs: number;
  /**
   * When a half window holds no valid sample but the current one (low sampling rates, loss), the
   * nearest valid neighbour on that side is used if it lies within this many ms; otherwise the
   * sample is isolated and not a fixation. Also the longest gap a fixation may bridge.
   */
  maxGapMs: number;
  /** Fixations shorter than this (last − first sample, ms) are dropped. */
  minFixationMs: number;
};

/**
 * Defaults, tuned once on all six hand-labelled 1000 Hz recordings of bench/fixation-agreement.ts
 * and chosen from the middle of a broad plateau rather than at its best point: every combination
 * of halfWindowMs 6–10 and velocityThresholdPxPerS 500–800 with minFixationMs 40 scores κ ≥ 0.83
 * on each recording. 8 ms half windows average about 8 samples at 1000 Hz (noise of a mean falls
 * with √n, enough for the noisiest recording) while keeping saccade onsets sharp; at 60–120 Hz a
 * half window holds no other sample and the nearest neighbour within `maxGapMs` is used, i.e. a
 * plain central difference. 600 px/s is ≈ 17°/s at the reference geometry (≈ 36 px per degree):
 * lower than the classic 30°/s because averaging half windows reports lower speeds at saccade
 * edges and in post-saccadic oscillation, which the human coders label non-fixation. 40 ms drops
 * noise runs inside saccades while keeping the shortest real fixations (human minimum ≈ 60 ms).
 * `maxGapMs` 40 bridges two lost samples at 60 Hz but not a blink (≥ 80 ms).
 */
export const DEFAULT_IVT_OPTIONS: IvtOptions = {
  velocityThresholdPxPerS: 600,
  halfWindowMs: 8,
  maxGapMs: 40,
  minFixationMs: 40,
};

/**
 * Velocity-threshold fixation identification (I-VT; Salvucci & Goldberg 2000), with a
 * noise-robust velocity: for each valid sample at time t the speed (px/s) is the distance between
 * the mean position of the valid samples in [t − w, t] and in [t, t + w], divided by the
 * difference of their mean times (w = `halfWindowMs`; a half window with no other valid sample
 * uses the nearest valid neighbour within `maxGapMs`, so one set of millisecond parameters works
 * from 60 Hz to 1000 Hz and across irregular sampling). A valid sample at most
 * `velocityThresholdPxPerS` fast is a fixation sample; lost samples (NaN in x or y) never are.
 * Runs of fixation samples are split at gaps over `maxGapMs`, and runs shorter than
 * `minFixationMs` are relabelled 0. Fixation positions are the mean of their samples.
 * Timestamps in ms, ascending; positions in px.
 *
 * One pass over the typed arrays with running window sums and monotone pointers, no division and
 * no allocation per sample: O(n).
 */
export function detectFixationsIvt(gaze: GazeSamples, options: Partial<IvtOptions> = {}): FixationResult {
  const o = { ...DEFAULT_IVT_OPTIONS, ...options };
  const isFixation = new Uint8Array(gaze.timestamp.length);
  const fixations: Fixation[] = [];
  const v = o.velocityThresholdPxPerS / 1000;
  labelIvt(
    gaze.timestamp,
    gaze.x,
    gaze.y,
    isFixation,
    fixations,
    o.halfWindowMs,
    v * v,
    o.maxGapMs,
    o.minFixationMs,
  );
  return { isFixation, fixations };
}

/**
 * The I-VT pass. A separate function of typed arrays and numbers only, so that V8 sees one
 * shape at every call site and keeps its optimised code (options objects of varying shapes
 * made it deoptimise).
 */
function labelIvt(
  t: Float64Array,
  x: Float32Array,
  y: Float32Array,
  isFixation: Uint8Array,
  fixations: Fixation[],
  w: number,
  thr2: number,
  maxGap: number,
  minDur: number,
): void {
  const n = t.length;
  if (n === 0) return;
  // Running sums (count, time, x, y) over the valid samples of the before window [ti − w, ti] and
  // the after window [ti, ti + w]; times relative to t0 keep the float sums exact.
  const t0 = t[0] as number;
  let bN = 0;
  let bT = 0;
  let bX = 0;
  let bY = 0;
  let aN = 0;
  let aT = 0;
  let aX = 0;
  let aY = 0;
  let lo = 0; // first index of the before window
  let hi = 0; // one past the last index of the after window
  let prevValid = -1;
  let nextValid = 0; // a valid index > i, or n
  // The open run of fixation samples: first and last index (−1, −2 when none). Its centroid is
  // summed when it closes, which keeps the loop's live variables (and register spills) down.
  let runFirst = -1;
  let runLast = -2;
  for (let i = 0; i < n; i++) {
    const tAbs = t[i] as number;
    const ti = tAbs - t0;
    const to = tAbs + w;
    // Timestamps ascend, so this always takes sample i itself into the after window too.
    while (hi < n) {
      const th = t[hi] as number;
      if (th > to) break;
      const xh = x[hi] as number;
      const yh = y[hi] as number;
      if (!Number.isNaN(xh + yh)) {
        aN++;
        aT += th - t0;
        aX += xh;
        aY += yh;
      }
      hi++;
    }
    const from = tAbs - w;
    for (;;) {
      const tl = t[lo] as number;
      if (tl >= from) break;
      const xl = x[lo] as number;
      const yl = y[lo] as number;
      if (!Number.isNaN(xl + yl)) {
        bN--;
        bT -= tl - t0;
        bX -= xl;
        bY -= yl;
      }
      lo++;
    }
    const xi = x[i] as number;
    const yi = y[i] as number;
    if (Number.isNaN(xi + yi)) continue;
    bN++;
    bT += ti;
    bX += xi;
    bY += yi;
    // Speed test: |mean(after) − mean(before)| ≤ thr · (meanT(after) − meanT(before)), multiplied
    // through by the counts so that no division is needed. A half window holding only sample i
    // takes its nearest valid neighbour within maxGap instead.
    const nB = bN;
    let sbT = bT;
    let sbX = bX;
    let sbY = bY;
    if (nB === 1 && prevValid >= 0 && ti - ((t[prevValid] as number) - t0) <= maxGap) {
      sbT = (t[prevValid] as number) - t0;
      sbX = x[prevValid] as number;
      sbY = y[prevValid] as number;
    }
    const nA = aN;
    let saT = aT;
    let saX = aX;
    let saY = aY;
    if (nA === 1) {
      if (nextValid <= i) nextValid = nextValidIndex(x, y, i + 1);
      if (nextValid < n && (t[nextValid] as number) - t0 - ti <= maxGap) {
        saT = (t[nextValid] as number) - t0;
        saX = x[nextValid] as number;
        saY = y[nextValid] as number;
      }
    }
    const dt = saT * nB - sbT * nA;
    const dx = saX * nB - sbX * nA;
    const dy = saY * nB - sbY * nA;
    if (dt > 0 && dx * dx + dy * dy <= thr2 * dt * dt) {
      if (i !== runLast + 1 || ti - ((t[runLast] as number) - t0) > maxGap) {
        if (runFirst >= 0) closeRun(t, x, y, isFixation, fixations, runFirst, runLast, minDur);
        runFirst = i;
      }
      isFixation[i] = 1;
      runLast = i;
    }
    prevValid = i;
    // Sample i leaves the after window (it stays in the before window until `lo` passes it).
    aN--;
    aT -= ti;
    aX -= xi;
    aY -= yi;
  }
  if (runFirst >= 0) closeRun(t, x, y, isFixation, fixations, runFirst, runLast, minDur);
}

/** Ends a run of fixation samples [first, last]: a fixation, or relabelled 0 when shorter than `minDur`. */
function closeRun(
  t: Float64Array,
  x: Float32Array,
  y: Float32Array,
  isFixation: Uint8Array,
  fixations: Fixation[],
  first: number,
  last: number,
  minDur: number,
): void {
  const start = t[first] as number;
  const end = t[last] as number;
  const duration = end - start;
  if (duration < minDur) {
    isFixation.fill(0, first, last + 1);
    return;
  }
  let sx = 0;
  let sy = 0;
  for (let k = first; k <= last; k++) {
    sx += x[k] as number;
    sy += y[k] as number;
  }
  const count = last - first + 1;
  fixations.push({ start, end, x: sx / count, y: sy / count, duration });
}

/** First index ≥ from whose sample is valid (x and y not NaN), or the length. */
function nextValidIndex(x: Float32Array, y: Float32Array, from: number): number {
  let j = from;
  const n = x.length;
  while (j < n) {
    const s = (x[j] as number) + (y[j] as number);
    if (!Number.isNaN(s)) return j;
    j++;
  }
  return n;
}
