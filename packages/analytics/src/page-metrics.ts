import { meanConfidenceInterval } from './confidence-interval.js';
import type { PageVisit } from './page-visits.js';
import { EMOTIONS, type Emotion, type EmotionSamples } from './samples.js';
import { type MatchType, matchesAnyUrl } from './url-match.js';

/** A page (label) to measure: its URLs and how they match. */
export type PageDefinition = { id: number; name: string; urls: readonly string[]; matchType: MatchType };

/** A significant point as the metrics need it. */
export type PointRef = { id: number; emotion: Emotion; timestamp_top: number; false_positive?: boolean };

/** One participant's data for page metrics: visits, emotions (epoch ms) and significant points. */
export type ParticipantPageData = {
  participantId: number;
  visits: readonly PageVisit[];
  emotions: EmotionSamples;
  points: readonly PointRef[];
};

/** Spec 3 §3 label metrics. Times in ms, emotions in [0, 1] (NaN when no sample fell in a visit). */
export type PageMetrics = {
  id: number;
  name: string;
  urls: readonly string[];
  total_participants: number;
  average_time: number;
  joy: number;
  attention: number;
  frustration: number;
  /** Participants whose visits held an emotion sample: the n of the three means. */
  emotion_participants: number;
  /** 95 % t-interval of each emotion's mean over those participants; null below 2 participants. */
  intervals: Record<Emotion, ValueInterval | null>;
  significant_points: PointRef[];
};

/** Bounds of an interval, in the unit of the value. */
export type ValueInterval = { lower: number; upper: number };

type VisitStats = {
  url: string;
  duration: number;
  count: number;
  sums: Record<Emotion, number>;
  points: PointRef[];
};

/**
 * Metrics per page (spec 3 §2 Pages, §3 Label):
 * - total_participants: participants with at least one visit whose URL matches the page;
 * - average_time: mean over those participants of their summed visit durations (end − start, ms);
 * - joy, attention, frustration: mean over those participants of the mean emotion sample within
 *   their matching visits (each participant counts once, like average_time; participants
 *   without a sample inside are left out of that mean);
 * - significant_points: points (false positives excluded) whose timestamp_top lies in a
 *   matching visit, in time order.
 * Per participant each visit is summarised once (two pointers over visits and samples, both in
 * time order), then pages aggregate the summaries: O(samples + pages × visits) with URL matches
 * cached per distinct URL.
 */
export function pageMetrics(
  pages: readonly PageDefinition[],
  participants: readonly ParticipantPageData[],
): PageMetrics[] {
  const perParticipant = participants.map(summariseVisits);
  const matchCache = new Map<string, boolean>();
  return pages.map((page) => {
    const isMatch = (url: string): boolean => {
      const key = `${page.id}\u0000${url}`;
      let r = matchCache.get(key);
      if (r === undefined) {
        r = matchesAnyUrl(url, page.urls, page.matchType);
        matchCache.set(key, r);
      }
      return r;
    };
    let visitors = 0;
    let timeSum = 0;
    const participantMeans: Record<Emotion, number[]> = { joy: [], attention: [], frustration: [] };
    const points: PointRef[] = [];
    for (const visits of perParticipant) {
      let isVisitor = false;
      let time = 0;
      let count = 0;
      const sums: Record<Emotion, number> = { joy: 0, attention: 0, frustration: 0 };
      for (const v of visits) {
        if (!isMatch(v.url)) continue;
        isVisitor = true;
        time += v.duration;
        count += v.count;
        for (const e of EMOTIONS) sums[e] += v.sums[e];
        points.push(...v.points);
      }
      if (!isVisitor) continue;
      visitors++;
      timeSum += time;
      if (count > 0) for (const e of EMOTIONS) participantMeans[e].push(sums[e] / count);
    }
    const stats = Object.fromEntries(
      EMOTIONS.map((e) => [e, meanConfidenceInterval(participantMeans[e])]),
    ) as Record<Emotion, ReturnType<typeof meanConfidenceInterval>>;
    const interval = (e: Emotion): ValueInterval | null => {
      const { lower, upper } = stats[e];
      return lower === null || upper === null ? null : { lower, upper };
    };
    points.sort((a, b) => a.timestamp_top - b.timestamp_top);
    return {
      id: page.id,
      name: page.name,
      urls: page.urls,
      total_participants: visitors,
      average_time: visitors > 0 ? timeSum / visitors : 0,
      joy: stats.joy.mean,
      attention: stats.attention.mean,
      frustration: stats.frustration.mean,
      emotion_participants: participantMeans.joy.length,
      intervals: {
        joy: interval('joy'),
        attention: interval('attention'),
        frustration: interval('frustration'),
      },
      significant_points: points,
    };
  });
}

