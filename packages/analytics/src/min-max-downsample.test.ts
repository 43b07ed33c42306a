import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { downsampleMinMax } from './min-max-downsample.js';

describe('downsampleMinMax', () => {
  it('answers short series unchanged', () => {
    expect(downsampleMinMax([0, 1, 2], [[0.1, 0.5, 0.2]], 300)).toEqual({
      time: [0, 1, 2],
      columns: [[0.1, 0.5, 0.2]],
    });
    expect(downsampleMinMax([], [[]], 300)).toEqual({ time: [], columns: [[]] });
  });

  it("keeps each column's peak and dip of a bucket, in the order they happen", () => {
    // 8 rows into 2 buckets of 2 s: rows 0-3 and 4-7
    const time = [0, 1, 2, 3, 4, 5, 6, 7];
    const up = [0.5, 0.9, 0.1, 0.5, 0.5, 0.5, 0.5, 0.5];
    const down = [0.5, 0.2, 0.8, 0.5, 0.3, 0.3, 0.7, 0.3];
    expect(downsampleMinMax(time, [up, down], 4)).toEqual({
      time: [0, 3, 4, 7],
      columns: [
        [0.9, 0.1, 0.5, 0.5],
        [0.2, 0.8, 0.3, 0.7],
      ],
    });
  });

  it('leaves gaps empty rather than inventing rows', () => {
    const time = [0, 0.1, 0.2, 9.8, 9.9, 10];
    const values = [1, 2, 3, 4, 5, 6];
    const { time: out } = downsampleMinMax(time, [values], 4);
    expect(out).toEqual([0, 0.2, 9.8, 10]);
  });

  it('stays within maxPoints, keeps times in order and every extreme (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 2000 }),
        fc.integer({ min: 2, max: 400 }),
        fc.integer({ min: 1, max: 200 }),
        (values, maxPoints, hz) => {
          const time = values.map((_, i) => i / hz);
          const flipped = values.map((value) => 1 - value);
          const out = downsampleMinMax(time, [values, flipped], maxPoints);
          expect(out.time.length).toBeLessThanOrEqual(Math.max(maxPoints, 2));
          for (const column of out.columns) expect(column).toHaveLength(out.time.length);
          for (let i = 1; i < out.time.length; i++)
            expect(out.time[i]).toBeGreaterThanOrEqual(out.time[i - 1] as number);
          expect(Math.max(...(out.columns[0] ?? []))).toBe(Math.max(...values));
          expect(Math.min(...(out.columns[0] ?? []))).toBe(Math.min(...values));
          expect(Math.max(...(out.columns[1] ?? []))).toBe(Math.max(...flipped));
        },
      ),
      { numRuns: 100 },
    );
  });
});
