import type { Fixation } from './fixations.js';
import type { Platform } from './gaze.js';
import type { Box } from './heatmap-density.js';
import type { FirstSeconds } from './heatmap-samples.js';
import type { PageVisit } from './page-visits.js';
import {
  EMOTIONS,
  type Emotion,
  type EmotionSamples,
  MOBILE_OFFSET_X,
  type MouseSamples,
} from './samples.js';

/**
 * A fixation on a page: centroid in page px, times in epoch ms, and `pageTime`, the time the
 * participant had spent on the page when it began (ms: earlier matching visits in full, plus the
 * time since the start of this visit). `visit` numbers the matching visit it lies in (0, 1, …).
 */
export type PageFixation = Fixation & { pageTime: number; visit: number };

/**
 * The fixations of one participant on a page, in time order: fixations detected on the eye
 * stream (screen px of the 1920×1080 frame) whose start lies in one of `visits` (the visits that
 * match the page, ascending) and, unless 'all', within the first `firstSeconds` of that visit;
 * mapped to page px like the gaze (x − 710 on mobile, y + the scroll offset of the mouse sample at
 * or before the fixation's start). O(fixations + visits + mouse samples).
 */
export function pageFixations(
  fixations: readonly Fixation[],
  visits: readonly PageVisit[],
  mouse: Pick<MouseSamples, 'timestamp' | 'scrollY'> | null,
  platform: Platform,
  firstSeconds: FirstSeconds = 'all',
): PageFixation[] {
  const limit = firstSeconds === 'all' ? Number.POSITIVE_INFINITY : firstSeconds * 1000;
  const dx = platform === 'mobile' ? -MOBILE_OFFSET_X : 0;
  const out: PageFixation[] = [];
  let v = 0;
  let timeBefore = 0;
  let m = 0;
  const mt = mouse?.timestamp;
  for (const fixation of fixations) {
    while (v < visits.length && (visits[v] as PageVisit).end < fixation.start) {
      const done = visits[v] as PageVisit;
      timeBefore += done.end - done.start;
      v++;
    }
    const visit = visits[v];
    if (!visit || fixation.start < visit.start || fixation.start - visit.start > limit) continue;
    while (mt && m + 1 < mt.length && (mt[m + 1] as number) <= fixation.start) m++;
    const scroll = mouse && mt && mt.length > 0 ? (mouse.scrollY[m] as number) : 0;
    out.push({
      ...fixation,
      x: fixation.x + dx,
      y: fixation.y + scroll,
      pageTime: timeBefore + fixation.start - visit.start,
      visit: v,
    });
  }
  return out;
}

/** One participant's fixations on the page and emotion stream (null when none was recorded). */
export type AreaParticipant = { fixations: readonly PageFixation[]; emotions: EmotionSamples | null };

/**
 * What an area of interest drew from the participants who visited the page. Times in ms, emotions
 * in [0, 1]; the means are over the participants who looked (null when nobody did).
 */
export type AreaMetrics = {
  /** Participants with at least one fixation in the area. */
  looked: number;
  /** looked ÷ participants who visited the page (0 when nobody visited). */
  lookedShare: number;
  /** Mean page time before the first fixation in the area. */
  timeToFirstFixation: number | null;
  /** Mean summed duration of the fixations in the area. */
  dwellTime: number | null;
  /** Mean number of returns: glances − 1, a glance being a run of consecutive fixations inside. */
  revisits: number | null;
  /** Emotion while looking: the value at each fixation's midpoint, weighted by its duration. */
  emotions: Record<Emotion, number> | null;
};

const isInside = (box: Box, x: number, y: number) =>
  x >= box.left && x < box.left + box.width && y >= box.top && y < box.top + box.height;

/**
 * Metrics of each area over the participants (Tobii's AOI measures): time to first fixation,
 * dwell time (summed fixation durations), share of participants who looked, revisits and the
 * duration-weighted emotion at the fixations' midpoints (linearly interpolated between emotion
 * samples, held at the ends). A glance ends at a fixation outside the area or at a new visit.
 * O(areas × fixations + fixations × log(emotion samples)).
 */
export function areaMetrics(participants: readonly AreaParticipant[], areas: readonly Box[]): AreaMetrics[] {
  return areas.map((area) => {
    let looked = 0;
    let firstSum = 0;
    let dwellSum = 0;
    let revisitSum = 0;
    let weight = 0;
    const emotionSum: Record<Emotion, number> = { joy: 0, attention: 0, frustration: 0 };
    for (const { fixations, emotions } of participants) {
      let first: number | null = null;
      let dwell = 0;
      let glances = 0;
      let previous: PageFixation | null = null;
      for (const fixation of fixations) {
        const inside = isInside(area, fixation.x, fixation.y);
        if (inside) {
          first ??= fixation.pageTime;
          dwell += fixation.duration;
          const continues =
            previous !== null && previous.visit === fixation.visit && isInside(area, previous.x, previous.y);
          if (!continues) glances++;
          if (emotions) weight += addEmotionAt(emotions, fixation, emotionSum);
        }
        previous = fixation;
      }
      if (first === null) continue;
      looked++;
      firstSum += first;
      dwellSum += dwell;
      revisitSum += glances - 1;
    }
    const mean = (sum: number) => (looked > 0 ? sum / looked : null);
    return {
      looked,
      lookedShare: participants.length > 0 ? looked / participants.length : 0,
      timeToFirstFixation: mean(firstSum),
      dwellTime: mean(dwellSum),
      revisits: mean(revisitSum),
      emotions:
        weight > 0
          ? {
              joy: emotionSum.joy / weight,
              attention: emotionSum.attention / weight,
              frustration: emotionSum.frustration / weight,
            }
          : null,
    };
  });
}

/** Adds the emotions at the fixation's midpoint × its duration to `sums`; answers the weight added. */
function addEmotionAt(emotions: EmotionSamples, fixation: Fixation, sums: Record<Emotion, number>): number {
  const at = (fixation.start + fixation.end) / 2;
  const values = EMOTIONS.map((emotion) => emotionAt(emotions.timestamp, emotions[emotion], at));
  if (values.some((value) => !Number.isFinite(value))) return 0;
  EMOTIONS.forEach((emotion, i) => {
    sums[emotion] += (values[i] as number) * fixation.duration;
  });
  return fixation.duration;
}

/** Linear interpolation of a series at time `at` (held at its ends; NaN without samples). */
export function emotionAt(timestamp: ArrayLike<number>, values: ArrayLike<number>, at: number): number {
  const n = timestamp.length;
  if (n === 0) return Number.NaN;
  if (at <= (timestamp[0] as number)) return values[0] as number;
  if (at >= (timestamp[n - 1] as number)) return values[n - 1] as number;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((timestamp[mid] as number) <= at) lo = mid;
    else hi = mid;
  }
  const t0 = timestamp[lo] as number;
  const t1 = timestamp[hi] as number;
  const share = t1 > t0 ? (at - t0) / (t1 - t0) : 0;
  return (values[lo] as number) + share * ((values[hi] as number) - (values[lo] as number));
}