/** Emotion sums and points inside each visit of one participant; visits may be unsorted. */
function summariseVisits(p: ParticipantPageData): VisitStats[] {
  const { timestamp: t } = p.emotions;
  const visits = [...p.visits].sort((a, b) => a.start - b.start);
  const points = p.points.filter((q) => !q.false_positive).sort((a, b) => a.timestamp_top - b.timestamp_top);
  let s = 0;
  let q = 0;
  return visits.map((v) => {
    const sums: Record<Emotion, number> = { joy: 0, attention: 0, frustration: 0 };
    let count = 0;
    // Visits do not overlap, so both pointers only move forward (binary search not needed).
    while (s < t.length && (t[s] as number) < v.start) s++;
    let k = s;
    for (; k < t.length && (t[k] as number) <= v.end; k++) {
      const j = p.emotions.joy[k] as number;
      const a = p.emotions.attention[k] as number;
      const f = p.emotions.frustration[k] as number;
      if (Number.isNaN(j) || Number.isNaN(a) || Number.isNaN(f)) continue;
      sums.joy += j;
      sums.attention += a;
      sums.frustration += f;
      count++;
    }
    s = k;
    while (q < points.length && (points[q]?.timestamp_top as number) < v.start) q++;
    const inside: PointRef[] = [];
    let r = q;
    for (; r < points.length && (points[r]?.timestamp_top as number) <= v.end; r++)
      inside.push(points[r] as PointRef);
    q = r;
    return { url: v.url, duration: v.end - v.start, count, sums, points: inside };
  });
}

/** Spec 3 §2 Pages filters: defaults minimum participants 5, minimum time 0 s. */
export const DEFAULT_PAGE_FILTER = { minParticipants: 5, minSeconds: 0 } as const;
/** The minimum-participants choices, 10 down to 1. */
export const PAGE_MIN_PARTICIPANT_OPTIONS = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1] as const;

/** Ranking bar widths in px (spec 3 §9): 6 × the index's excess over 100, and 10 per peak. */
export const pageIndexBarWidth = (index: number) => 6 * Math.max(0, index - 100);
export const pagePeakBarWidth = (peaks: number) => 10 * peaks;

/** Keeps pages with total_participants ≥ minParticipants and average_time ≥ minSeconds × 1000 (spec 3 §5). */
export function filterPageMetrics<T extends Pick<PageMetrics, 'total_participants' | 'average_time'>>(
  metrics: readonly T[],
  minParticipants: number = DEFAULT_PAGE_FILTER.minParticipants,
  minSeconds: number = DEFAULT_PAGE_FILTER.minSeconds,
): T[] {
  return metrics.filter(
    (m) => m.total_participants >= minParticipants && m.average_time >= minSeconds * 1000,
  );
}

/**
 * Index of each value against the mean of all (finite) values (spec 3 §9):
 * floor(value ÷ mean × 100); 100 = average. A 1e-9 tolerance keeps float error (0.2 ÷ 0.4 × 100 =
 * 49.999…) from rounding down a whole number. NaN values, or a mean of 0, give NaN.
 */
export function metricIndex(values: readonly number[]): number[] {
  const finite = values.filter(Number.isFinite);
  const mean = finite.reduce((a, b) => a + b, 0) / finite.length;
  return values.map((v) =>
    Number.isFinite(v) && mean > 0 ? Math.floor((v / mean) * 100 + 1e-9) : Number.NaN,
  );
}

/**
 * The interval of each value's index (metricIndex), from the interval of the value: its bounds
 * divided by the same mean of all finite values, × 100, rounded down like the index. The mean of
 * the pages is taken as fixed (it is the reference the index is read against), so only the page's
 * own uncertainty is shown. null where the value or its interval is missing.
 */
export function metricIndexIntervals(
  values: readonly number[],
  intervals: readonly (ValueInterval | null)[],
): (ValueInterval | null)[] {
  const finite = values.filter(Number.isFinite);
  const mean = finite.reduce((a, b) => a + b, 0) / finite.length;
  const index = (v: number) => Math.floor((v / mean) * 100 + 1e-9);
  return values.map((v, i) => {
    const interval = intervals[i];
    if (!interval || !Number.isFinite(v) || !(mean > 0)) return null;
    return { lower: index(interval.lower), upper: index(interval.upper) };
  });
}

/**
 * Frustration index (spec 3 §2 overview): percentage difference from the mean,
 * floor((value − mean) ÷ mean × 100), i.e. metricIndex − 100. 0 = average, +20 = 20 % above.
 */
export function frustrationIndex(values: readonly number[]): number[] {
  return metricIndex(values).map((i) => i - 100);
}

/** The `count` (default 3) pages scoring highest on an emotion, highest first; NaN last. */
export function topPages<T extends Pick<PageMetrics, Emotion>>(
  metrics: readonly T[],
  emotion: Emotion,
  count = 3,
): T[] {
  const score = (m: T): number => (Number.isFinite(m[emotion]) ? m[emotion] : Number.NEGATIVE_INFINITY);
  return [...metrics].sort((a, b) => score(b) - score(a)).slice(0, count);
}

/**
 * Overview rule (spec 3 §2, §9): the top 3 pages are shown only when the test has more than 5
 * participants and the page's average_time is above 0.
 */
export function isTopPagesShown(participantCount: number, averageTime: number): boolean {
  return participantCount > 5 && averageTime > 0;
}
