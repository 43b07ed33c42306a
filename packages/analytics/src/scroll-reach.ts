import type { PageVisit } from './page-visits.js';
import type { MouseSamples } from './samples.js';

/** How far down a page each share of its visitors saw. */
export type ScrollReach = {
  /** Participants who visited the page. */
  participants: number;
  /** Depth of each step, page px. */
  stepPx: number;
  /** shares[i]: share (0–1) of the participants who saw the page down to i × stepPx. */
  shares: number[];
  /** The tallest page height the mouse stream reported (px). */
  pageHeight: number;
};

/** One visitor of the page: their mouse stream and the visits that match the page. */
export type ReachParticipant = {
  mouse: Pick<MouseSamples, 'timestamp' | 'scrollY' | 'pageHeight'>;
  visits: readonly PageVisit[];
};

/**
 * The scroll-reach map (Hotjar's scroll map): a participant saw the page down to the deepest
 * `scrollY + viewportHeight` of the mouse samples inside their matching visits, capped at the
 * page height of that sample. shares[i] counts those whose depth is at least i × stepPx, from the
 * top (everyone who visited) to the tallest page height. O(mouse samples + steps × participants).
 */
export function scrollReach(
  participants: readonly ReachParticipant[],
  viewportHeight: number,
  stepPx = 20,
): ScrollReach {
  const depths: number[] = [];
  let pageHeight = 0;
  for (const { mouse, visits } of participants) {
    let deepest = 0;
    let j = 0;
    const t = mouse.timestamp;
    for (const visit of visits) {
      while (j < t.length && (t[j] as number) < visit.start) j++;
      for (; j < t.length && (t[j] as number) <= visit.end; j++) {
        const height = mouse.pageHeight[j] as number;
        const seen = Math.min((mouse.scrollY[j] as number) + viewportHeight, height > 0 ? height : Infinity);
        if (seen > deepest) deepest = seen;
        if (height > pageHeight) pageHeight = height;
      }
    }
    depths.push(deepest);
  }
  const steps = Math.ceil(pageHeight / stepPx) + 1;
  const shares: number[] = [];
  for (let i = 0; i < steps; i++) {
    const depth = i * stepPx;
    const reached = depths.filter((deepest) => deepest >= depth).length;
    shares.push(depths.length > 0 ? reached / depths.length : 0);
  }
  return { participants: depths.length, stepPx, shares, pageHeight };
}

/**
 * Samples (times ascending) within [moment − before, moment + after] of any moment, e.g. the gaze
 * around a participant's frustration peaks: an emotion rises 0.8–2 s after what caused it, so
 * the default looks 2.5 s back and 0.5 s on. Answers the indices kept; O(samples + moments).
 */
export function indicesAroundMoments(
  timestamp: ArrayLike<number>,
  moments: readonly number[],
  beforeMs = 2500,
  afterMs = 500,
): number[] {
  const sorted = [...moments].sort((a, b) => a - b);
  const kept: number[] = [];
  let m = 0;
  for (let i = 0; i < timestamp.length; i++) {
    const t = timestamp[i] as number;
    while (m < sorted.length && (sorted[m] as number) + afterMs < t) m++;
    const next = sorted[m];
    if (next !== undefined && next - beforeMs <= t) kept.push(i);
  }
  return kept;
}
