import { describe, expect, it } from 'vitest';
import { meanConfidenceInterval } from './confidence-interval.js';
import {
  alikeSentence,
  holmAdjust,
  type MeanSummary,
  pairedPValue,
  rankTiers,
  sampleSizeText,
  welchPValue,
} from './rank-tiers.js';

/** A summary as the API returns it, from raw per-participant values. */
function summary(values: number[]): MeanSummary {
  const ci = meanConfidenceInterval(values);
  return {
    mean: ci.mean,
    n: ci.n,
    interval: ci.lower === null || ci.upper === null ? null : { lower: ci.lower, upper: ci.upper },
  };
}

describe('welchPValue', () => {
  it('rebuilds Welch’s test from the intervals (1…5 against 3…7: t = −2, df = 8, p = 0.0805, as R’s t.test)', () => {
    expect(welchPValue(summary([1, 2, 3, 4, 5]), summary([3, 4, 5, 6, 7]))).toBeCloseTo(0.0805, 4);
  });

  it('uses the Welch–Satterthwaite degrees of freedom for unequal spreads (t = −3.676, df = 5.248, p = 0.0132)', () => {
    // a: mean 3, s² 2.5; b: 5 … 15, mean 10, s² 15.625; n = 5 each. p by integrating the t density.
    expect(welchPValue(summary([1, 2, 3, 4, 5]), summary([5, 7.5, 10, 12.5, 15]))).toBeCloseTo(0.0132, 4);
  });

  it('finds no evidence without an interval (fewer than 2 participants) or without a mean', () => {
    expect(welchPValue({ mean: 0.9, n: 1, interval: null }, summary([0.1, 0.2, 0.3]))).toBe(1);
    expect(welchPValue({ mean: Number.NaN, n: 0, interval: null }, summary([0.1, 0.2, 0.3]))).toBe(1);
  });
});

describe('pairedPValue', () => {
  it('tests the differences of the same participants (d = −1, 0, −1, −1, −2: t = −3.162, df = 4, p = 0.0341)', () => {
    expect(pairedPValue([1, 2, 3, 4, 5], [2, 2, 4, 5, 7])).toBeCloseTo(0.0341, 4);
  });

  it('is 1 without differences or pairs and 0 for a constant non-zero difference', () => {
    expect(pairedPValue([1, 2, 3], [1, 2, 3])).toBe(1);
    expect(pairedPValue([1], [0])).toBe(1);
    expect(pairedPValue([2, 3, 4], [1, 2, 3])).toBe(0);
  });
});

describe('holmAdjust', () => {
  it('multiplies the k-th smallest p by m − k, keeps the order monotone and caps at 1', () => {
    const adjusted = holmAdjust([0.01, 0.04, 0.03]);
    expect(adjusted[0]).toBeCloseTo(0.03, 12);
    expect(adjusted[1]).toBeCloseTo(0.06, 12);
    expect(adjusted[2]).toBeCloseTo(0.06, 12);
    expect(holmAdjust([0.5, 0.9])).toEqual([1, 1]);
  });
});

// Participants' mean frustration on three pages of one test (n = 12 each).
const noisy = (centre: number) =>
  [-0.12, 0.1, -0.05, 0.08, 0.02, -0.09, 0.11, -0.03, 0.06, -0.07, 0.04, -0.05].map((d) => centre + d);
const tight = (centre: number) =>
  [-0.01, 0.01, -0.005, 0.008, 0.002, -0.009, 0.011, -0.003, 0.006, -0.007, 0.004, -0.007].map(
    (d) => centre + d,
  );

type Page = { name: string } & MeanSummary;
const page = (name: string, values: number[]): Page => ({ name, ...summary(values) });
const rank = (pages: Page[]) =>
  rankTiers(
    pages,
    (p) => p.mean,
    (a, b) => welchPValue(a, b),
  );

describe('rankTiers (issue 26, rankings that do not present noise as an order)', () => {
  it('puts pages whose intervals overlap in one tier: no page is ranked, the sentence says they score alike with n', () => {
    // the demo's case: indexes 105 / 104 / 103 with intervals of about −10 % to +19 %
    const ranked = rank([
      page('Checkout', noisy(0.4)),
      page('Home', noisy(0.41)),
      page('Runner 2', noisy(0.405)),
    ]);
    expect(ranked.map((r) => r.item.name)).toEqual(['Home', 'Runner 2', 'Checkout']);
    expect(ranked.map((r) => r.tier)).toEqual([1, 1, 1]);
    expect(ranked.every((r) => !r.isSeparated)).toBe(true);
    expect(
      alikeSentence(
        ranked.map((r) => r.item.name),
        'frustration',
        ranked.map((r) => r.item.n),
      ),
    ).toBe('Home, Runner 2 and Checkout score alike on frustration (n = 12)');
  });

  it('ranks pages whose difference is significant after Holm, each separated page alone in its tier', () => {
    const ranked = rank([page('Home', tight(0.3)), page('Checkout', tight(0.5)), page('Cart', tight(0.4))]);
    expect(ranked.map((r) => [r.item.name, r.position, r.tier, r.isSeparated])).toEqual([
      ['Checkout', 1, 1, true],
      ['Cart', 2, 2, true],
      ['Home', 3, 3, true],
    ]);
    expect(ranked[0]?.pToNext).toBeLessThan(0.05);
    expect(ranked[2]?.pToNext).toBeNull();
  });

  it('separates a clear first page from two that score alike', () => {
    const ranked = rank([page('Home', noisy(0.3)), page('Checkout', tight(0.9)), page('Cart', noisy(0.31))]);
    expect(ranked.map((r) => [r.item.name, r.tier, r.isSeparated])).toEqual([
      ['Checkout', 1, true],
      ['Cart', 2, false],
      ['Home', 2, false],
    ]);
  });

  it('keeps a difference that is significant alone but not after Holm’s guard in one tier', () => {
    // four adjacent pairs each at p ≈ 0.03: unadjusted each would split, Holm (×4 … ×1) keeps them together
    const p = 0.03;
    const ranked = rankTiers(
      [5, 4, 3, 2, 1],
      (v) => v,
      () => p,
    );
    expect(ranked.map((r) => r.tier)).toEqual([1, 1, 1, 1, 1]);
    const alone = rankTiers(
      [2, 1],
      (v) => v,
      () => p,
    );
    expect(alone.map((r) => r.tier)).toEqual([1, 2]);
  });

  it('puts items without an estimate last, alone, never alike a measured one', () => {
    const ranked = rankTiers(
      [Number.NaN, 1, 2],
      (v) => v,
      () => 1,
    );
    expect(ranked.map((r) => r.item)).toEqual([2, 1, Number.NaN]);
    expect(ranked.map((r) => r.tier)).toEqual([1, 1, 2]);
  });
});

describe('sampleSizeText', () => {
  it('states one n, or the range of the items’ n', () => {
    expect(sampleSizeText([12, 12, 12])).toBe('n = 12');
    expect(sampleSizeText([12, 10, 11])).toBe('n = 10–12');
  });
});
