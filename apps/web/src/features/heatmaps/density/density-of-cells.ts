import { colorizeDensity, type DensityGrid, densityGrid } from '@limbus/analytics';
import { unpackPointCells } from '@limbus/contract';

/** What the density worker is asked: a points answer's cells over a page of `width × height` px. */
export type DensityRequest = { cells: readonly number[]; cellPx: number; width: number; height: number };

/** The density of the cells and its heat colours at the grid's own resolution (cols × rows RGBA). */
export type Density = { grid: DensityGrid; pixels: Uint8ClampedArray };

/**
 * The density engine's grid of a points answer (its cells unpacked to one point per sample) and
 * the grid coloured with the heat table, cell by cell: what the worker computes off the main
 * thread, and the main thread itself where there are no workers (unit tests).
 */
export function densityOfCells({ cells, cellPx, width, height }: DensityRequest): Density {
  const grid = densityGrid(unpackPointCells(cells, cellPx), width, height);
  const pixels = colorizeDensity({ ...grid, width: grid.cols, height: grid.rows, cellPx: 1 });
  return { grid, pixels };
}
