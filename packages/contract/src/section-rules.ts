/**
 * The rules of the sections editor (spec 2 §2, §5), one pure function used by the server (which
 * enforces them) and by the web editor (which shows the same messages before saving).
 */

export const SECTION_MESSAGES = {
  endBeforeStart:
    "It seems like the beginning of the section is later than the end of the section. Please fix it cause we don't know what you mean by this. Love you, bye! <3",
  coversOther:
    'Your current section is covering up another section. Please consider aligning these two sections correctly. Love you, bye! <3',
} as const;

/** How far outside its neighbour a partly overlapping boundary is moved (ms). */
export const SECTION_GAP_MS = 1;

/** A section's span in epoch milliseconds; both ends belong to it. */
export type SectionSpan = { start: number; end: number };

export type SectionPlacement =
  | { ok: true; start: number; end: number }
  | { ok: false; error: keyof typeof SECTION_MESSAGES; message: string };

const refuse = (error: keyof typeof SECTION_MESSAGES): SectionPlacement => ({
  ok: false,
  error,
  message: SECTION_MESSAGES[error],
});

/**
 * Where a section `[start, end]` may lie among the participant's `others`:
 * - an end before (or at) the start is refused (endBeforeStart);
 * - a section that covers another completely, or lies completely inside one, is refused
 *   (coversOther): no single boundary could be moved to fix that;
 * - a boundary that lies inside a neighbour is moved to 1 ms outside it (the start after the
 *   neighbour's end, the end before its start); when the two moved boundaries meet or cross,
 *   nothing is left of the section between its neighbours and it is refused (coversOther).
 * The answer never overlaps any of `others`. Linear in the number of others (repeated while a
 * move lands in yet another section, which only overlapping `others` can cause).
 */
export function placeSection(section: SectionSpan, others: readonly SectionSpan[]): SectionPlacement {
  if (!(section.end > section.start)) return refuse('endBeforeStart');
  let { start, end } = section;
  for (let round = 0; round <= others.length; round++) {
    let moved = false;
    for (const other of others) {
      if (other.start > end || start > other.end) continue;
      const covers = start <= other.start && other.end <= end;
      const isInside = other.start <= start && end <= other.end;
      if (covers || isInside) return refuse('coversOther');
      if (other.start <= start) start = other.end + SECTION_GAP_MS;
      else end = other.start - SECTION_GAP_MS;
      if (!(end > start)) return refuse('coversOther');
      moved = true;
    }
    if (!moved) return { ok: true, start, end };
  }
  return refuse('coversOther');
}
