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
 * no allocation per sample: O(n). The pass alternates between two loops over one shared state
 * ({@link PassState}): {@link labelRegularSteps} for stretches where sampling is regular and
 * nothing is lost, so that each sample's windows are the previous sample's shifted by one index
 * (about 1.9× the throughput at 1000 Hz), and {@link labelGeneralSteps} for everything else
 * (loss, jitter, gaps, low rates, the ends of the recording). The fast loop checks every sample
 * with the general loop's own comparisons and adds and removes the same samples in the same
 * order, so the result is the same, bit for bit, as the general loop's alone.
 */
export function detectFixationsIvt(gaze: GazeSamples, options: Partial<IvtOptions> = {}): FixationResult {
  const o = { ...DEFAULT_IVT_OPTIONS, ...options };
  const { timestamp: t, x, y } = gaze;
  const n = t.length;
  const isFixation = new Uint8Array(n);
  const fixations: Fixation[] = [];
  const v = o.velocityThresholdPxPerS / 1000;
  const s = newPassState(o.halfWindowMs, v * v, o.maxGapMs, o.minFixationMs);
  let i = 0;
  let generalSteps = GENERAL_STEPS;
  while (i < n) {
    const blockEnd = Math.min(n, i + BLOCK);
    const next = labelRegularSteps(t, x, y, s, i, blockEnd);
    if (next > i) {
      closeStoredRun(t, isFixation, fixations, s, DONE_FIRST);
      generalSteps = GENERAL_STEPS;
      i = next;
    } else {
      // Not regular here: the general loop for a while, twice as long each time in a row, so that
      // irregular recordings (jitter, low rates) rarely stop to try the fast loop.
      i = labelGeneralSteps(t, x, y, isFixation, fixations, s, i, Math.min(blockEnd, i + generalSteps));
      generalSteps = Math.min(BLOCK, 2 * generalSteps);
    }
  }
  closeStoredRun(t, isFixation, fixations, s, RUN_FIRST);
  return { isFixation, fixations };
}

/**
 * At most this many samples per call of a step loop. A single call over millions of samples
 * leaves V8 to optimise the loop by on-stack replacement, and that code measured up to 4× slower
 * here (window sums kept as boxed numbers); calls of a few thousand samples get the loops
 * optimised as whole functions, and a deoptimisation costs one block, not the rest of the pass.
 */
const BLOCK = 4096;

/**
 * When the fast loop cannot go on (loss, jitter, a gap), the general loop takes at least this
 * many samples before the fast one is tried again: enough for a short loss at 1000 Hz to pass
 * through both half windows.
 */
const GENERAL_STEPS = 64;

/*
 * Slots of the pass state, a Float64Array so that the step loops take typed arrays and numbers
 * only (options objects of varying shapes made an earlier loop deoptimise) and read plain doubles
 * into locals (no boxed numbers), and so that they can hand the pass on to each other. All
 * describe the pass after its last processed sample:
 * - LO, HI: first index of the before window, one past the last index of the after window;
 * - B_*, A_*: count and sums of time (relative to the first sample, which keeps the sums exact for
 *   millisecond timestamps), x and y of the valid samples in the before window [t − w, t] (with
 *   the last sample) and the after window [t, t + w] (without it);
 * - RUN_*: the open run of fixation samples: first and last index (−1, −2 when none), sums of x
 *   and y (for its centroid);
 * - DONE_*: the same for a run that the fast loop ended, for its caller to close (first −1 when
 *   none), which keeps calls (and the register spills around them) out of the fast loop;
 * - PREV_VALID: the last valid sample (−1 when none), for the nearest-neighbour fallback;
 * - HALF_WINDOW, THRESHOLD2, MAX_GAP, MIN_DURATION: w (ms), the squared speed threshold
 *   (px²/ms²), maxGapMs, minFixationMs.
 */
const LO = 0;
const HI = 1;
const B_N = 2;
const B_T = 3;
const B_X = 4;
const B_Y = 5;
const A_N = 6;
const A_T = 7;
const A_X = 8;
const A_Y = 9;
const RUN_FIRST = 10;
const RUN_LAST = 11;
const RUN_X = 12;
const RUN_Y = 13;
const DONE_FIRST = 14;
const DONE_LAST = 15;
const DONE_X = 16;
const DONE_Y = 17;
const PREV_VALID = 18;
const HALF_WINDOW = 19;
const THRESHOLD2 = 20;
const MAX_GAP = 21;
const MIN_DURATION = 22;

/** The state of one I-VT pass between calls of its step loops; slots above. */
type PassState = Float64Array;

function newPassState(
  halfWindowMs: number,
  threshold2: number,
  maxGapMs: number,
  minFixationMs: number,
): PassState {
  const s = new Float64Array(MIN_DURATION + 1);
  s[RUN_FIRST] = -1;
  s[RUN_LAST] = -2;
  s[DONE_FIRST] = -1;
  s[PREV_VALID] = -1;
  s[HALF_WINDOW] = halfWindowMs;
  s[THRESHOLD2] = threshold2;
  s[MAX_GAP] = maxGapMs;
  s[MIN_DURATION] = minFixationMs;
  return s;
}

