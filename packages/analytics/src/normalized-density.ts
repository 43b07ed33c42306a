import type { DensityGrid } from './heatmap-density.js';

/** The shape of a density grid: page size (px), cell size (px) and cells. */
export type GridShape = Pick<DensityGrid, 'width' | 'height' | 'cellPx' | 'cols' | 'rows'>;

/** Cells of `cellPx` covering a `width × height` page (px); partial cells at the right and bottom. */
export function gridShape(width: number, height: number, cellPx: number): GridShape {
  return {
    width,
    height,
    cellPx,
    cols: Math.max(1, Math.ceil(width / cellPx)),
    rows: Math.max(1, Math.ceil(height / cellPx)),
  };
}

/**
 * A density grid of non-negative `values` (taken over, not copied) scaled to sum 1; negative and
 * NaN cells become 0. An all-zero grid stays zero (total 0).
 */
export function normalizedDensity(values: Float32Array, shape: GridShape): DensityGrid {
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (v > 0) sum += v;
    else values[i] = 0;
  }
  let max = 0;
  let total = 0;
  if (sum > 0) {
    const inv = 1 / sum;
    for (let i = 0; i < values.length; i++) {
      values[i] = (values[i] as number) * inv;
      const v = values[i] as number;
      total += v;
      if (v > max) max = v;
    }
  }
  return { ...shape, values, total, max };
}
