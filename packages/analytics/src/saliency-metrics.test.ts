import { describe, expect, it } from 'vitest';
import { aucJudd, correlationCoefficient, fixationMap, nss } from './saliency-metrics.js';

// A 2 × 2 grid: saliency 0.9 0.1 / 0.5 0.3, fixations on the first and the last cell.
const saliency = [0.9, 0.1, 0.5, 0.3];
const fixated = Uint8Array.of(1, 0, 0, 1);

describe('aucJudd', () => {
  it('integrates the ROC of the thresholds at the fixations (hand-computed)', () => {
    // Thresholds 0.9 then 0.3. At 0.9: 1 cell ≥ it, tp 1/2, fp (1 − 1)/2 = 0. At 0.3: 3 cells
    // (0.9, 0.5, 0.3), tp 1, fp (3 − 2)/2 = 0.5. Curve (0,0) (0,.5) (.5,1) (1,1):
    // 0 + 0.5 × (0.5 + 1)/2 + 0.5 × (1 + 1)/2 = 0.875.
    expect(aucJudd(saliency, fixated)).toBeCloseTo(0.875, 12);
  });

  it('is 1 when the fixated cells are the most salient and 0.5 for a constant map', () => {
    expect(aucJudd([0.1, 0.9, 0.2, 0.8], Uint8Array.of(0, 1, 0, 1))).toBe(1);
    // Constant: one threshold takes every cell, tp 1/1, fp 1: the diagonal.
    expect(aucJudd([1, 1, 1, 1], Uint8Array.of(0, 1, 0, 0))).toBe(0.5);
  });

  it('ranks a single fixated cell among the others', () => {
    // At the least salient cell the one threshold takes all 4 cells: tp 1, fp (4 − 1)/3 = 1.
    expect(aucJudd([0.4, 0.3, 0.2, 0.1], Uint8Array.of(0, 0, 0, 1))).toBe(0.5);
    // At the second highest: 2 cells ≥ 0.3, tp 1, fp (2 − 1)/3; area 1/3 × 1/2 + 2/3 × 1.
    expect(aucJudd([0.4, 0.3, 0.2, 0.1], Uint8Array.of(0, 1, 0, 0))).toBeCloseTo(1 / 6 + 2 / 3, 12);
  });

  it('is NaN without fixations or without unfixated cells', () => {
    expect(aucJudd([1, 2], Uint8Array.of(0, 0))).toBeNaN();
    expect(aucJudd([1, 2], Uint8Array.of(1, 1))).toBeNaN();
  });

  it('refuses maps of different lengths', () => {
    expect(() => aucJudd([1, 2, 3], Uint8Array.of(1, 0))).toThrow(RangeError);
  });
});

describe('nss', () => {
  it('averages the standardised saliency at the fixations (hand-computed)', () => {
    // Mean 0.45; deviations 0.45, −0.35, 0.05, −0.15; sample variance 0.35 / 3.
    // Fixated: (0.45 − 0.15) / 2 / √(0.35 / 3) = 0.15 / 0.341565 = 0.439155.
    expect(nss(saliency, fixated)).toBeCloseTo(0.15 / Math.sqrt(0.35 / 3), 12);
    expect(nss(saliency, fixated)).toBeCloseTo(0.439155, 5);
  });

  it('is 0 at the mean, NaN for a constant map or without fixations', () => {
    expect(nss([0, 1, 2], Uint8Array.of(0, 1, 0))).toBe(0);
    expect(nss([1, 1, 1], Uint8Array.of(0, 1, 0))).toBeNaN();
    expect(nss([0, 1, 2], Uint8Array.of(0, 0, 0))).toBeNaN();
  });
});

describe('correlationCoefficient', () => {
  it('is Pearson’s r (hand-computed)', () => {
    expect(correlationCoefficient([1, 2, 3, 4], [2, 4, 6, 8])).toBeCloseTo(1, 12);
    expect(correlationCoefficient([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    expect(correlationCoefficient([1, 0, 0, 1], [1, 0, 1, 0])).toBe(0);
    // Deviations (−1, 0, 1) and (−1, 1, 0): covariance sum 1, each variance sum 2 → 0.5.
    expect(correlationCoefficient([1, 2, 3], [1, 3, 2])).toBeCloseTo(0.5, 12);
  });

  it('is NaN for a constant map', () => {
    expect(correlationCoefficient([1, 1, 1], [1, 2, 3])).toBeNaN();
  });
});

describe('fixationMap', () => {
  it('marks each cell with a fixation once and skips points off the page', () => {
    const shape = { width: 20, height: 10, cellPx: 8, cols: 3, rows: 2 };
    const map = fixationMap(
      { x: [1, 2, 19.5, 9, -1, Number.NaN, 25, 5], y: [1, 3, 9, 9, 5, 5, 5, 10] },
      shape,
    );
    // (1,1) and (2,3) share cell 0; (19.5, 9) is cell (2, 1) = 5; (9, 9) is cell (1, 1) = 4.
    expect([...map]).toEqual([1, 0, 0, 0, 1, 1]);
  });
});
