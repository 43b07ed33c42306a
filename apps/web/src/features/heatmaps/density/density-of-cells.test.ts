import { densityGrid } from '@limbus/analytics';
import { HEATMAP_CELL_PX, type HeatmapPoints, packPointCells } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { densityOfCells } from './density-of-cells';
import { densityOf } from './use-density';

/** Gaze dwelling at three spots of a 400 × 900 page, and a few samples off it. */
function gaze() {
  const x: number[] = [];
  const y: number[] = [];
  for (const [cx, cy, n] of [
    [60, 80, 200],
    [300, 450, 120],
    [200, 870, 40],
  ] as const)
    for (let i = 0; i < n; i++) {
      x.push(cx + ((i * 7) % 23) - 11 + 0.4);
      y.push(cy + ((i * 13) % 19) - 9 - 0.3);
    }
  x.push(-20, 500);
  y.push(10, 10);
  return { x, y };
}

describe('densityOfCells', () => {
  it('draws from the packed cells the density the engine draws from the points themselves', () => {
    const { x, y } = gaze();
    const { cells } = packPointCells(x, y);
    const { grid, pixels } = densityOfCells({ cells, cellPx: HEATMAP_CELL_PX, width: 400, height: 900 });
    const direct = densityGrid({ x: x.map(Math.round), y: y.map(Math.round) }, 400, 900);
    expect(grid.cols).toBe(direct.cols);
    expect(grid.rows).toBe(direct.rows);
    expect(grid.total).toBeCloseTo(direct.total, 3);
    for (let i = 0; i < grid.values.length; i += 97)
      expect(grid.values[i]).toBeCloseTo(direct.values[i] ?? 0, 5);
    // Coloured at the grid's resolution: one RGBA pixel a cell, opaque where the gaze dwelt.
    expect(pixels.length).toBe(grid.cols * grid.rows * 4);
    const hottest = grid.values.indexOf(grid.max);
    expect(pixels[hottest * 4 + 3]).toBeGreaterThan(0);
  });
});

describe('densityOf', () => {
  it('computes once per answer and page size (the worker is missing here: on the main thread)', async () => {
    const { x, y } = gaze();
    const answer: HeatmapPoints = {
      kind: 'gaze',
      participants: 3,
      cell_px: HEATMAP_CELL_PX,
      ...packPointCells(x, y),
    };
    const size = { width: 400, height: 900 };
    const first = densityOf(answer, size);
    expect(densityOf(answer, { ...size })).toBe(first);
    expect(densityOf(answer, { width: 400, height: 600 })).not.toBe(first);
    expect((await first).grid.rows).toBe(900 / HEATMAP_CELL_PX);
  });
});
