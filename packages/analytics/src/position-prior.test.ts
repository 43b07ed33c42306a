import { describe, expect, it } from 'vitest';
import { centreBiasDensity, defaultFoldPx, positionPrior, positionPriorDensity } from './position-prior.js';
import { peakOf } from './test-helpers.js';

describe('defaultFoldPx', () => {
  it('is a 1920 × 1080 screen on desktop widths and a 390 × 844 phone below 768 px', () => {
    expect(defaultFoldPx(1920)).toBe(1080);
    expect(defaultFoldPx(1280)).toBe(720);
    expect(defaultFoldPx(390)).toBe(844);
  });
});

describe('positionPrior', () => {
  it('stays at its peak down to the plateau, then falls by e every 0.83 folds', () => {
    const shape = { width: 8, height: 4000, cellPx: 8, cols: 1, rows: 500 };
    const prior = positionPrior(shape, { foldPx: 800, centreX: 0.5 });
    const at = (y: number) => prior[Math.floor(y / 8)] as number;
    expect(at(4)).toBeCloseTo(at(196), 6);
    expect(at(196 + 0.83 * 800) / at(196)).toBeCloseTo(Math.exp(-1), 2);
  });

  it('peaks left of the centre', () => {
    const peak = peakOf(positionPriorDensity(1000, 500));
    expect(peak.x).toBeGreaterThan(380);
    expect(peak.x).toBeLessThan(420);
  });
});

describe('centreBiasDensity', () => {
  it('peaks at the image centre and sums to 1', () => {
    const d = centreBiasDensity(800, 2000);
    const peak = peakOf(d);
    expect(Math.abs(peak.x - 400)).toBeLessThanOrEqual(4);
    expect(Math.abs(peak.y - 1000)).toBeLessThanOrEqual(4);
    expect(d.total).toBeCloseTo(1, 5);
  });
});
