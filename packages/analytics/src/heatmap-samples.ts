import type { GazeSamples } from './fixations.js';
import type { PageVisit } from './page-visits.js';
import { type MatchType, matchesAnyUrl } from './url-match.js';

/** Spec 3 §2 heatmaps: 'First x seconds' choices; 'all' keeps whole visits. */
export const FIRST_SECONDS_OPTIONS = ['all', 1, 2, 5, 10, 20, 30, 60] as const;
export type FirstSeconds = (typeof FIRST_SECONDS_OPTIONS)[number];

/** One participant's samples in page coordinates (gaze or clicks) and page visits, both by time. */
export type HeatmapParticipant = { samples: GazeSamples; visits: readonly PageVisit[] };

/**
 * The samples that go into a page's heatmap: for every participant, the samples whose time lies
 * in a visit matching the page (its URLs and match type) and, unless `firstSeconds` is 'all',
 * within the first `firstSeconds` × 1000 ms of that visit (counted from each visit's start).
 * Samples and visits ascend in time; two pointers per participant, O(samples + visits); the
 * result is packed into two Float32Arrays (points in page px).
 */
export function selectHeatmapSamples(
  participants: readonly HeatmapParticipant[],
  page: { urls: readonly string[]; matchType: MatchType },
  firstSeconds: FirstSeconds = 'all',
): { x: Float32Array; y: Float32Array } {
  const limit = firstSeconds === 'all' ? Number.POSITIVE_INFINITY : firstSeconds * 1000;
  const matchCache = new Map<string, boolean>();
  const ranges: [GazeSamples, number, number][] = [];
  let total = 0;
  for (const p of participants) {
    const t = p.samples.timestamp;
    let i = 0;
    for (const v of p.visits) {
      let isMatch = matchCache.get(v.url);
      if (isMatch === undefined) {
        isMatch = matchesAnyUrl(v.url, page.urls, page.matchType);
        matchCache.set(v.url, isMatch);
      }
      if (!isMatch) continue;
      const end = Math.min(v.end, v.start + limit);
      if (i > 0 && (t[i - 1] as number) >= v.start) i = lowerBound(t, v.start);
      while (i < t.length && (t[i] as number) < v.start) i++;
      const from = i;
      while (i < t.length && (t[i] as number) <= end) i++;
      if (i > from) {
        ranges.push([p.samples, from, i]);
        total += i - from;
      }
    }
  }
  const x = new Float32Array(total);
  const y = new Float32Array(total);
  let k = 0;
  for (const [s, from, to] of ranges) {
    x.set(s.x.subarray(from, to), k);
    y.set(s.y.subarray(from, to), k);
    k += to - from;
  }
  return { x, y };
}

/** First index whose value is ≥ v in an ascending array. */
function lowerBound(a: ArrayLike<number>, v: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((a[mid] as number) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
