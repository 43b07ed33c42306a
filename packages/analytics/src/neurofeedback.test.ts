import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neurofeedbackPoints } from './neurofeedback.js';

describe('neurofeedbackPoints', () => {
  it('keeps points from 5 s before to 7 s after, in time order', () => {
    const pts = [20_000, 4_999, 5_000, 17_000, 17_001, 8_000].map((timestamp_top, id) => ({
      id,
      timestamp_top,
    }));
    expect(neurofeedbackPoints(pts, 10_000).map((p) => p.timestamp_top)).toEqual([5_000, 8_000, 17_000]);
  });

  it('returns exactly the points within the window (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 })),
        fc.integer({ min: 0, max: 100_000 }),
        (times, now) => {
          const got = neurofeedbackPoints(
            times.map((timestamp_top) => ({ timestamp_top })),
            now,
          );
          expect(got.length).toBe(times.filter((t) => t >= now - 5000 && t <= now + 7000).length);
        },
      ),
      { numRuns: 100 },
    );
  });
});
