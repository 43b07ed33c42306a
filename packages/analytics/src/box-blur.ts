/**
 * Widths (odd, in cells) of `passes` box filters whose repeated application approximates a
 * Gaussian of standard deviation `sigma` cells (Wells 1986: n boxes of widths wₗ or wₗ + 2
 * chosen so that the variances, (w² − 1) / 12 each, add up to σ²). σ ≤ 0 gives width 1 (identity).
 */
export function boxWidthsForGaussian(sigma: number, passes = 3): number[] {
  if (!(sigma > 0)) return Array.from({ length: passes }, () => 1);
  const ideal = Math.sqrt((12 * sigma * sigma) / passes + 1);
  let lower = Math.floor(ideal);
  if (lower % 2 === 0) lower--;
  const upper = lower + 2;
  const m = Math.round(
    (12 * sigma * sigma - passes * lower * lower - 4 * passes * lower - 3 * passes) / (-4 * lower - 4),
  );
  return Array.from({ length: passes }, (_, i) => (i < m ? lower : upper));
}

/**
 * Gaussian blur of a row-major `cols × rows` grid, σ in cells, approximated by three box
 * filters in each direction (running sums: O(cells) whatever σ). At the edges each box averages
 * only the cells inside the grid, so a constant grid stays constant and the borders are not
 * darkened, which would otherwise read as contrast. Returns a new array.
 */
export function boxBlurGaussian(
  values: Float32Array,
  cols: number,
  rows: number,
  sigma: number,
): Float32Array {
  const a = Float32Array.from(values);
  if (!(sigma > 0)) return a;
  const b = new Float32Array(values.length);
  for (const width of boxWidthsForGaussian(sigma)) {
    const r = (width - 1) >> 1;
    if (r === 0) continue;
    boxRows(a, b, cols, rows, r);
    boxColumns(b, a, cols, rows, r);
  }
  // Each pass pair goes a → b → a, so `a` holds the result and `b` is scratch.
  return a;
}

/** Moving average of radius r along each row, clipped to the row. */
function boxRows(src: Float32Array, dst: Float32Array, cols: number, rows: number, r: number): void {
  const inv = 1 / (2 * r + 1);
  for (let row = 0; row < rows; row++) {
    const base = row * cols;
    let sum = 0;
    const first = Math.min(r, cols - 1);
    for (let c = 0; c <= first; c++) sum += src[base + c] as number;
    for (let c = 0; c < cols; c++) {
      const isInside = c >= r && c + r < cols;
      dst[base + c] = isInside ? sum * inv : sum / (Math.min(c + r, cols - 1) - Math.max(c - r, 0) + 1);
      if (c + r + 1 < cols) sum += src[base + c + r + 1] as number;
      if (c - r >= 0) sum -= src[base + c - r] as number;
    }
  }
}

/** Moving average of radius r down each column, clipped to the column; walks whole rows. */
function boxColumns(src: Float32Array, dst: Float32Array, cols: number, rows: number, r: number): void {
  const acc = new Float64Array(cols);
  const first = Math.min(r, rows - 1);
  for (let row = 0; row <= first; row++) {
    const base = row * cols;
    for (let c = 0; c < cols; c++) acc[c] = (acc[c] as number) + (src[base + c] as number);
  }
  for (let row = 0; row < rows; row++) {
    const lo = Math.max(row - r, 0);
    const hi = Math.min(row + r, rows - 1);
    const inv = 1 / (hi - lo + 1);
    const base = row * cols;
    for (let c = 0; c < cols; c++) dst[base + c] = (acc[c] as number) * inv;
    if (row + r + 1 < rows) {
      const add = (row + r + 1) * cols;
      for (let c = 0; c < cols; c++) acc[c] = (acc[c] as number) + (src[add + c] as number);
    }
    if (row - r >= 0) {
      const sub = (row - r) * cols;
      for (let c = 0; c < cols; c++) acc[c] = (acc[c] as number) - (src[sub + c] as number);
    }
  }
}
