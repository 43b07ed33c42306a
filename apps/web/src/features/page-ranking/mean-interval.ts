import type { ValueInterval } from '@limbus/analytics';
import { formatPercent, formatPercentRange } from '../../ui/format';

/**
 * How sure a mean is, in words a client reads beside it: its participant count and, from two
 * participants on, the 95 % interval (packages/analytics meanConfidenceInterval). Metrics stored
 * before counts were kept (n null) say nothing rather than something wrong.
 */
function certainty(n: number | null, interval: string | null): string {
  if (n === null) return '';
  if (n < 2 || interval === null) return `(n = ${n}, too few for an interval)`;
  return `(n = ${n}, 95 % CI ${interval})`;
}

/** An emotion mean (0–1) with its certainty: '45 % (n = 12, 95 % CI 38–52 %)'. */
export function meanWithInterval(mean: number, n: number | null, interval: ValueInterval | null): string {
  const bounds = interval
    ? formatPercentRange(Math.max(0, interval.lower), Math.min(1, interval.upper))
    : null;
  return `${formatPercent(mean)} ${certainty(n, bounds)}`.trim();
}

/**
 * The certainty of a page index (100 = the mean of the pages) as differences from the mean, like
 * the index is read: '(n = 12, 95 % CI 18–48 %)' when the interval lies on one side of the mean,
 * '(n = 12, 95 % CI 5 % below to 30 % above)' when it spans the mean.
 */
export function indexCertainty(n: number | null, interval: ValueInterval | null): string {
  if (!interval) return certainty(n, null);
  // an index is 100-based: its difference from 100 is a percent of the mean
  const lower = (interval.lower - 100) / 100;
  const upper = (interval.upper - 100) / 100;
  const side = (difference: number) =>
    `${formatPercent(Math.abs(difference))} ${difference < 0 ? 'below' : 'above'}`;
  const bounds =
    lower >= 0 || upper <= 0
      ? formatPercentRange(
          Math.min(Math.abs(lower), Math.abs(upper)),
          Math.max(Math.abs(lower), Math.abs(upper)),
        )
      : `${side(lower)} to ${side(upper)}`;
  return certainty(n, bounds);
}
