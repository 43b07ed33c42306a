/** Spec 3 §2: neurofeedback cards show points from 5 s before to 7 s after the current time. */
export const NEUROFEEDBACK_BEFORE_MS = 5000;
export const NEUROFEEDBACK_AFTER_MS = 7000;

/**
 * The significant points for neurofeedback at `timeMs`: those whose `timestamp_top` lies in
 * [timeMs − beforeMs, timeMs + afterMs] (ms, inclusive), in time order. O(n log n) for the sort.
 */
export function neurofeedbackPoints<T extends { timestamp_top: number }>(
  points: readonly T[],
  timeMs: number,
  beforeMs: number = NEUROFEEDBACK_BEFORE_MS,
  afterMs: number = NEUROFEEDBACK_AFTER_MS,
): T[] {
  const from = timeMs - beforeMs;
  const to = timeMs + afterMs;
  return points
    .filter((p) => p.timestamp_top >= from && p.timestamp_top <= to)
    .sort((a, b) => a.timestamp_top - b.timestamp_top);
}
