import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PEAK_OPTIONS, detectPeaks, detectSignificantPoints } from './peaks.js';

/** 10 Hz series with deterministic noise (amplitude `noise`) around 0.4. */
function series(seconds: number, noise: number, seed: number): { t: Float64Array; v: Float32Array } {
  const n = seconds * 10;
  const t = new Float64Array(n);
  const v = new Float32Array(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) % 2147483648;
    t[i] = 1_700_000_000_000 + i * 100;
    v[i] = 0.4 + noise * (s / 2147483648 - 0.5);
  }
  return { t, v };
}

/** Adds a Gaussian bump of `height` and σ 0.5 s centred on sample `at`. */
function bump(v: Float32Array, at: number, height: number): void {
  for (let i = Math.max(0, at - 20); i < Math.min(v.length, at + 21); i++) {
    v[i] = (v[i] as number) + height * Math.exp(-((i - at) ** 2) / (2 * 25));
  }
}

describe('detectPeaks', () => {
  it('finds injected bumps (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 2, max: 55 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 10_000 }),
        (secs, seed) => {
          const spaced = [...secs]
            .sort((a, b) => a - b)
            .filter((s, i, a) => i === 0 || s - (a[i - 1] as number) >= 5);
          const { t, v } = series(60, 0.05, seed);
          for (const s of spaced) bump(v, s * 10, 0.4);
          const peaks = detectPeaks(t, v);
          for (const s of spaced) {
            expect(peaks.some((p) => Math.abs(p.index - s * 10) <= 2)).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('finds nothing in a flat or constant series', () => {
    const { t } = series(30, 0, 1);
    expect(detectPeaks(t, new Float32Array(t.length).fill(0.5))).toEqual([]);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (c) => {
        expect(detectPeaks(t, new Float32Array(t.length).fill(c))).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it('never puts two peaks closer than the separation (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 2, maxLength: 400 }),
        fc.integer({ min: 100, max: 5000 }),
        (vals, sep) => {
          const t = Float64Array.from(vals, (_, i) => i * 100);
          const peaks = detectPeaks(t, Float32Array.from(vals), {
            minSeparationMs: sep,
            minScore: 0,
            minProminence: 0,
          });
          for (let i = 1; i < peaks.length; i++) {
            expect(
              (peaks[i] as { timestamp: number }).timestamp -
                (peaks[i - 1] as { timestamp: number }).timestamp,
            ).toBeGreaterThanOrEqual(sep);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('uses the documented defaults', () => {
    expect(DEFAULT_PEAK_OPTIONS).toEqual({ minScore: 3, minProminence: 0.1, minSeparationMs: 3000 });
  });
});

describe('detectSignificantPoints', () => {
  it('ranks all emotions by score, 1 = strongest', () => {
    const { t, v: joy } = series(60, 0.05, 3);
    const { v: attention } = series(60, 0.05, 4);
    const { v: frustration } = series(60, 0.05, 5);
    bump(joy, 100, 0.3);
    bump(frustration, 300, 0.6);
    const points = detectSignificantPoints({ timestamp: t, joy, attention, frustration });
    expect(points.map((p) => p.emotion)).toEqual(['joy', 'frustration']);
    expect(points.find((p) => p.emotion === 'frustration')?.ranking).toBe(1);
    expect(points.find((p) => p.emotion === 'joy')?.ranking).toBe(2);
    expect(Math.abs((points[0]?.timestamp_top ?? 0) - (t[100] as number))).toBeLessThanOrEqual(200);
  });
});
