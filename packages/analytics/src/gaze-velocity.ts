import type { GazeSamples } from './fixations.js';
import { GAZE_CLASS } from './gaze-class.js';
import { angleScale, type ScreenGeometry } from './gaze-geometry.js';
import { GazeRuns } from './gaze-runs.js';

/** Per-sample gaze velocity, degrees per second per axis (NaN where it cannot be computed). */
export type GazeVelocities = { vx: Float32Array; vy: Float32Array };

/**
 * Windowed gaze velocity in degrees per second, per axis, of samples `from` … `to − 1` (all by
 * default): for each valid sample at time t, the mean position of the valid samples in [t − w, t]
 * and in [t, t + w] (w = `halfWindowMs`), their difference divided by the difference of their
 * mean times: a box-filtered derivative whose noise falls with the number of samples averaged, so
 * one window in milliseconds works at any rate. A half window with no valid sample but the current
 * one takes the nearest valid neighbour on that side within `maxGapMs` (a plain central difference
 * at low rates); a side with neither (the ends of the recording, the edges of a longer loss)
 * leaves the velocity NaN, as it is for lost samples (NaN x or y). Pixels become degrees with the exact derivative of the per-axis
 * visual angle at the sample's position: d/du atan(u ÷ D) = D ÷ (D² + u²), u the offset from the
 * screen centre in mm. Timestamps in ms, ascending, any spacing. Answers arrays of `to − from`.
 * O(to − from + samples in one window): running sums and monotone pointers.
 */
export function windowedVelocities(
  gaze: GazeSamples,
  geometry: ScreenGeometry,
  halfWindowMs: number,
  maxGapMs: number,
  from = 0,
  to = gaze.timestamp.length,
): GazeVelocities {
  const vx = new Float32Array(Math.max(0, to - from));
  const vy = new Float32Array(vx.length);
  windowedVelocitiesInto(gaze, geometry, halfWindowMs, maxGapMs, from, to, vx, vy, 0);
  return { vx, vy };
}

/**
 * {@link windowedVelocities} of samples `from` … `to − 1` written into vx, vy from index `at`
 * (no allocation of the outputs: the detector fills one buffer from many stretches).
 */
export function windowedVelocitiesInto(
  gaze: GazeSamples,
  geometry: ScreenGeometry,
  halfWindowMs: number,
  maxGapMs: number,
  from: number,
  to: number,
  vx: Float32Array,
  vy: Float32Array,
  at: number,
): void {
  const { timestamp: t, x, y } = gaze;
  const s = startPass(gaze, geometry, halfWindowMs, maxGapMs, from);
  const offset = from - at;
  let i = from;
  let general = GENERAL_STEPS;
  while (i < to) {
    const blockEnd = Math.min(to, i + BLOCK);
    const next = regularVelocitySteps(t, x, y, s, i, blockEnd, vx, vy, offset);
    if (next > i) {
      i = next;
      general = GENERAL_STEPS;
    } else {
      i = generalSteps(t, x, y, s, i, Math.min(blockEnd, i + general), vx, vy, offset, null);
      general = Math.min(BLOCK, 2 * general);
    }
  }
}

const SLOW = GAZE_CLASS.fixation;
const FAST = GAZE_CLASS.saccade;
const NO_VELOCITY = GAZE_CLASS.loss;

/**
 * Labels every sample by its windowed velocity (as {@link windowedVelocities}, same window and
 * gap rules) with a {@link GAZE_CLASS}: saccade outside the ellipse (vx / rx)² + (vy / ry)² ≤ 1
 * (degrees/s), fixation inside it, loss for lost samples and samples without a velocity. The test
 * is multiplied through so that no division is needed: with P = D² + u², Q = D² + v² and N the
 * degrees-per-pixel numerators, vx = Δx·Nx·Q / (Δt·P·Q), so the test is
 * (Δx·Nx·Q / rx)² + (Δy·Ny·P / ry)² > (Δt·P·Q)². Answers the classes as {@link GazeRuns}
 * (`writeClasses` puts them per sample), also split where rows are missing for longer than
 * maxGapMs, with their position sums and, for saccade runs, the peak squared speed: in `into`
 * (emptied first) when given, else in a new list.
 *
 * One pass in blocks of {@link BLOCK} samples sharing their state through a Float64Array, so that
 * V8 optimises each loop as a whole function (one loop over millions of samples was optimised on
 * the stack and ran several times slower, as the I-VT found). Two loops share the state: a fast one
 * for stretches where sampling is regular and nothing is lost (each sample's windows are the
 * previous one's shifted by one index: counts stay fixed, one sample enters and one leaves), and the
 * general one for everything else; they add and remove the same samples in the same order.
 */
