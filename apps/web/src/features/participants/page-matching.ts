import { isAssistantMatchable, type MouseSamples, matchesAnyUrl, normalizeUrl } from '@limbus/analytics';
import type { Label } from '@limbus/contract';

/** The number of timestamps at or before `value` (they are sorted). */
function upperBound(timestamps: Float64Array, value: number): number {
  let low = 0;
  let high = timestamps.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((timestamps[middle] ?? 0) <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Assistant-based page matching (spec 2 §2): the page the participant was on at `timestampMs`,
 * from the mouse samples' URLs, ignoring URLs on the recording machine (localhost) and without
 * query string; null before the first usable sample.
 */
export function pageAt(
  mice: Pick<MouseSamples, 'timestamp' | 'urlIndex' | 'urls'>,
  timestampMs: number,
): string | null {
  for (let i = upperBound(mice.timestamp, timestampMs) - 1; i >= 0; i--) {
    const url = mice.urls[mice.urlIndex[i] ?? -1];
    if (url && isAssistantMatchable(url)) return normalizeUrl(url);
  }
  return null;
}

/** The page title whose URLs match `url`, or null: a matched URL then needs a page title chosen. */
export function labelForUrl(labels: readonly Label[], url: string): Label | null {
  return labels.find((label) => matchesAnyUrl(url, label.urls, label.match_type)) ?? null;
}
