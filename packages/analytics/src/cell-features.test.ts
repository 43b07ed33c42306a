import { describe, expect, it } from 'vitest';
import { cellFeatures, isSkinTone } from './cell-features.js';
import { fillRect, solidImage } from './test-helpers.js';

describe('cellFeatures', () => {
  it('averages colour per cell, partial cells included', () => {
    const image = solidImage(12, 8, [255, 0, 0]);
    fillRect(image, { x: 8, y: 0, width: 4, height: 8 }, [0, 0, 255]);
    const f = cellFeatures(image, 8);
    expect([f.cols, f.rows]).toEqual([2, 1]);
    expect(f.lum[0]).toBeCloseTo(0.2126, 6);
    expect(f.rg[0]).toBeCloseTo(1, 6);
    expect(f.by[1]).toBeCloseTo(1, 6);
    expect(f.sat[1]).toBeCloseTo(1, 6);
  });

  it('measures stroke density: high on stripes, zero on flat colour', () => {
    const image = solidImage(16, 8, [255, 255, 255]);
    // One-pixel black columns every other pixel in the left cell, like small text.
    for (let x = 0; x < 8; x += 2) fillRect(image, { x, y: 0, width: 1, height: 8 }, [0, 0, 0]);
    const f = cellFeatures(image, 8);
    expect(f.edge[0]).toBeGreaterThan(0.8);
    // The right cell is flat apart from its first column, which borders the last stripe.
    expect(f.edge[1]).toBeLessThan(0.1);
  });
});

describe('isSkinTone', () => {
  it('takes skin tones and leaves out orange, grey and blue', () => {
    expect(isSkinTone(224, 172, 105)).toBe(true);
    expect(isSkinTone(198, 134, 66)).toBe(true);
    expect(isSkinTone(230, 90, 50)).toBe(false);
    expect(isSkinTone(128, 128, 128)).toBe(false);
    expect(isSkinTone(40, 90, 200)).toBe(false);
  });
});
