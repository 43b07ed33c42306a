import { type MouseSamples, PAGE_VISIT_GAP_MS } from './samples.js';

/** A stay on one URL: times of its first and last mouse sample (epoch ms). */
export type PageVisit = { url: string; start: number; end: number };

/**
 * Page visits from a mouse or touch stream (spec 3 §2): a visit is a run of consecutive samples
 * on one URL; it ends when the URL changes or when the next sample comes more than `gapMs`
 * (default PAGE_VISIT_GAP_MS, 1000 ms) later. start and end are the run's first and last sample
 * times, so a lone sample is a visit of length 0. Samples ascend in time; O(n).
 */
export function pageVisits(
  mouse: Pick<MouseSamples, 'timestamp' | 'urlIndex' | 'urls'>,
  gapMs: number = PAGE_VISIT_GAP_MS,
): PageVisit[] {
  const { timestamp: t, urlIndex, urls } = mouse;
  const visits: PageVisit[] = [];
  const n = t.length;
  let first = 0;
  for (let i = 1; i <= n; i++) {
    const isEnd =
      i === n || urlIndex[i] !== urlIndex[first] || (t[i] as number) - (t[i - 1] as number) > gapMs;
    if (!isEnd) continue;
    visits.push({
      url: urls[urlIndex[first] as number] ?? '',
      start: t[first] as number,
      end: t[i - 1] as number,
    });
    first = i;
  }
  return visits;
}
