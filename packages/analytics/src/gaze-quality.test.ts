import { describe, expect, it } from 'vitest';
import type { GazeSamples } from './fixations.js';
import {
  aggregateGazeQuality,
  DEFAULT_QUALITY_THRESHOLDS,
  type GazeQuality,
  gazeQuality,
  isLowQuality,
} from './gaze-quality.js';

/** Samples every 10 ms at the given positions (NaN = lost). */
function gaze(points: [number, number][]): GazeSamples {
  return {
    timestamp: Float64Array.from(points, (_, i) => 1_700_000_000_000 + 10 * i),
    x: Float32Array.from(points, (p) => p[0]),
    y: Float32Array.from(points, (p) => p[1]),
  };
}

// At the default geometry (531 mm over 1920 px, 600 mm away) 10 px from the centre is
// atan(10 · 0.2765625 / 600) = 0.264096°.
const TEN_PX_DEG = 0.264096;

describe('gazeQuality', () => {
  it('tracking ratio is the share of valid samples (7 of 10)', () => {
    const lost: [number, number] = [Number.NaN, Number.NaN];
    const q = gazeQuality(
      gaze([
        [960, 540],
        lost,
        [960, 540],
        lost,
        [960, 540],
        [960, 540],
        lost,
        [960, 540],
        [960, 540],
        [960, 540],
      ]),
    );
    expect(q.samples).toBe(10);
    expect(q.validSamples).toBe(7);
    expect(q.trackingRatio).toBeCloseTo(0.7, 12);
  });

  it('precision: gaze alternating 10 px either side of the centre', () => {
    // Sample to sample 2 × 0.264096° = 0.528192° every time; SD 0.264096° (population).
    const points = Array.from({ length: 40 }, (_, i): [number, number] => [i % 2 === 0 ? 950 : 970, 540]);
    const q = gazeQuality(gaze(points));
    expect(q.precisionRmsS2SDeg).toBeCloseTo(2 * TEN_PX_DEG, 5);
    expect(q.precisionSdDeg).toBeCloseTo(TEN_PX_DEG, 5);
  });

  it('precision ignores the few windows a saccade falls in (median over 200 ms windows)', () => {
    const still = Array.from({ length: 100 }, (_, i): [number, number] => [i % 2 === 0 ? 950 : 970, 540]);
    const jumped = Array.from({ length: 100 }, (_, i): [number, number] => [i % 2 === 0 ? 1450 : 1470, 540]);
    const q = gazeQuality(gaze([...still, ...jumped]));
    expect(q.precisionRmsS2SDeg).toBeGreaterThan(0.5);
    expect(q.precisionRmsS2SDeg).toBeLessThan(0.6);
  });

  it('accuracy: the mean gaze 38 px right of a target is atan(38 · 0.2765625 / 600) = 1.0035° off', () => {
    const points = Array.from({ length: 30 }, (_, i): [number, number] => [i < 20 ? 998 : 500, 540]);
    const q = gazeQuality(gaze(points), {
      targets: [
        { x: 960, y: 540, start: 1_700_000_000_000, end: 1_700_000_000_190 },
        { x: 100, y: 100, start: 1_800_000_000_000, end: 1_800_000_001_000 },
      ],
    });
    expect(q.accuracyDeg).toBeCloseTo(1.00347, 4);
    expect(q.targets).toEqual([{ index: 0, offsetDeg: expect.closeTo(1.00347, 4), samples: 20 }]);
    expect(gazeQuality(gaze(points)).accuracyDeg).toBeNull();
  });

  it('reports NaN precision and ratio when there is nothing to measure', () => {
    const q = gazeQuality(gaze([]));
    expect(q.trackingRatio).toBeNaN();
    expect(q.precisionRmsS2SDeg).toBeNaN();
  });
});

const quality = (trackingRatio: number, rms: number, accuracy: number | null): GazeQuality => ({
  samples: 100,
  validSamples: Math.round(100 * trackingRatio),
  trackingRatio,
  precisionRmsS2SDeg: rms,
  precisionSdDeg: rms / 2,
  accuracyDeg: accuracy,
  targets: [],
});

describe('isLowQuality and aggregateGazeQuality', () => {
  it('names each threshold a participant misses', () => {
    expect(isLowQuality(quality(0.95, 0.2, 0.6))).toEqual([]);
    expect(isLowQuality(quality(0.69, 0.2, null))).toEqual(['tracking']);
    expect(isLowQuality(quality(0.9, 0.51, 1.6))).toEqual(['precision', 'accuracy']);
    expect(isLowQuality(quality(0.9, Number.NaN, null))).toEqual([]);
    expect(
      isLowQuality(quality(0.9, 0.3, null), { ...DEFAULT_QUALITY_THRESHOLDS, maxPrecisionRmsS2SDeg: 0.25 }),
    ).toEqual(['precision']);
  });

  it('summarises a test: counts, means, medians and ranges of the finite values', () => {
    const test = aggregateGazeQuality([
      quality(0.9, 0.2, 0.5),
      quality(0.6, 0.4, null),
      quality(0.8, 0.9, 1.0),
    ]);
    expect(test.participants).toBe(3);
    expect(test.lowQuality).toBe(2);
    expect(test.trackingRatio).toEqual({
      n: 3,
      mean: expect.closeTo(0.766667, 5),
      median: 0.8,
      min: 0.6,
      max: 0.9,
    });
    expect(test.accuracyDeg).toEqual({ n: 2, mean: 0.75, median: 0.75, min: 0.5, max: 1 });
    expect(aggregateGazeQuality([]).precisionSdDeg.n).toBe(0);
  });
});
