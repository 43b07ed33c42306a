import type { Fixation, GazeSamples } from './fixations.js';
import { GAZE_CLASS } from './gaze-class.js';
import { degreesBetween, type ScreenGeometry } from './gaze-geometry.js';
import type { GazeRuns } from './gaze-runs.js';

export type MergeRule = {
  /** Longest gap (ms, last sample of one fixation to first of the next) that may be bridged. */
  maxGapMs: number;
  /** Two fixations farther apart than this (degrees, centroid to centroid) stay two. */
  mergeMaxDeg: number;
  /** Fixations shorter than this (last − first sample, ms) are dropped. */
  minFixationMs: number;
};

/**
 * Turns the fixation runs of a classification into fixations, answering the final runs (in
 * `into`, emptied first, when given, else in a new list; `runs` is rewritten in place by the
 * merging):
 * 1. A fixation run less than `maxGapMs` after the previous fixation run (or, when that one is
 *    shorter than `minFixationMs` and not continued, the one before it), with no pursuit between
 *    them, merges into it (the runs between join it, lost samples included) when their centroids
 *    are within `mergeMaxDeg` and either only lost samples lie between them (a bridged loss) or
 *    the distance is within three standard errors of white noise of `noiseDeg` per axis,
 *    3 σ √(1/n₁ + 1/n₂): what lies between was a noise spike, not a small saccade (human coders
 *    mark even 0.2° saccades, so a fixed distance alone merges across real ones).
 * 2. Fixations shorter than `minFixationMs` are dropped: their samples become saccade when a
 *    saccade run is next to them, pursuit next to pursuit, else loss (lost samples: loss).
 * Positions are the mean of the fixation's valid samples (px); times ms. Linear in the runs.
 */
export function mergeFixations(
  gaze: GazeSamples,
  geometry: ScreenGeometry,
  runs: GazeRuns,
  noiseDeg: number,
  rule: MergeRule,
  into?: GazeRuns,
): { runs: GazeRuns; fixations: Fixation[] } {
  const merged = mergeAcrossGaps(gaze, geometry, runs, noiseDeg, rule);
  const t = gaze.timestamp;
  // A new list: a dropped fixation that bridged lost samples becomes several runs. Stretches
  // without a drop are copied whole; the run after a drop may join the runs it became.
  const out = into?.clear(t, merged.maxGapMs, merged.count + 16) ?? merged.emptyLike();
  const count = merged.count;
  const fixations: Fixation[] = [];
  let copied = 0; // runs before this one are in `out`
  for (let k = 0; k < count; k++) {
    if (merged.kind[k] !== GAZE_CLASS.fixation) continue;
    const start = t[merged.first[k] as number] as number;
    const end = t[merged.last[k] as number] as number;
    if (end - start >= rule.minFixationMs) {
      const c = merged.summed[k] as number;
      const x = (merged.sumX[k] as number) / c;
      const y = (merged.sumY[k] as number) / c;
      fixations.push({ start, end, x, y, duration: end - start });
      continue;
    }
    out.copyRange(merged, copied, k);
    const before = out.count > 0 ? out.kind[out.count - 1] : undefined;
    const after = k + 1 < count ? merged.kind[k + 1] : undefined;
    appendDropped(gaze, out, merged.first[k] as number, merged.last[k] as number, droppedKind(before, after));
    copied = k + 1;
    if (after !== undefined && after !== GAZE_CLASS.fixation) {
      out.append(merged, k + 1);
      copied = k + 2;
      k++;
    }
  }
  out.copyRange(merged, copied, count);
  return { runs: out, fixations };
}

