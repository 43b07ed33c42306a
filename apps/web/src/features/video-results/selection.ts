/** Spec 3 §2 dynamic analysis: the selection is at least 2 % of the video, 15 % by default. */
export const MIN_SELECTION_PERCENT = 2;
export const DEFAULT_SELECTION_PERCENT = 15;

export type Selection = [number, number];

/** A selection in percent of the video, widened to the minimum where it is narrower (kept inside 0–100). */
export function clampSelection([from, to]: Selection): Selection {
  const start = Math.min(Math.max(from, 0), 100);
  const end = Math.min(Math.max(to, start), 100);
  if (end - start >= MIN_SELECTION_PERCENT) return [start, end];
  const widenedEnd = Math.min(start + MIN_SELECTION_PERCENT, 100);
  return [widenedEnd - MIN_SELECTION_PERCENT, widenedEnd];
}

/** A selection in percent as milliseconds of a video of `durationMs`. */
export const selectionMs = ([from, to]: Selection, durationMs: number): Selection => [
  Math.round((from / 100) * durationMs),
  Math.round((to / 100) * durationMs),
];
