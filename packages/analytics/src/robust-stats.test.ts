import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  finiteMedianAndMedianOfSquares,
  finiteMediansAndMediansOfSquaresOfTwo,
  median,
  medianAbsoluteDeviation,
  medianAndMedianOfSquares,
  medianOfFewDifferences,
  medianOfFewDistinct,
  medianOfSquaresInPlace,
  mediansOfTwoMagnitudes,
} from './robust-stats.js';

/** The median by sorting a copy: the reference. */
function sortedMedian(v: readonly number[]): number {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2
    ? (s[s.length >> 1] as number)
    : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
}

describe('median', () => {
  it('agrees with sorting (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 200 }),
        // + 0: −0 and 0 are the same median (toBe tells them apart).
        (v) => {
          expect(median(v) + 0).toBe(sortedMedian(v) + 0);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('is exact on long, heavy-tailed and repetitive values (the bucket rounds), squares too (property)', () => {
    const value = fc.oneof(
      fc.double({ min: -5, max: 5, noNaN: true }),
      fc.double({ min: -1e4, max: 1e4, noNaN: true }),
      fc.integer({ min: 0, max: 6 }),
      fc.constant(1e-300),
      // Signed zeros and subnormals: the radix keys must order them as numbers.
      fc.constantFrom(-0, 5e-324, -5e-324, 2 ** -1030),
    );
    fc.assert(
      // From 257 values the histogram of slots, with up to 2¹³ magnitude slots (from 8,192 values).
      fc.property(
        fc.oneof(
          fc.array(value, { minLength: 257, maxLength: 5000 }),
          fc.array(value, { minLength: 8192, maxLength: 9000 }),
        ),
        (v) => {
          expect(median(v) + 0).toBe(sortedMedian(v) + 0);
          // Negated, so that the middle is as often among negative values as among positive ones.
          expect(median(v.map((x) => -x)) + 0).toBe(-sortedMedian(v) + 0);
          const abs = Float64Array.from(v, Math.abs);
          const squares = sortedMedian(v.map((x) => x * x));
          expect(medianOfSquaresInPlace(abs, abs.length)).toBe(squares + 0);
          const [both, bothOfSquares] = medianAndMedianOfSquares(Float64Array.from(v), v.length);
          expect([both + 0, bothOfSquares]).toEqual([sortedMedian(v) + 0, squares]);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('is exact when the two middle values lie in different octaves or share one value', () => {
    const halves = [...Array.from({ length: 3000 }, () => 1), ...Array.from({ length: 3000 }, () => -2.5)];
    expect(median(halves)).toBe(-0.75);
    expect(median([...halves, 3])).toBe(1);
    expect(median(Array.from({ length: 5000 }, (_, i) => (i % 2 ? 7 : 7.000000000000001)))).toBe(
      (7 + 7.000000000000001) / 2,
    );
  });

  it('is exact when the values that set the slots are not like the others', () => {
    // Slots spread over the magnitudes of 64 evenly spaced values: here all of them outliers.
    const v = Array.from({ length: 6400 }, (_, i) =>
      i % 100 === 0 ? 1e6 : Math.sin(i) * (i % 3 ? 1 : -1e-3),
    );
    expect(median(v)).toBe(sortedMedian(v));
    const [m, ofSquares] = medianAndMedianOfSquares(Float64Array.from(v), v.length);
    expect([m, ofSquares]).toEqual([sortedMedian(v), sortedMedian(v.map((x) => x * x))]);
  });

  it('gives both medians of the finite values of a Float32Array in place (property)', () => {
    const value = fc.oneof(
      fc.float({ min: -50, max: 50, noNaN: true }),
      fc.float({ min: Math.fround(-1e-3), max: Math.fround(1e-3), noNaN: true }),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0, -0, 3),
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 3000 }), (v) => {
        const finite = Float32Array.from(v).filter(Number.isFinite);
        const [m, ofSquares] = finiteMedianAndMedianOfSquares(Float32Array.from(v));
        if (finite.length === 0) expect([m, ofSquares]).toEqual([Number.NaN, Number.NaN]);
        else {
          const w = [...finite];
          expect([m + 0, ofSquares]).toEqual([sortedMedian(w) + 0, sortedMedian(w.map((x) => x * x))]);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('gives both medians of two Float32Arrays together, as of each alone (property)', () => {
    const value = fc.oneof(
      fc.float({ min: -50, max: 50, noNaN: true }),
      fc.float({ min: Math.fround(-1e-3), max: Math.fround(1e-3), noNaN: true }),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0, -0, 3),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(value, value), { minLength: 1, maxLength: 3000 }), (pairs) => {
        const a = Float32Array.from(pairs, (p) => p[0]);
        const b = Float32Array.from(pairs, (p) => p[1]);
        const out = new Float64Array(4);
        finiteMediansAndMediansOfSquaresOfTwo(a, b, out);
        const alone = [...finiteMedianAndMedianOfSquares(a), ...finiteMedianAndMedianOfSquares(b)];
        expect([...out].map((m) => m + 0)).toEqual(alone.map((m) => m + 0));
      }),
      { numRuns: 150 },
    );
    const lost = new Float32Array(600).fill(Number.NaN);
    const out = new Float64Array(4);
    finiteMediansAndMediansOfSquaresOfTwo(
      lost,
      Float32Array.from({ length: 600 }, (_, i) => i - 300),
      out,
    );
    expect([...out]).toEqual([Number.NaN, Number.NaN, -0.5, 150 * 150]);
  });

  it('gives the median and the median of squares of signed values together', () => {
    for (const n of [101, 300, 1001, 5000, 40_000]) {
      const v = Array.from({ length: n }, (_, i) => Math.sin(i) * 3 + (i % 7 === 0 ? 40 : 0));
      const [m, ofSquares] = medianAndMedianOfSquares(Float64Array.from(v), n);
      expect([m, ofSquares]).toEqual([sortedMedian(v), sortedMedian(v.map((x) => x * x))]);
    }
  });

  it('gives the medians of two lists of magnitudes together (property)', () => {
    const value = fc.oneof(
      fc.double({ min: 0, max: 5, noNaN: true }),
      fc.double({ min: 0, max: 1e4, noNaN: true }),
      fc.integer({ min: 0, max: 6 }),
      fc.constantFrom(0, 5e-324, 2 ** -1030, 1e300),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(value, value), { minLength: 1, maxLength: 3000 }),
        fc.nat(40),
        (pairs, gap) => {
          const count = pairs.length;
          const a = new Float64Array(2 * count + gap);
          pairs.forEach(([p, q], i) => {
            a[i] = p;
            a[count + gap + i] = q;
          });
          const out = new Float64Array(2);
          mediansOfTwoMagnitudes(a, count + gap, count, out);
          expect([...out]).toEqual([
            sortedMedian(pairs.map((p) => p[0])),
            sortedMedian(pairs.map((p) => p[1])),
          ]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('skips NaN and computes the MAD', () => {
    expect(median([Number.NaN, 3, 1, 2])).toBe(2);
    expect(Number.isNaN(median([]))).toBe(true);
    expect(medianAbsoluteDeviation([1, 2, 3, 4, 100], 3)).toBe(1);
  });

  it('takes the median of at most 8 distinct values from their counts, NaN for more (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 1, max: 10, noNaN: true }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 300 }),
        (values, picks) => {
          const v = picks.map((p) => values[p % values.length] as number);
          const distinct = new Set(v).size;
          const few = medianOfFewDistinct(Float64Array.from(v), v.length);
          if (distinct > 8) expect(Number.isNaN(few)).toBe(true);
          else expect(few).toBe(sortedMedian(v));
        },
      ),
      { numRuns: 300 },
    );
    expect(medianOfFewDistinct(Float64Array.from([3.3, 3.3, 3.4, 3.4]), 4)).toBe((3.3 + 3.4) / 2);
  });

  it('takes the median of at most 4 distinct consecutive differences as it makes them (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 10, noNaN: true }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { minLength: 0, maxLength: 300 }),
        fc.integer({ min: 1, max: 3 }),
        (steps, picks, stride) => {
          const times = [1000.5];
          for (const p of picks) times.push((times.at(-1) as number) + (steps[p % steps.length] as number));
          if (picks.length > 3) times[2] = Number.NaN;
          const t = Float64Array.from(times);
          const d: number[] = [];
          for (let i = 1; i < t.length; i += stride) {
            const v = (t[i] as number) - (t[i - 1] as number);
            if (Number.isFinite(v)) d.push(v);
          }
          const fewest = medianOfFewDifferences(t, stride);
          if (d.length === 0 || new Set(d).size > 4) expect(Number.isNaN(fewest)).toBe(true);
          else expect(fewest).toBe(medianOfFewDistinct(Float64Array.from(d), d.length));
        },
      ),
      { numRuns: 300 },
    );
    expect(Number.isNaN(medianOfFewDistinct(new Float64Array(4), 0))).toBe(true);
  });
});
