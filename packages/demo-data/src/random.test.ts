import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveSeed, normalizeSeed, Random } from './random.js';

describe('Random', () => {
  it('repeats its sequence for the same seed and differs for another', () => {
    const a = new Random(42);
    const b = new Random(42);
    const c = new Random(43);
    const seqA = Array.from({ length: 20 }, () => a.nextUint32());
    const seqB = Array.from({ length: 20 }, () => b.nextUint32());
    const seqC = Array.from({ length: 20 }, () => c.nextUint32());
    expect(seqA).toEqual(seqB);
    expect(seqA).not.toEqual(seqC);
  });

  it('gives uniform values in [0, 1) and gaussians with mean 0 and sd 1', () => {
    const r = new Random(7);
    let sum = 0;
    let sumSq = 0;
    const n = 50_000;
    let outside = 0;
    for (let i = 0; i < n; i++) {
      const u = r.next();
      if (!(u >= 0 && u < 1)) outside++;
      const g = r.gaussian();
      sum += g;
      sumSq += g * g;
    }
    expect(outside).toBe(0);
    expect(Math.abs(sum / n)).toBeLessThan(0.02);
    expect(Math.abs(Math.sqrt(sumSq / n) - 1)).toBeLessThan(0.02);
  });

  it('draws log-normals around their median', () => {
    const r = new Random(3);
    const values = Array.from({ length: 20_001 }, () => r.logNormal(280, 0.25)).sort((a, b) => a - b);
    expect(values[10_000]).toBeGreaterThan(270);
    expect(values[10_000]).toBeLessThan(290);
  });

  it('keeps int, uniform and sample within their bounds', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: -1000, max: 1000 }), fc.nat(1000), (seed, lo, span) => {
        const r = new Random(seed);
        const i = r.int(lo, lo + span);
        const u = r.uniform(lo, lo + span + 1);
        const items = Array.from({ length: span % 20 }, (_, k) => k);
        const picked = r.sample(items, 5);
        return (
          Number.isInteger(i) &&
          i >= lo &&
          i <= lo + span &&
          u >= lo &&
          u < lo + span + 1 &&
          picked.length === Math.min(5, items.length) &&
          new Set(picked).size === picked.length
        );
      }),
      { numRuns: 200 },
    );
  });

  it('derives distinct child seeds and rejects seeds that are not safe integers', () => {
    const children = new Set(Array.from({ length: 1000 }, (_, i) => deriveSeed(1, i)));
    expect(children.size).toBe(1000);
    expect(deriveSeed(1, 'gaze')).not.toBe(deriveSeed(1, 'mouse'));
    expect(normalizeSeed(1)).not.toBe(normalizeSeed(1 + 2 ** 32));
    expect(() => normalizeSeed(1.5)).toThrow(RangeError);
    expect(() => normalizeSeed(Number.NaN)).toThrow(RangeError);
  });
});
