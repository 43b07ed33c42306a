import type { DensityGrid } from './heatmap-density.js';
import type { GridShape } from './normalized-density.js';

/** Cells unlikely to be seen in the first seconds of a visit, on the grid of a density. */
export type PeekthroughMask = GridShape & {
  /** Height of the first screen, px. */
  foldPx: number;
  /** Row-major, 1 where the cell is unlikely to be seen in the first 3–5 s, else 0. */
  isHidden: Uint8Array;
  /** Share of the cells that are hidden (0–1). */
  hiddenAreaShare: number;
  /** Share of the predicted attention that lies in hidden cells (0–1). */
  hiddenAttentionShare: number;
};

/**
 * Peekthrough: what a visitor is unlikely to see in the first 3–5 s. In that time people make
 * some 10–20 fixations (250–300 ms each) and rarely scroll far, so the rule is: the cells of the
 * first screen (cells starting above `foldPx`) are ranked by predicted attention, and the
 * densest of them that together hold `seenShare` (default 0.75) of the first screen's attention
 * count as seen; every other cell, the first screen's least attended quarter and all of the page
 * below the fold, is hidden. Ties are broken by position (top-left first), so the mask is
 * deterministic. O(cells log cells) for the first screen.
 */
export function peekthroughMask(density: DensityGrid, foldPx: number, seenShare = 0.75): PeekthroughMask {
  const { cols, rows, cellPx, values } = density;
  const screenRows = Math.min(rows, Math.max(1, Math.ceil(foldPx / cellPx)));
  const screenCells = screenRows * cols;
  const order = Uint32Array.from({ length: screenCells }, (_, i) => i);
  order.sort((a, b) => (values[b] as number) - (values[a] as number) || a - b);
  let screenTotal = 0;
  for (let i = 0; i < screenCells; i++) screenTotal += values[i] as number;
  const isHidden = new Uint8Array(cols * rows).fill(1);
  let seen = 0;
  for (const i of order) {
    if (seen >= seenShare * screenTotal && seen > 0) break;
    isHidden[i] = 0;
    seen += values[i] as number;
  }
  let hiddenCells = 0;
  let hiddenMass = 0;
  for (let i = 0; i < isHidden.length; i++) {
    if (isHidden[i] !== 1) continue;
    hiddenCells++;
    hiddenMass += values[i] as number;
  }
  return {
    width: density.width,
    height: density.height,
    cellPx,
    cols,
    rows,
    foldPx,
    isHidden,
    hiddenAreaShare: hiddenCells / isHidden.length,
    hiddenAttentionShare: density.total > 0 ? hiddenMass / density.total : 0,
  };
}

/**
 * RGBA pixels (`width × height × 4`) of a peekthrough mask for display over the screenshot:
 * hidden cells in `rgba` (default slate grey at 75 % opacity, a fog over what is not seen),
 * seen cells transparent. Cells are drawn as blocks of `cellPx`. O(width × height).
 */
export function peekthroughOverlay(
  mask: PeekthroughMask,
  rgba: readonly [number, number, number, number] = [17, 24, 39, 191],
): Uint8ClampedArray {
  const { width, height, cellPx, cols, isHidden } = mask;
  const out = new Uint8ClampedArray(width * height * 4);
  const out32 = new Uint32Array(out.buffer);
  const fog = new Uint32Array(Uint8ClampedArray.from(rgba).buffer)[0] as number;
  const cellOfX = new Int32Array(width);
  for (let x = 0; x < width; x++) cellOfX[x] = Math.floor(x / cellPx);
  for (let y = 0; y < height; y++) {
    const base = Math.floor(y / cellPx) * cols;
    const row = y * width;
    for (let x = 0; x < width; x++) if (isHidden[base + (cellOfX[x] as number)] === 1) out32[row + x] = fog;
  }
  return out;
}