/** Step 1: the runs with fixations merged across short gaps at the same place (in place). */
function mergeAcrossGaps(
  gaze: GazeSamples,
  geometry: ScreenGeometry,
  runs: GazeRuns,
  noiseDeg: number,
  rule: MergeRule,
): GazeRuns {
  const t = gaze.timestamp;
  // In place: `out` is `runs` rewritten from the start; run k is read before anything is written
  // at k or beyond, since every run read writes at most one.
  const out = runs;
  const count = runs.count;
  out.count = 0;
  let previous = -1; // the last fixation run in `out`
  let previousLong = -1; // the last one at least minFixationMs long
  for (let k = 0; k < count; k++) {
    if (runs.kind[k] !== GAZE_CLASS.fixation) {
      out.append(runs, k);
      continue;
    }
    // A short run (a slow sample inside a noise spike, a wobble) that the next run does not
    // continue leaves the fixation before it as the one to continue.
    let target = canContinue(gaze, geometry, runs, k, out, previous, noiseDeg, rule) ? previous : -1;
    if (target < 0 && previousLong >= 0 && previousLong !== previous)
      target = canContinue(gaze, geometry, runs, k, out, previousLong, noiseDeg, rule) ? previousLong : -1;
    if (target >= 0) {
      out.count = target + 1;
      out.last[target] = runs.last[k] as number;
      out.sumX[target] = (out.sumX[target] as number) + (runs.sumX[k] as number);
      out.sumY[target] = (out.sumY[target] as number) + (runs.sumY[k] as number);
      out.summed[target] = (out.summed[target] as number) + (runs.summed[k] as number);
      previous = target;
    } else {
      out.append(runs, k);
      previous = out.count - 1;
    }
    if (isLong(out, t, previous, rule.minFixationMs)) previousLong = previous;
  }
  return out;
}

/** Whether run k lasts at least minFixationMs (a module function: see gaze-pursuit's helpers). */
function isLong(runs: GazeRuns, t: Float64Array, k: number, minFixationMs: number): boolean {
  return (t[runs.last[k] as number] as number) - (t[runs.first[k] as number] as number) >= minFixationMs;
}

/** Whether fixation run k of `runs` continues fixation run p of `out` (step 1's rule). */
function canContinue(
  gaze: GazeSamples,
  geometry: ScreenGeometry,
  runs: GazeRuns,
  k: number,
  out: GazeRuns,
  p: number,
  noiseDeg: number,
  rule: MergeRule,
): boolean {
  const t = gaze.timestamp;
  if (p < 0) return false;
  if ((t[runs.first[k] as number] as number) - (t[out.last[p] as number] as number) > rule.maxGapMs)
    return false;
  const between = contentAfter(out, p);
  if (between === PURSUIT) return false;
  const pc = out.summed[p] as number;
  const c = runs.summed[k] as number;
  const distance = degreesBetween(
    geometry,
    (out.sumX[p] as number) / pc,
    (out.sumY[p] as number) / pc,
    (runs.sumX[k] as number) / c,
    (runs.sumY[k] as number) / c,
  );
  if (distance > rule.mergeMaxDeg) return false;
  return between === LOSS_ONLY || distance <= 3 * noiseDeg * Math.sqrt(1 / pc + 1 / c);
}

/**
 * A dropped fixation's samples first … last as runs of `kind`, except the lost samples a bridged
 * gap had taken into it, which are loss again. Short (under minFixationMs), so sample by sample.
 */
function appendDropped(gaze: GazeSamples, out: GazeRuns, first: number, last: number, kind: number): void {
  const { x, y } = gaze;
  for (let i = first; i <= last; i++) {
    const xi = x[i] as number;
    const yi = y[i] as number;
    if (Number.isNaN(xi + yi)) out.appendRun(GAZE_CLASS.loss, i, i, 0, 0, 0, 0);
    else out.appendRun(kind, i, i, xi, yi, 1, 0);
  }
}

const LOSS_ONLY = 0;
const OTHER = 1;
const PURSUIT = 2;

/** What the runs after run p hold: only loss, some pursuit, or anything else. */
function contentAfter(runs: GazeRuns, p: number): number {
  let content = LOSS_ONLY;
  for (let k = p + 1; k < runs.count; k++) {
    const kind = runs.kind[k];
    if (kind === GAZE_CLASS.pursuit) return PURSUIT;
    if (kind !== GAZE_CLASS.loss) content = OTHER;
  }
  return content;
}

/** A dropped fixation's class: saccade next to a saccade, pursuit next to pursuit, else loss. */
function droppedKind(before: number | undefined, after: number | undefined): number {
  if (before === GAZE_CLASS.saccade || after === GAZE_CLASS.saccade) return GAZE_CLASS.saccade;
  if (before === GAZE_CLASS.pursuit || after === GAZE_CLASS.pursuit) return GAZE_CLASS.pursuit;
  return GAZE_CLASS.loss;
}