/**
 * Closes the run stored from slot `first` on (RUN_FIRST or DONE_FIRST: first and last index, x
 * and y sums in consecutive slots), if there is one, and clears it.
 */
function closeStoredRun(
  t: Float64Array,
  isFixation: Uint8Array,
  fixations: Fixation[],
  s: PassState,
  first: typeof RUN_FIRST | typeof DONE_FIRST,
): void {
  const runFirst = s[first] as number;
  if (runFirst < 0) return;
  const [last, sx, sy] = [s[first + 1], s[first + 2], s[first + 3]] as [number, number, number];
  closeRun(t, isFixation, fixations, runFirst, last, sx, sy, s[MIN_DURATION] as number);
  s[first] = -1;
}

/**
 * The fast loop: samples start, start + 1, … while sample i's windows are exactly the previous
 * sample's shifted by one index (one sample enters the after window, one leaves the before
 * window) and the entering, leaving and current samples are all valid. Then the counts stay
 * constant, and the test below is the general loop's `while` conditions taken once each: the
 * entering sample is within t + w and the one after it beyond, the leaving sample is before
 * t − w and the one after it not. Returns the first sample it did not process, earlier than
 * `end` also after a sample that ended a run (the caller closes it).
 */
function labelRegularSteps(
  t: Float64Array,
  x: Float32Array,
  y: Float32Array,
  s: PassState,
  start: number,
  end: number,
): number {
  // The window sizes come from the previous sample's windows: none before the first sample.
  if (start === 0) return start;
  const lo = (s[LO] as number) | 0;
  const hi = (s[HI] as number) | 0;
  const kA = hi - start; // samples after i in the after window
  const kB = start - 1 - lo; // samples before i in the before window
  // Both windows gain one valid sample and lose one per step, so the counts at the test are fixed.
  const nB = s[B_N] as number; // − the leaving sample + sample i
  const nA = (s[A_N] as number) + 1; // + the entering sample (sample i leaves only after the test)
  // A half window holding only sample i needs its nearest valid neighbour: general loop.
  if (nB < 2 || nA < 2) return start;
  const stop = Math.min(end, t.length - kA - 1);
  const t0 = t[0] as number;
  const w = s[HALF_WINDOW] as number;
  const thr2 = s[THRESHOLD2] as number;
  const maxGap = s[MAX_GAP] as number;
  let bT = s[B_T] as number;
  let bX = s[B_X] as number;
  let bY = s[B_Y] as number;
  let aT = s[A_T] as number;
  let aX = s[A_X] as number;
  let aY = s[A_Y] as number;
  let runFirst = (s[RUN_FIRST] as number) | 0;
  let runLast = (s[RUN_LAST] as number) | 0;
  let runX = s[RUN_X] as number;
  let runY = s[RUN_Y] as number;
  let tIn = t[hi] as number; // time of the sample entering the after window
  let tOut = t[lo] as number; // time of the sample leaving the before window
  let prevTi = (t[start - 1] as number) - t0; // time of sample i − 1, as the general loop computes it
  let i = start;
  let h = hi; // i + kA, entering the after window
  let l = lo; // i − kB − 1, leaving the before window
  for (; i < stop; i++, h++, l++) {
    const tAbs = t[i] as number;
    const to = tAbs + w;
    const from = tAbs - w;
    const tBeyond = t[h + 1] as number;
    const tStays = t[l + 1] as number;
    if (!(tIn <= to && tBeyond > to && tOut < from && tStays >= from)) break;
    const xIn = x[h] as number;
    const yIn = y[h] as number;
    const xOut = x[l] as number;
    const yOut = y[l] as number;
    const xi = x[i] as number;
    const yi = y[i] as number;
    if (Number.isNaN(xIn + yIn + xOut + yOut + xi + yi)) break;
    // The general loop's order: enter, leave, add sample i, test, drop sample i from the after sums.
    const ti = tAbs - t0;
    aT += tIn - t0;
    aX += xIn;
    aY += yIn;
    bT -= tOut - t0;
    bX -= xOut;
    bY -= yOut;
    bT += ti;
    bX += xi;
    bY += yi;
    tIn = tBeyond;
    tOut = tStays;
    // The general loop's speed test, written out rather than called: a call that V8 does not
    // inline would box its double arguments.
    const dt = aT * nB - bT * nA;
    const dx = aX * nB - bX * nA;
    const dy = aY * nB - bY * nA;
    let endsRun = false;
    if (dt > 0 && dx * dx + dy * dy <= thr2 * dt * dt) {
      if (i !== runLast + 1 || ti - prevTi > maxGap) {
        if (runFirst >= 0) {
          s[DONE_FIRST] = runFirst;
          s[DONE_LAST] = runLast;
          s[DONE_X] = runX;
          s[DONE_Y] = runY;
          endsRun = true;
        }
        runFirst = i;
        runX = 0;
        runY = 0;
      }
      runLast = i;
      runX += xi;
      runY += yi;
    }
    aT -= ti;
    aX -= xi;
    aY -= yi;
    prevTi = ti;
    if (endsRun) {
      i++; // sample i is done; the caller closes the run
      break;
    }
  }
  if (i > start) s[PREV_VALID] = i - 1; // every sample processed here was valid
  s[LO] = i - kB - 1;
  s[HI] = i + kA;
  s[B_T] = bT;
  s[B_X] = bX;
  s[B_Y] = bY;
  s[A_T] = aT;
  s[A_X] = aX;
  s[A_Y] = aY;
  s[RUN_FIRST] = runFirst;
  s[RUN_LAST] = runLast;
  s[RUN_X] = runX;
  s[RUN_Y] = runY;
  return i;
}