export function classifyVelocities(
  gaze: GazeSamples,
  geometry: ScreenGeometry,
  halfWindowMs: number,
  maxGapMs: number,
  rx: number,
  ry: number,
  into?: GazeRuns,
): GazeRuns {
  const { timestamp: t, x, y } = gaze;
  const n = t.length;
  // Room for a run per 128 samples (fixations and saccades at 1000 Hz make one per 150), at most
  // one per sample: growing copies every array; closeRun grows it when a recording needs more.
  const capacity = Math.min(n + 1, Math.max(256, Math.ceil(n / 128)));
  const runs = into?.clear(t, maxGapMs, capacity) ?? new GazeRuns(t, maxGapMs, capacity);
  const s = startPass(gaze, geometry, halfWindowMs, maxGapMs, 0);
  s[KX] = 1 / rx;
  s[KY] = 1 / ry;
  let i = 0;
  const firstGeneral = firstGeneralSteps(maxGapMs, halfWindowMs);
  let general = firstGeneral;
  while (i < n) {
    const blockEnd = Math.min(n, i + BLOCK);
    const next = regularSteps(t, x, y, s, i, blockEnd, runs);
    if (next > i) {
      i = next;
      general = firstGeneral;
    } else {
      // Irregular here: the general loop for a while, longer each time in a row.
      i = generalSteps(t, x, y, s, i, Math.min(blockEnd, i + general), null, null, 0, runs);
      general = Math.min(BLOCK, 2 * general);
    }
  }
  if (n > 0) closeRun(s, runs, n - 1);
  return runs;
}

/** Ends the open run at sample `last` (when there is one) and stores it in `runs`. */
function closeRun(s: Float64Array, runs: GazeRuns, last: number): void {
  const kind = s[RUN_KIND] as number;
  if (kind === 0) return;
  runs.reserve(1);
  const k = runs.count++;
  runs.kind[k] = kind;
  runs.first[k] = s[RUN_FIRST] as number;
  runs.last[k] = last;
  runs.sumX[k] = s[RUN_X] as number;
  runs.sumY[k] = s[RUN_Y] as number;
  runs.summed[k] = kind === NO_VELOCITY ? 0 : last - (s[RUN_FIRST] as number) + 1;
  runs.peak2[k] = s[RUN_PEAK2] as number;
  s[RUN_KIND] = 0;
}

/** Opens a run of class `kind` at sample `first`. */
function openRun(s: Float64Array, kind: number, first: number): void {
  s[RUN_KIND] = kind;
  s[RUN_FIRST] = first;
  s[RUN_X] = 0;
  s[RUN_Y] = 0;
  s[RUN_PEAK2] = 0;
}

const BLOCK = 4096;
/**
 * Samples the general loop takes before the fast loop is tried again, doubling while it cannot
 * start: 1, since every pass starts in the general loop (no previous windows) and most can leave
 * it soon (a stretch of the saccade threshold's starts with an empty after window that one sample
 * fills); 64 took 8 % of a short trial's samples into the slower loop.
 */
const GENERAL_STEPS = 1;

/**
 * The general loop's first stretch in a classification. The fast loop never runs across a pause
 * longer than the half window, nor the general loop's run splits at pauses over maxGapMs: the two
 * give the same runs when maxGapMs is at least the half window (the defaults: 75 ms against 8–40).
 * Below it the classes depend on which loop took a sample, and the stretches stay as they were
 * (64). In a velocity pass both loops give the same numbers whatever the gap rule.
 */
const firstGeneralSteps = (maxGapMs: number, halfWindowMs: number) =>
  maxGapMs >= halfWindowMs ? GENERAL_STEPS : 64;

