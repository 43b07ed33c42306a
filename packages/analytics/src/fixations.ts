import type { EyeSamples } from './samples.js';

/** One fixation: first and last sample time (ms), centroid (px) and `end − start` (ms). */
export type Fixation = { start: number; end: number; x: number; y: number; duration: number };

/**
 * Result of a fixation detector: `isFixation[i]` is 1 when sample i belongs to a fixation
 * (0 for saccades, lost samples and everything else), and the fixations as a list.
 */
export type FixationResult = { isFixation: Uint8Array; fixations: Fixation[] };

/** Gaze positions over time (ms, px). Eye samples in the reference frame or in page pixels. */
export type GazeSamples = Pick<EyeSamples, 'timestamp' | 'x' | 'y'>;

/**
 * Turns per-sample labels into the fixation list, in place and in one pass:
 * 1. a run of labelled samples is split where two consecutive samples lie more than
 *    `maxGapMs` apart (missing rows);
 * 2. a run shorter than `minDurationMs` (last − first timestamp) is relabelled 0;
 * 3. every kept run becomes a fixation at the mean position of its samples.
 * Lost samples (NaN) are expected to carry label 0 already. Linear time.
 */
export function fixationsFromLabels(
  gaze: GazeSamples,
  isFixation: Uint8Array,
  minDurationMs: number,
  maxGapMs: number,
): Fixation[] {
  const { timestamp: t, x, y } = gaze;
  const n = isFixation.length;
  const fixations: Fixation[] = [];
  let i = 0;
  while (i < n) {
    if (isFixation[i] !== 1) {
      i++;
      continue;
    }
    const first = i;
    let sx = 0;
    let sy = 0;
    let prevT = t[i] as number;
    while (i < n && isFixation[i] === 1) {
      const ti = t[i] as number;
      if (i > first && ti - prevT > maxGapMs) break;
      sx += x[i] as number;
      sy += y[i] as number;
      prevT = ti;
      i++;
    }
    const start = t[first] as number;
    const duration = prevT - start;
    if (duration < minDurationMs) {
      isFixation.fill(0, first, i);
      continue;
    }
    const count = i - first;
    fixations.push({ start, end: prevT, x: sx / count, y: sy / count, duration });
  }
  return fixations;
}