/**
 * The general loop, for any sampling: time-based windows with monotone pointers, lost samples,
 * and the nearest-neighbour fallback. Samples start … end − 1 (returns end); closes the runs that
 * end on the way.
 */
function labelGeneralSteps(
  t: Float64Array,
  x: Float32Array,
  y: Float32Array,
  isFixation: Uint8Array,
  fixations: Fixation[],
  s: PassState,
  start: number,
  end: number,
): number {
  const n = t.length;
  const t0 = t[0] as number;
  const w = s[HALF_WINDOW] as number;
  const thr2 = s[THRESHOLD2] as number;
  const maxGap = s[MAX_GAP] as number;
  const minDur = s[MIN_DURATION] as number;
  let lo = (s[LO] as number) | 0;
  let hi = (s[HI] as number) | 0;
  let bN = s[B_N] as number;
  let bT = s[B_T] as number;
  let bX = s[B_X] as number;
  let bY = s[B_Y] as number;
  let aN = s[A_N] as number;
  let aT = s[A_T] as number;
  let aX = s[A_X] as number;
  let aY = s[A_Y] as number;
  let runFirst = (s[RUN_FIRST] as number) | 0;
  let runLast = (s[RUN_LAST] as number) | 0;
  let runX = s[RUN_X] as number;
  let runY = s[RUN_Y] as number;
  let prevValid = (s[PREV_VALID] as number) | 0;
  let nextValid = 0; // a valid index > i, or n
  let i = start;
  for (; i < end; i++) {
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
    // A half window holding only sample i takes its nearest valid neighbour within maxGap instead.
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
    // Speed test: |mean(after) − mean(before)| ≤ thr · (meanT(after) − meanT(before)), multiplied
    // through by the counts so that no division is needed.
    const dt = saT * nB - sbT * nA;
    const dx = saX * nB - sbX * nA;
    const dy = saY * nB - sbY * nA;
    if (dt > 0 && dx * dx + dy * dy <= thr2 * dt * dt) {
      // A run continues at the next sample unless more than maxGap ms passed.
      if (i !== runLast + 1 || ti - ((t[runLast] as number) - t0) > maxGap) {
        if (runFirst >= 0) closeRun(t, isFixation, fixations, runFirst, runLast, runX, runY, minDur);
        runFirst = i;
        runX = 0;
        runY = 0;
      }
      runLast = i;
      runX += xi;
      runY += yi;
    }
    prevValid = i;
    // Sample i leaves the after window (it stays in the before window until `lo` passes it).
    aN--;
    aT -= ti;
    aX -= xi;
    aY -= yi;
  }
  s[LO] = lo;
  s[HI] = hi;
  s[B_N] = bN;
  s[B_T] = bT;
  s[B_X] = bX;
  s[B_Y] = bY;
  s[A_N] = aN;
  s[A_T] = aT;
  s[A_X] = aX;
  s[A_Y] = aY;
  s[RUN_FIRST] = runFirst;
  s[RUN_LAST] = runLast;
  s[RUN_X] = runX;
  s[RUN_Y] = runY;
  s[PREV_VALID] = prevValid;
  return i;
}

/** First index ≥ from whose sample is valid (x and y not NaN), or the length. */
function nextValidIndex(x: Float32Array, y: Float32Array, from: number): number {
  const n = x.length;
  let j = from;
  while (j < n && Number.isNaN((x[j] as number) + (y[j] as number))) j++;
  return j;
}

/**
 * Ends a run of fixation samples [first, last] with sums `sx`, `sy` of its positions: a fixation
 * with its samples labelled 1, or nothing when shorter than `minDur`. (The loops label runs, not
 * samples: one fill per run instead of a store per sample.)
 */
function closeRun(
  t: Float64Array,
  isFixation: Uint8Array,
  fixations: Fixation[],
  first: number,
  last: number,
  sx: number,
  sy: number,
  minDur: number,
): void {
  const start = t[first] as number;
  const end = t[last] as number;
  const duration = end - start;
  if (duration < minDur) return;
  isFixation.fill(1, first, last + 1);
  const count = last - first + 1;
  fixations.push({ start, end, x: sx / count, y: sy / count, duration });
}
