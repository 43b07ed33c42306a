import { describe, expect, it } from 'vitest';
import { boxBlurGaussian, boxWidthsForGaussian } from './box-blur.js';

describe('boxWidthsForGaussian', () => {
  it('gives odd widths whose variances add up to σ²', () => {
    for (const sigma of [0.8, 2, 3.75, 16]) {
      const widths = boxWidthsForGaussian(sigma);
      expect(widths.every((w) => w % 2 === 1)).toBe(true);
      const variance = widths.reduce((a, w) => a + (w * w - 1) / 12, 0);
      expect(Math.abs(variance - sigma * sigma)).toBeLessThan(0.1 * sigma * sigma + 1);
    }
    expect(boxWidthsForGaussian(0)).toEqual([1, 1, 1]);
  });
});

describe('boxBlurGaussian', () => {
  it('spreads an impulse like a Gaussian of that σ, keeping its mass away from the edges', () => {
    const cols = 101;
    const grid = new Float32Array(cols * cols);
    grid[50 * cols + 50] = 1;
    const out = boxBlurGaussian(grid, cols, cols, 4);
    let mass = 0;
    let variance = 0;
    for (let r = 0; r < cols; r++)
      for (let c = 0; c < cols; c++) {
        const v = out[r * cols + c] as number;
        mass += v;
        variance += v * (c - 50) * (c - 50);
      }
    expect(mass).toBeCloseTo(1, 4);
    expect(Math.sqrt(variance)).toBeGreaterThan(3.6);
    expect(Math.sqrt(variance)).toBeLessThan(4.4);
    expect(grid[50 * cols + 50]).toBe(1);
  });

  it('keeps a constant grid constant, edges included', () => {
    const out = boxBlurGaussian(new Float32Array(30 * 7).fill(0.5), 30, 7, 5);
    for (const v of out) expect(v).toBeCloseTo(0.5, 6);
  });
});