/*
 * Slots of the pass state (a Float64Array: the loops take typed arrays and numbers only and can
 * hand the pass on to each other). After the last processed sample:
 * - LO, HI: first index of the before window, one past the last of the after window;
 * - B_*: count and sums of time (relative to T0, exact for millisecond timestamps), x and y of the
 *   valid samples in [t − w, t] (with the sample); A_*: the same for [t, t + w] (without it);
 * - PREV_VALID: the last valid sample (−1 when none);
 * then constants: T0, w, maxGap, screen centre, mm per px, D², the degrees/s numerators
 * (180/π)·D·mm-per-px·1000 per axis (velocity at the centre is Δpx/Δms times NX ÷ D²), and those
 * over the ellipse's radii for the classifier;
 * - RUN_*: the classifier's open run: its class (0 when none), first sample, sums of x and y, peak
 *   squared speed.
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
const PREV_VALID = 10;
const T0 = 11;
const HALF_WINDOW = 12;
const MAX_GAP = 13;
const CX = 14;
const CY = 15;
const MMX = 16;
const MMY = 17;
const D2 = 18;
const NX = 19;
const NY = 20;
const KX = 21;
const KY = 22;
const RUN_KIND = 23;
const RUN_FIRST = 24;
const RUN_X = 25;
const RUN_Y = 26;
const RUN_PEAK2 = 27;
const SLOTS = 28;

/** The pass state: one for every pass, since a pass runs to its end before the next starts. */
const passState = new Float64Array(SLOTS);

/** The pass state ready to process sample `from`: its before window filled, its after window empty. */
function startPass(
  gaze: GazeSamples,
  geometry: ScreenGeometry,
  halfWindowMs: number,
  maxGapMs: number,
  from: number,
): Float64Array {
  const t = gaze.timestamp;
  const s = passState.fill(0);
  const scale = angleScale(geometry);
  s[T0] = t.length > 0 ? (t[0] as number) : 0;
  s[HALF_WINDOW] = halfWindowMs;
  s[MAX_GAP] = maxGapMs;
  s[CX] = scale.centreX;
  s[CY] = scale.centreY;
  s[MMX] = scale.mmPerPxX;
  s[MMY] = scale.mmPerPxY;
  s[D2] = scale.distance2;
  s[NX] = scale.numeratorX * 1000;
  s[NY] = scale.numeratorY * 1000;
  movePass(s, t, gaze.x, gaze.y, from);
  return s;
}

/** Sets the window slots of a pass state for processing sample `from` next (constants kept). */
function movePass(s: Float64Array, t: Float64Array, x: Float32Array, y: Float32Array, from: number): void {
  const n = t.length;
  const t0 = s[T0] as number;
  let lo = Math.min(from, n);
  if (from < n) {
    const limit = (t[from] as number) - (s[HALF_WINDOW] as number);
    while (lo > 0 && (t[lo - 1] as number) >= limit) lo--;
  }
  let bN = 0;
  let bT = 0;
  let bX = 0;
  let bY = 0;
  for (let j = lo; j < from; j++) {
    const xj = x[j] as number;
    const yj = y[j] as number;
    if (Number.isNaN(xj + yj)) continue;
    bN++;
    bT += (t[j] as number) - t0;
    bX += xj;
    bY += yj;
  }
  let prev = from - 1;
  while (prev >= 0 && Number.isNaN((x[prev] as number) + (y[prev] as number))) prev--;
  s[LO] = lo;
  s[HI] = from;
  s[B_N] = bN;
  s[B_T] = bT;
  s[B_X] = bX;
  s[B_Y] = bY;
  s[A_N] = 0;
  s[A_T] = 0;
  s[A_X] = 0;
  s[A_Y] = 0;
  s[PREV_VALID] = prev;
}

/**
 * The general loop over samples start … end − 1 (answers end): time-based windows with monotone
 * pointers, lost samples, the nearest-neighbour fallback. Writes velocities (degrees/s) into
 * vx, vy at i − offset when given, and the classes as runs when given (room for a run per sample).
 */
