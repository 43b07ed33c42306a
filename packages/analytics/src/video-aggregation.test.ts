import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  detectGazeMoments,
  detectMoments,
  gazeFluency,
  gazeSpread,
  meanEmotionCurves,
  outstandingIntervals,
} from './video-aggregation.js';

function participant(value: (t: number) => number, durationMs = 10_000) {
  const times: number[] = [];
  for (let t = 0; t <= durationMs; t += 100) times.push(t);
  const v = Float32Array.from(times, value);
  return { timestamp: Float64Array.from(times), joy: v, attention: v, frustration: v };
}

describe('meanEmotionCurves', () => {
  it('averages participants on a 100 ms grid, interpolating between samples', () => {
    const a = participant(() => 0.2);
    const b = {
      ...participant(() => 0.6),
      timestamp: Float64Array.from({ length: 101 }, (_, i) => i * 100 + 50),
    };
    const c = meanEmotionCurves([a, b], 10_000);
    expect(c.time.length).toBe(101);
    expect(c.joy[0]).toBeCloseTo(0.2, 5);
    expect(c.joy[50]).toBeCloseTo(0.4, 5);
  });

  it('lies between the participants’ minimum and maximum (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 8 }),
        (levels) => {
          const c = meanEmotionCurves(
            levels.map((l) => participant(() => l, 2000)),
            2000,
          );
          for (const v of c.attention) {
            expect(v).toBeGreaterThanOrEqual(Math.min(...levels) - 1e-6);
            expect(v).toBeLessThanOrEqual(Math.max(...levels) + 1e-6);
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('detectMoments', () => {
  it('marks where the mean stands out, and nothing on a constant curve', () => {
    const c = meanEmotionCurves([participant((t) => (t >= 4000 && t <= 6000 ? 0.9 : 0.3))], 10_000);
    const moments = detectMoments(c);
    expect(moments.filter((m) => m.emotion === 'joy')).toEqual([{ emotion: 'joy', start: 4000, end: 6000 }]);
    expect(detectMoments(meanEmotionCurves([participant(() => 0.5)], 10_000))).toEqual([]);
  });
});

describe('outstandingIntervals and detectGazeMoments', () => {
  const grid = Float64Array.from({ length: 101 }, (_, k) => k * 100);
  const dip = Float32Array.from(grid, (t) => (t >= 3000 && t <= 5000 ? 10 : 200));
  it('finds where a curve lies below its mean − k·sd, merged and long enough', () => {
    expect(outstandingIntervals(grid, dip, 'below')).toEqual([{ start: 3000, end: 5000 }]);
    expect(outstandingIntervals(grid, dip, 'above')).toEqual([]);
    expect(outstandingIntervals(grid, dip, 'below', { minDurationMs: 3000 })).toEqual([]);
    expect(outstandingIntervals(grid, new Float32Array(101).fill(Number.NaN), 'below')).toEqual([]);
  });
  it('marks converging gaze (low spread) and restless eyes (low fluency)', () => {
    const flat = Float32Array.from(grid, () => 1);
    const moments = detectGazeMoments({ time: grid, value: dip }, { time: grid, value: flat });
    expect(moments).toEqual([{ emotion: 'spread', start: 3000, end: 5000 }]);
    const restless = detectGazeMoments({ time: grid, value: flat }, { time: grid, value: dip });
    expect(restless).toEqual([{ emotion: 'fluency', start: 3000, end: 5000 }]);
  });
});

describe('gazeSpread and gazeFluency', () => {
  const gaze = (x: number) => ({
    timestamp: Float64Array.from({ length: 1000 }, (_, i) => i * 10),
    x: new Float32Array(1000).fill(x),
    y: new Float32Array(1000).fill(500),
  });
  it('spread is 0 when all look at one spot and half the distance for two', () => {
    expect(gazeSpread([gaze(100), gaze(100)], 9000).value[40]).toBe(0);
    expect(gazeSpread([gaze(100), gaze(300)], 9000).value[40]).toBeCloseTo(100, 3);
    expect(Number.isNaN(gazeSpread([gaze(100)], 9000).value[40] as number)).toBe(true);
  });
  it('fluency is 1 for uniform fixations and lower where fixations are short', () => {
    const even = [[0, 1000, 2000, 3000].map((s) => ({ start: s, end: s + 900, x: 0, y: 0, duration: 900 }))];
    expect(gazeFluency(even, 4000).value[20]).toBeCloseTo(1, 5);
    const mixed = [
      [
        ...[0, 1000].map((s) => ({ start: s, end: s + 900, x: 0, y: 0, duration: 900 })),
        ...Array.from({ length: 10 }, (_, i) => ({
          start: 5000 + i * 200,
          end: 5000 + i * 200 + 100,
          x: 0,
          y: 0,
          duration: 100,
        })),
      ],
    ];
    const f = gazeFluency(mixed, 8000);
    expect(f.value[60]).toBeLessThan(1);
    expect(f.value[5]).toBeGreaterThan(1);
  });
});
