import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCREEN_GEOMETRY } from './gaze-geometry.js';
import { estimateGazeNoiseDeg, medianSampleIntervalMs, sampleIntervalAndNoise } from './gaze-noise.js';

describe('sampleIntervalAndNoise', () => {
  it('gives the numbers of medianSampleIntervalMs and estimateGazeNoiseDeg (property)', () => {
    const step = fc.oneof(
      fc.constantFrom(1000 / 300, 2, 1, 0, 6.7, Number.NaN, Number.POSITIVE_INFINITY),
      fc.double({ min: 0.5, max: 20, noNaN: true }),
    );
    const position = fc.oneof(fc.double({ min: 0, max: 1920, noNaN: true }), fc.constant(Number.NaN));
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 5 }),
        fc.array(fc.tuple(fc.nat(), position, position), { minLength: 0, maxLength: 1200 }),
        (steps, rows) => {
          let t = 5000.5;
          const timestamp = Float64Array.from(rows, ([pick]) => {
            t += steps[pick % steps.length] as number;
            return t;
          });
          const gaze = {
            timestamp,
            x: Float32Array.from(rows, (r) => r[1]),
            y: Float32Array.from(rows, (r) => r[2]),
          };
          const out = new Float64Array(2);
          sampleIntervalAndNoise(gaze, DEFAULT_SCREEN_GEOMETRY, out);
          const interval = medianSampleIntervalMs(timestamp);
          expect([...out]).toEqual([interval, estimateGazeNoiseDeg(gaze, DEFAULT_SCREEN_GEOMETRY, interval)]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