function generalSteps(
  t: Float64Array,
  x: Float32Array,
  y: Float32Array,
  s: Float64Array,
  start: number,
  end: number,
  vx: Float32Array | null,
  vy: Float32Array | null,
  offset: number,
  runs: GazeRuns | null,
): number {
  const n = t.length;
  const t0 = s[T0] as number;
  const w = s[HALF_WINDOW] as number;
  const maxGap = s[MAX_GAP] as number;
  const cx = s[CX] as number;
  const cy = s[CY] as number;
  const mmx = s[MMX] as number;
  const mmy = s[MMY] as number;
  const d2 = s[D2] as number;
  const nx = s[NX] as number;
  const ny = s[NY] as number;
  const kx = s[KX] as number;
  const ky = s[KY] as number;
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
  let prevValid = (s[PREV_VALID] as number) | 0;
  let i = start;
  for (; i < end; i++) {
    const tAbs = t[i] as number;
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
    if (Number.isNaN(xi + yi)) {
      if (vx && vy) {
        vx[i - offset] = Number.NaN;
        vy[i - offset] = Number.NaN;
      }
      if (runs) {
        if (s[RUN_KIND] !== NO_VELOCITY || (i > 0 && tAbs - (t[i - 1] as number) > maxGap)) {
          closeRun(s, runs, i - 1);
          openRun(s, NO_VELOCITY, i);
        }
      }
      continue;
    }
    const ti = tAbs - t0;
    bN++;
    bT += ti;
    bX += xi;
    bY += yi;
    // Differences of the means after − before, each scaled by nA·nB (cross-multiplied sums).
    let dt = aT * bN - bT * aN;
    let dx = aX * bN - bX * aN;
    let dy = aY * bN - bY * aN;
    if (bN === 1 || aN === 1) {
      const nb = bN === 1 ? neighbour(t, x, y, prevValid, ti, t0, maxGap, -1) : -1;
      const na = aN === 1 ? neighbour(t, x, y, nextValidIndex(x, y, i + 1), ti, t0, maxGap, 1) : -1;
      // A side with nothing but the sample itself gives no velocity (dt = 0 below).
      const mbT = nb >= 0 ? (t[nb] as number) - t0 : bT / bN;
      const mbX = nb >= 0 ? (x[nb] as number) : bX / bN;
      const mbY = nb >= 0 ? (y[nb] as number) : bY / bN;
      const maT = na >= 0 ? (t[na] as number) - t0 : aT / aN;
      const maX = na >= 0 ? (x[na] as number) : aX / aN;
      const maY = na >= 0 ? (y[na] as number) : aY / aN;
      const isOneSided = (bN === 1 && nb < 0) || (aN === 1 && na < 0);
      dt = isOneSided ? 0 : maT - mbT;
      dx = maX - mbX;
      dy = maY - mbY;
    }
    // Sample i leaves the after window (it stays in the before window until `lo` passes it).
    aN--;
    aT -= ti;
    aX -= xi;
    aY -= yi;
    prevValid = i;
    const u = (xi - cx) * mmx;
    const v = (yi - cy) * mmy;
    const p = d2 + u * u;
    const q = d2 + v * v;
    if (vx && vy) {
      vx[i - offset] = dt > 0 ? (dx * nx) / (dt * p) : Number.NaN;
      vy[i - offset] = dt > 0 ? (dy * ny) / (dt * q) : Number.NaN;
    }
    if (runs) {
      const a = dx * nx * q;
      const b = dy * ny * p;
      const c = dt * p * q;
      const ka = a * kx;
      const kb = b * ky;
      const kind = !(dt > 0) ? NO_VELOCITY : ka * ka + kb * kb > c * c ? FAST : SLOW;
      if (s[RUN_KIND] !== kind || (i > 0 && tAbs - (t[i - 1] as number) > maxGap)) {
        closeRun(s, runs, i - 1);
        openRun(s, kind, i);
      }
      if (kind !== NO_VELOCITY) {
        s[RUN_X] = (s[RUN_X] as number) + xi;
        s[RUN_Y] = (s[RUN_Y] as number) + yi;
      }
      if (kind === FAST) {
        const speed2 = (a * a + b * b) / (c * c);
        if (speed2 > (s[RUN_PEAK2] as number)) s[RUN_PEAK2] = speed2;
      }
    }
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
  s[PREV_VALID] = prevValid;
  return i;
}

/** `j` when it is a valid sample within maxGap ms of relative time ti, else −1. */
function neighbour(
  t: Float64Array,
  x: Float32Array,
  y: Float32Array,
  j: number,
  ti: number,
  t0: number,
  maxGap: number,
  side: -1 | 1,
): number {
  if (j < 0 || j >= t.length) return -1;
  if (Number.isNaN((x[j] as number) + (y[j] as number))) return -1;
  return side * ((t[j] as number) - t0 - ti) <= maxGap ? j : -1;
}

/** First index ≥ from whose sample is valid (x and y not NaN), or the length. */
function nextValidIndex(x: Float32Array, y: Float32Array, from: number): number {
  const n = x.length;
  let j = from;
  while (j < n && Number.isNaN((x[j] as number) + (y[j] as number))) j++;
  return j;
}

/**
 * The fast loop of the classifier: samples start, start + 1, … while each sample's windows are
 * the previous sample's shifted by one index and the entering, leaving and current samples are
 * valid (then the counts stay fixed and the test below is the general loop's `while` conditions
 * taken once each). Writes the classes as runs, as {@link generalSteps}. Answers the first sample
 * it did not process. {@link regularVelocitySteps} is the same loop writing velocities instead:
 * one loop for both, told which by its arguments, was 4 % slower on short recordings.
 */
function regularSteps(
  t: Float64Array,
  x: Float32Array,
  y: Float32Array,
  s: Float64Array,
  start: number,
  end: number,
  runs: GazeRuns,
): number {
  // The window sizes come from the previous sample's windows: none before the first sample.
  if (start === 0) return start;
  const lo = (s[LO] as number) | 0;
  const hi = (s[HI] as number) | 0;
  const kA = hi - start; // samples after i in the after window
  const kB = start - 1 - lo; // samples before i in the before window
  const nB = s[B_N] as number; // − the leaving sample + sample i
  const nA = (s[A_N] as number) + 1; // + the entering sample
  // A half window holding only sample i needs its nearest valid neighbour: general loop.
  if (nB < 2 || nA < 2) return start;
  const stop = Math.min(end, t.length - kA - 1);
  const t0 = s[T0] as number;
  const w = s[HALF_WINDOW] as number;
  const cx = s[CX] as number;
  const cy = s[CY] as number;
  const mmx = s[MMX] as number;
  const mmy = s[MMY] as number;
  const d2 = s[D2] as number;
  const kx = s[KX] as number;
  const ky = s[KY] as number;
  const nx = s[NX] as number;
  const ny = s[NY] as number;
  // The classes as locals: the loop reads no module constant.
  const noVelocity = NO_VELOCITY;
  const fast = FAST;
  const slow = SLOW;
  let runKind = s[RUN_KIND] as number;
  let runX = s[RUN_X] as number;
  let runY = s[RUN_Y] as number;
  let runPeak2 = s[RUN_PEAK2] as number;
  let bT = s[B_T] as number;
  let bX = s[B_X] as number;
  let bY = s[B_Y] as number;
  let aT = s[A_T] as number;
  let aX = s[A_X] as number;
  let aY = s[A_Y] as number;
  let tIn = t[hi] as number; // time of the sample entering the after window
  let tOut = t[lo] as number; // time of the sample leaving the before window
  let i = start;
  let h = hi;
  let l = lo;
  for (; i < stop; i++, h++, l++) {
    const tAbs = t[i] as number;
    const tBeyond = t[h + 1] as number;
    const tStays = t[l + 1] as number;
    const to = tAbs + w;
    const from = tAbs - w;
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
    const dt = aT * nB - bT * nA;
    const dx = aX * nB - bX * nA;
    const dy = aY * nB - bY * nA;
    const u = (xi - cx) * mmx;
    const v = (yi - cy) * mmy;
    const p = d2 + u * u;
    const q = d2 + v * v;
    aT -= ti;
    aX -= xi;
    aY -= yi;
    const a = dx * nx * q;
    const b = dy * ny * p;
    const c = dt * p * q;
    const ka = a * kx;
    const kb = b * ky;
    const kind = !(dt > 0) ? noVelocity : ka * ka + kb * kb > c * c ? fast : slow;
    if (kind !== runKind) {
      s[RUN_X] = runX;
      s[RUN_Y] = runY;
      s[RUN_PEAK2] = runPeak2;
      closeRun(s, runs, i - 1);
      openRun(s, kind, i);
      runKind = kind;
      runX = 0;
      runY = 0;
      runPeak2 = 0;
    }
    runX += xi;
    runY += yi;
    if (kind === fast) {
      const speed2 = (a * a + b * b) / (c * c);
      if (speed2 > runPeak2) runPeak2 = speed2;
    }
  }
  s[RUN_X] = runX;
  s[RUN_Y] = runY;
  s[RUN_PEAK2] = runPeak2;
  if (i > start) s[PREV_VALID] = i - 1; // every sample processed here was valid
  s[LO] = i - kB - 1;
  s[HI] = i + kA;
  s[B_T] = bT;
  s[B_X] = bX;
  s[B_Y] = bY;
  s[A_T] = aT;
  s[A_X] = aX;
  s[A_Y] = aY;
  return i;
}

/**
 * {@link regularSteps} writing the velocities (degrees/s) at i − offset instead of classes: the
 * same window arithmetic, and the general loop's velocities.
 */
function regularVelocitySteps(
  t: Float64Array,
  x: Float32Array,
  y: Float32Array,
  s: Float64Array,
  start: number,
  end: number,
  vx: Float32Array,
  vy: Float32Array,
  offset: number,
): number {
  // The window sizes come from the previous sample's windows: none before the first sample.
  if (start === 0) return start;
  const lo = (s[LO] as number) | 0;
  const hi = (s[HI] as number) | 0;
  const kA = hi - start; // samples after i in the after window
  const kB = start - 1 - lo; // samples before i in the before window
  const nB = s[B_N] as number; // − the leaving sample + sample i
  const nA = (s[A_N] as number) + 1; // + the entering sample
  // A half window holding only sample i needs its nearest valid neighbour: general loop.
  if (nB < 2 || nA < 2) return start;
  const stop = Math.min(end, t.length - kA - 1);
  const t0 = s[T0] as number;
  const w = s[HALF_WINDOW] as number;
  const cx = s[CX] as number;
  const cy = s[CY] as number;
  const mmx = s[MMX] as number;
  const mmy = s[MMY] as number;
  const d2 = s[D2] as number;
  const nx = s[NX] as number;
  const ny = s[NY] as number;
  let bT = s[B_T] as number;
  let bX = s[B_X] as number;
  let bY = s[B_Y] as number;
  let aT = s[A_T] as number;
  let aX = s[A_X] as number;
  let aY = s[A_Y] as number;
  let tIn = t[hi] as number; // time of the sample entering the after window
  let tOut = t[lo] as number; // time of the sample leaving the before window
  let i = start;
  let h = hi;
  let l = lo;
  for (; i < stop; i++, h++, l++) {
    const tAbs = t[i] as number;
    const tBeyond = t[h + 1] as number;
    const tStays = t[l + 1] as number;
    const to = tAbs + w;
    const from = tAbs - w;
    if (!(tIn <= to && tBeyond > to && tOut < from && tStays >= from)) break;
    const xIn = x[h] as number;
    const yIn = y[h] as number;
    const xOut = x[l] as number;
    const yOut = y[l] as number;
    const xi = x[i] as number;
    const yi = y[i] as number;
    if (Number.isNaN(xIn + yIn + xOut + yOut + xi + yi)) break;
    // The general loop's order: enter, leave, add sample i, velocity, drop i from the after sums.
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
    const dt = aT * nB - bT * nA;
    const dx = aX * nB - bX * nA;
    const dy = aY * nB - bY * nA;
    const u = (xi - cx) * mmx;
    const v = (yi - cy) * mmy;
    const p = d2 + u * u;
    const q = d2 + v * v;
    aT -= ti;
    aX -= xi;
    aY -= yi;
    vx[i - offset] = dt > 0 ? (dx * nx) / (dt * p) : Number.NaN;
    vy[i - offset] = dt > 0 ? (dy * ny) / (dt * q) : Number.NaN;
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
  return i;
}
