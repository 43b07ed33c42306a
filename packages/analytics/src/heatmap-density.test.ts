import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attentionShareInBox,
  colorizeDensity,
  colorTable,
  densityGrid,
  gaussianKernel,
  heatmapImage,
} from './heatmap-density.js';

describe('densityGrid', () => {
  it('keeps the mass of points away from the edges (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: 200, max: 800, noNaN: true }),
            fc.double({ min: 200, max: 400, noNaN: true }),
          ),
          { minLength: 1, maxLength: 200 },
        ),
        (pts) => {
          const g = densityGrid({ x: pts.map((p) => p[0]), y: pts.map((p) => p[1]) }, 1000, 600);
          expect(g.total).toBeCloseTo(pts.length, 2);
          const share = attentionShareInBox(g, { left: 0, top: 0, width: 1000, height: 600 });
          expect(share).toBeCloseTo(1, 4);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('skips NaN and points off the page', () => {
    const g = densityGrid({ x: [Number.NaN, -1, 50, 2000], y: [10, 10, 50, 10] }, 100, 100);
    expect(g.total).toBeGreaterThan(0);
    expect(g.total).toBeLessThanOrEqual(1);
  });

  it('peaks where the points are', () => {
    const g = densityGrid({ x: [400, 401, 399], y: [300, 300, 301] }, 800, 600);
    let best = 0;
    for (let i = 0; i < g.values.length; i++)
      if ((g.values[i] as number) > (g.values[best] as number)) best = i;
    expect(Math.abs((best % g.cols) * g.cellPx - 400)).toBeLessThanOrEqual(8);
    expect(Math.abs(Math.floor(best / g.cols) * g.cellPx - 300)).toBeLessThanOrEqual(8);
  });

  it('has a normalised kernel', () => {
    const k = gaussianKernel(3.75);
    expect(k.length).toBe(2 * 12 + 1);
    expect(k.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
  });
});

describe('attentionShareInBox', () => {
  const g = densityGrid({ x: [100, 100, 700], y: [100, 100, 500] }, 800, 600);
  it('measures the share of density in a box', () => {
    const share = attentionShareInBox(g, { left: 0, top: 0, width: 300, height: 300 }) ?? 0;
    expect(share).toBeGreaterThan(0.6);
    expect(share).toBeLessThan(0.7);
  });
  it('ignores boxes of at most 5 px width', () => {
    expect(attentionShareInBox(g, { left: 0, top: 0, width: 5, height: 300 })).toBeNull();
    expect(attentionShareInBox(g, { left: 0, top: 0, width: 6, height: 300 })).not.toBeNull();
  });
  it('stays within [0, 1] (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100, max: 900 }),
        fc.integer({ min: -100, max: 700 }),
        fc.integer({ min: 6, max: 1000 }),
        fc.integer({ min: 0, max: 800 }),
        (left, top, width, height) => {
          const s = attentionShareInBox(g, { left, top, width, height }) ?? -1;
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('colour', () => {
  it('builds a 256-entry table, transparent at 0 and red at the top', () => {
    const t = colorTable();
    expect(t.length).toBe(1024);
    expect(t[3]).toBe(0);
    expect(Array.from(t.subarray(1020))).toEqual([255, 0, 0, 255]);
  });

  it('colours a page-sized RGBA image', () => {
    const { grid, rgba } = heatmapImage({ x: [50], y: [50] }, 120, 80);
    expect(rgba.length).toBe(120 * 80 * 4);
    const at = (x: number, y: number) => Array.from(rgba.subarray((y * 120 + x) * 4, (y * 120 + x) * 4 + 4));
    expect(at(50, 50)[3]).toBeGreaterThan(200);
    expect(at(119, 0)[3]).toBeLessThan(at(50, 50)[3] as number);
    expect(colorizeDensity(grid, colorTable(), 0).every((b) => b === 0)).toBe(true);
  });
});
