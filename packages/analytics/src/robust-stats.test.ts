import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { median, medianAbsoluteDeviation } from './robust-stats.js';

describe('median', () => {
  it('agrees with sorting (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 200 }),
        (v) => {
          const s = [...v].sort((a, b) => a - b);
          const m =
            s.length % 2
              ? (s[s.length >> 1] as number)
              : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
          expect(median(v)).toBeCloseTo(m, 6);
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
});
