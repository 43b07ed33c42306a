import { describe, expect, it } from 'vitest';
import {
  meanConfidenceInterval,
  shareConfidenceInterval,
  studentTCdf,
  studentTQuantile,
} from './confidence-interval.js';

describe('studentTQuantile', () => {
  // Two-sided 95 % critical values from any t table.
  it.each([
    [1, 12.7062],
    [2, 4.3027],
    [4, 2.7764],
    [9, 2.2622],
    [29, 2.0452],
    [1000, 1.9623],
  ])('t(0.975, %i) = %f', (df, expected) => {
    expect(studentTQuantile(0.975, df)).toBeCloseTo(expected, 3);
  });

  it('is symmetric, 0 at the median and the inverse of the distribution function', () => {
    expect(studentTQuantile(0.5, 7)).toBe(0);
    expect(studentTQuantile(0.025, 4)).toBeCloseTo(-2.7764, 3);
    expect(studentTCdf(studentTQuantile(0.9, 3.5), 3.5)).toBeCloseTo(0.9, 10);
    expect(studentTQuantile(0.995, 10)).toBeCloseTo(3.1693, 3);
  });

  it('answers NaN outside its domain', () => {
    expect(studentTQuantile(0, 3)).toBeNaN();
    expect(studentTQuantile(1, 3)).toBeNaN();
    expect(studentTQuantile(0.9, 0)).toBeNaN();
  });
});

describe('meanConfidenceInterval', () => {
  it('is mean ± t · s / √n (hand computed: 1…5 gives 3 ± 2.7764 · 1.5811 / √5 = 3 ± 1.9632)', () => {
    const ci = meanConfidenceInterval([1, 2, 3, 4, 5]);
    expect(ci.n).toBe(5);
    expect(ci.mean).toBe(3);
    expect(ci.halfWidth).toBeCloseTo(1.9632, 4);
    expect(ci.lower).toBeCloseTo(1.0368, 4);
    expect(ci.upper).toBeCloseTo(4.9632, 4);
    expect(ci.level).toBe(0.95);
  });

  it('skips values that are not finite (emotion scores of a participant without data)', () => {
    // 0.2, 0.4, 0.9: mean 0.5, s = 0.3606, t(0.975, 2) = 4.3027 → half width 0.8957.
    const ci = meanConfidenceInterval([0.2, Number.NaN, 0.4, Number.POSITIVE_INFINITY, 0.9]);
    expect(ci.n).toBe(3);
    expect(ci.mean).toBeCloseTo(0.5, 12);
    expect(ci.halfWidth).toBeCloseTo(0.8957, 4);
  });

  it('gives no interval below two values, and a point for equal values', () => {
    expect(meanConfidenceInterval([0.7])).toEqual({
      n: 1,
      mean: 0.7,
      lower: null,
      upper: null,
      halfWidth: null,
      level: 0.95,
    });
    const none = meanConfidenceInterval([]);
    expect(none.n).toBe(0);
    expect(none.mean).toBeNaN();
    expect(none.lower).toBeNull();
    const same = meanConfidenceInterval([2, 2, 2]);
    expect([same.lower, same.upper]).toEqual([2, 2]);
  });

  it('takes another level and refuses a level outside (0, 1)', () => {
    const ci99 = meanConfidenceInterval([1, 2, 3, 4, 5], 0.99);
    // t(0.995, 4) = 4.6041 → half width 4.6041 · 0.7071 = 3.2556.
    expect(ci99.halfWidth).toBeCloseTo(3.2556, 3);
    expect(() => meanConfidenceInterval([1, 2], 1)).toThrow(RangeError);
  });
});

describe('shareConfidenceInterval (Wilson)', () => {
  it('matches published Wilson intervals and stays within [0, 1]', () => {
    // Newcombe (1998), table I: 81 of 263 → 0.2553 to 0.3662; 15 of 148 → 0.0624 to 0.1605
    const a = shareConfidenceInterval(81, 263);
    expect(a?.lower).toBeCloseTo(0.2553, 3);
    expect(a?.upper).toBeCloseTo(0.3662, 3);
    const b = shareConfidenceInterval(15, 148);
    expect(b?.lower).toBeCloseTo(0.0624, 3);
    expect(b?.upper).toBeCloseTo(0.1605, 3);
    const all = shareConfidenceInterval(12, 12);
    expect(all?.upper).toBe(1);
    expect(all?.lower).toBeCloseTo(0.7575, 3);
    expect(shareConfidenceInterval(0, 12)?.lower).toBe(0);
  });

  it('has no interval without participants, nor for a count above n', () => {
    expect(shareConfidenceInterval(0, 0)).toBeNull();
    expect(shareConfidenceInterval(5, 4)).toBeNull();
  });
});
