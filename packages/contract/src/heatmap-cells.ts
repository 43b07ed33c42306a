/**
 * The wire form of a heatmap's points (GET …/heatmaps/{hid}/points): the samples binned into the
 * density engine's cells (packages/analytics densityGrid bins page px into cells of 4 px before
 * it blurs), so that a cell holds a count instead of every sample. Gaze at 120 Hz dwells in
 * fixations, so many samples share a cell; the heatmap drawn from the cells is the one drawn
 * from the samples, and cells of any multiple of the size (the comparison with a prediction
 * bins on 8 px) hold the same samples too.
 *
 * Packed as integers [row step, column, count, …] over the occupied cells in row-major order:
 * `row step` is the row minus the previous cell's row (the first from row 0); `column` is the
 * column minus the previous cell's column within the same row, or the column itself when the row
 * step is not 0. Small numbers, so the JSON stays short.
 */

/** Side of a cell in page px: the density engine's default (DEFAULT_DENSITY_OPTIONS.cellPx). */
export const HEATMAP_CELL_PX = 4;

/** Samples binned into cells: the packed triples and how many samples they hold. */
export type PackedCells = { cells: number[]; samples: number };

/**
 * Bins points (page px; non-finite ones are left out) into cells of `cellPx` and packs them.
 * A cell is floor(x / cellPx), floor(y / cellPx) of the point rounded to whole pixels, so
 * points off the page (negative too) keep their cells. O(points + cells log cells).
 */
export function packPointCells(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  cellPx = HEATMAP_CELL_PX,
): PackedCells {
  const counts = new Map<number, number>();
  // Cells as one safe integer key: row × 2^21 + column + 2^20 keeps columns of ±1,048,576 apart.
  const SPAN = 2 ** 21;
  const OFFSET = 2 ** 20;
  let samples = 0;
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const px = x[i] as number;
    const py = y[i] as number;
    if (!Number.isFinite(px) || !Number.isFinite(py)) continue;
    const column = Math.floor(Math.round(px) / cellPx);
    const row = Math.floor(Math.round(py) / cellPx);
    const key = row * SPAN + column + OFFSET;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    samples++;
  }
  const keys = [...counts.keys()].sort((a, b) => a - b);
  const cells: number[] = [];
  let lastRow = 0;
  let lastColumn = 0;
  for (const key of keys) {
    const row = Math.floor(key / SPAN);
    const column = key - row * SPAN - OFFSET;
    const rowStep = row - lastRow;
    cells.push(
      rowStep,
      rowStep === 0 && cells.length > 0 ? column - lastColumn : column,
      counts.get(key) ?? 0,
    );
    lastRow = row;
    lastColumn = column;
  }
  return { cells, samples };
}

/** One point per sample at its cell's top-left corner (page px): what the density engine bins alike. */
export function unpackPointCells(
  cells: readonly number[],
  cellPx = HEATMAP_CELL_PX,
): { x: Float32Array; y: Float32Array } {
  let samples = 0;
  for (let i = 2; i < cells.length; i += 3) samples += cells[i] as number;
  const x = new Float32Array(samples);
  const y = new Float32Array(samples);
  let row = 0;
  let column = 0;
  let at = 0;
  for (let i = 0; i + 2 < cells.length; i += 3) {
    const rowStep = cells[i] as number;
    column = rowStep === 0 && i > 0 ? column + (cells[i + 1] as number) : (cells[i + 1] as number);
    row += rowStep;
    const count = cells[i + 2] as number;
    x.fill(column * cellPx, at, at + count);
    y.fill(row * cellPx, at, at + count);
    at += count;
  }
  return { x, y };
}
