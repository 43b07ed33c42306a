import { studentTCdf, studentTQuantile } from './confidence-interval.js';

/**
 * A mean as the API returns it: its estimate, its participant count and its t-based interval
 * (meanConfidenceInterval; null below 2 participants). Enough to rebuild the standard error.
 */
export type MeanSummary = {
  mean: number;
  n: number;
  interval: { lower: number; upper: number } | null;
  /** Confidence level of the interval; 0.95 when left out. */
  level?: number;
};

/** The significance level of the ranking rule (two-sided, family-wise over the adjacent pairs). */
export const RANKING_ALPHA = 0.05;

/** The standard error behind a t-interval: half its width ÷ t(1 − (1 − level)/2, n − 1). */
function standardError(summary: MeanSummary): number | null {
  const { interval, n } = summary;
  if (!interval || n < 2 || !Number.isFinite(interval.lower) || !Number.isFinite(interval.upper)) return null;
  const level = summary.level ?? 0.95;
  return (interval.upper - interval.lower) / 2 / studentTQuantile(1 - (1 - level) / 2, n - 1);
}

/** Two-sided p-value of a t statistic with df degrees of freedom. */
function twoSided(t: number, df: number): number {
  return Math.min(1, 2 * (1 - studentTCdf(Math.abs(t), df)));
}

/**
 * Welch's two-sided t-test of two means from their summaries (no raw values needed): the standard
 * errors are rebuilt from the t-intervals, the degrees of freedom by Welch–Satterthwaite. 1 (no
 * evidence of a difference) when either mean is missing or has no interval (n < 2).
 */
export function welchPValue(a: MeanSummary, b: MeanSummary): number {
  if (!Number.isFinite(a.mean) || !Number.isFinite(b.mean)) return 1;
  const seA = standardError(a);
  const seB = standardError(b);
  if (seA === null || seB === null) return 1;
  const difference = a.mean - b.mean;
  const variance = seA * seA + seB * seB;
  if (variance === 0) return difference === 0 ? 1 : 0;
  const df = (variance * variance) / (seA ** 4 / (a.n - 1) + seB ** 4 / (b.n - 1));
  return twoSided(difference / Math.sqrt(variance), df);
}

/**
 * The paired two-sided t-test of two series measured on the same participants (values[i] of both
 * belong to participant i): the t-test of the differences against 0 with n − 1 degrees of freedom.
 * 1 below 2 pairs or when every difference is 0; 0 when every difference is the same non-zero value.
 */
export function pairedPValue(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new RangeError('pairedPValue: the series must be of equal length');
  const differences = a.map((v, i) => v - (b[i] as number)).filter(Number.isFinite);
  const n = differences.length;
  if (n < 2) return 1;
  const mean = differences.reduce((s, d) => s + d, 0) / n;
  const variance = differences.reduce((s, d) => s + (d - mean) ** 2, 0) / (n - 1);
  if (variance === 0) return mean === 0 ? 1 : 0;
  return twoSided(mean / Math.sqrt(variance / n), n - 1);
}

/**
 * Holm's step-down adjustment of p-values (family-wise error at the nominal level): sorted
 * ascending, the k-th smallest (k from 0) is multiplied by m − k, made monotone, capped at 1.
 * Returned in the input order.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((x, y) => x.p - y.p);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, k) => {
    running = Math.max(running, Math.min(1, (m - k) * p));
    adjusted[i] = running;
  });
  return adjusted;
}

/** An item of a ranking with its place among items that can be told apart. */
export type RankedTierItem<T> = {
  item: T;
  /** 1-based position in estimate order (ties in estimate keep the input order). */
  position: number;
  /** 1-based tier: items in one tier cannot be told apart from their neighbours in it. */
  tier: number;
  /** Holm-adjusted p-value of the difference from the next item in order; null for the last. */
  pToNext: number | null;
  /** True when the item is alone in its tier: only then does it get a rank of its own. */
  isSeparated: boolean;
};

/**
 * The ranking rule of every results screen (docs/decisions/results-screens.md, 'Rankings that do
 * not present noise as an order'): items in estimate order, highest first (items without an
 * estimate last, each alone); each adjacent pair tested with `pValue` (Welch from the summaries,
 * or paired on participants), the adjacent p-values adjusted together by Holm; a pair is told
 * apart only when its adjusted p-value is below `alpha` (5 %). Runs of items no pair of which is
 * told apart form a tier: the screens say the tier's items 'score alike' instead of ranking them.
 * Conservative on purpose: A and C in one tier may differ even though neither differs from B.
 */
export function rankTiers<T>(
  items: readonly T[],
  estimate: (item: T) => number,
  pValue: (higher: T, lower: T) => number,
  alpha = RANKING_ALPHA,
): RankedTierItem<T>[] {
  const score = (item: T) => {
    const value = estimate(item);
    return Number.isFinite(value) ? value : Number.NEGATIVE_INFINITY;
  };
  const ordered = items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => score(b.item) - score(a.item) || a.i - b.i);
  const raw = ordered.slice(0, -1).map(({ item }, k) => {
    const next = ordered[k + 1]?.item as T;
    // an item without an estimate is never alike anything measured
    if (!Number.isFinite(estimate(item)) || !Number.isFinite(estimate(next))) return 0;
    return pValue(item, next);
  });
  const adjusted = holmAdjust(raw);
  const result: RankedTierItem<T>[] = [];
  let tier = 1;
  ordered.forEach(({ item }, k) => {
    if (k > 0 && (adjusted[k - 1] as number) < alpha) tier++;
    result.push({
      item,
      position: k + 1,
      tier,
      pToNext: k < adjusted.length ? (adjusted[k] as number) : null,
      isSeparated: false,
    });
  });
  const sizes = new Map<number, number>();
  for (const r of result) sizes.set(r.tier, (sizes.get(r.tier) ?? 0) + 1);
  for (const r of result) r.isSeparated = sizes.get(r.tier) === 1;
  return result;
}

/** The n of a group in words: 'n = 12', or 'n = 10–12' when the items' counts differ. */
export function sampleSizeText(counts: readonly number[]): string {
  const finite = counts.filter(Number.isFinite);
  if (finite.length === 0) return 'n = 0';
  const low = Math.min(...finite);
  const high = Math.max(...finite);
  return low === high ? `n = ${low}` : `n = ${low}–${high}`;
}

/** Names joined as a reader writes them: 'A', 'A and B', 'A, B and C'. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The sentence for a tier of more than one item: 'Home, Runner 2 and Checkout score alike on
 * frustration (n = 12)'; null for a tier of one (that item has its own rank).
 */
export function alikeSentence(
  names: readonly string[],
  measure: string,
  counts: readonly number[],
): string | null {
  if (names.length < 2) return null;
  return `${joinNames(names)} score alike on ${measure} (${sampleSizeText(counts)})`;
}
