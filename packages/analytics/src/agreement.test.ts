import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cohensKappa } from './agreement.js';

describe('cohensKappa', () => {
  it('is 1 for identical, −1 for opposite balanced labellings', () => {
    expect(cohensKappa([1, 0, 1, 0], [1, 0, 1, 0])).toBe(1);
    expect(cohensKappa([1, 0, 1, 0], [0, 1, 0, 1])).toBe(-1);
  });

  it('matches a worked example', () => {
    // 20 both yes, 5 a only, 10 b only, 15 both no: po = 0.7, pe = 0.5 → κ = 0.4.
    const a = [...Array(20).fill(1), ...Array(5).fill(1), ...Array(10).fill(0), ...Array(15).fill(0)];
    const b = [...Array(20).fill(1), ...Array(5).fill(0), ...Array(10).fill(1), ...Array(15).fill(0)];
    expect(cohensKappa(a, b)).toBeCloseTo(0.4, 10);
  });

  it('handles constant and empty labellings', () => {
    expect(cohensKappa([1, 1], [1, 1])).toBe(1);
    expect(cohensKappa([1, 1], [0, 0])).toBe(0);
    expect(Number.isNaN(cohensKappa([], []))).toBe(true);
    expect(() => cohensKappa([1], [1, 0])).toThrow(RangeError);
  });

  it('is symmetric and at most 1', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 1 })), { minLength: 1 }),
        (pairs) => {
          const a = pairs.map((p) => p[0]);
          const b = pairs.map((p) => p[1]);
          const k = cohensKappa(a, b);
          expect(k).toBeLessThanOrEqual(1 + 1e-12);
          expect(k).toBeCloseTo(cohensKappa(b, a), 12);
        },
      ),
      { numRuns: 100 },
    );
  });
});
