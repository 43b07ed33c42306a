import type { DensityGrid } from './heatmap-density.js';
import { type GridShape, gridShape, normalizedDensity } from './normalized-density.js';

/** The position prior's parameters; sizes in image px, shares of the image width. */
export type PositionPriorOptions = {
  /** Height of the first screen (the fold), px. Default: defaultFoldPx(width). */
  foldPx: number;
  /**
   * Depth, in folds, over which the prior falls by a factor e. 0.83: Nielsen Norman Group's
   * eye-tracking study of scrolling (2018) found 57 % of viewing time above the fold and 17 % on
   * the second screenful, a ratio of 0.3 per screen, and e^(−1/0.83) = 0.3.
   */
  depthDecayFolds: number;
  /**
   * Depth, in folds, from the top down to which the prior stays at its peak before it falls.
   * 0.25: a page's header and the start of its hero (the top quarter of the first screen) are
   * where first fixations land; a prior that peaked at the top pixel row would rank a thin
   * banner along the top edge above the headline below it.
   */
  plateauFolds: number;
  /**
   * Horizontal centre as a share of the width. 0.4, left of centre: on web pages fixations
   * concentrate on the left and centre (the F-shaped reading pattern, Nielsen 2006; the top-left
   * bias of Buscher, Cutrell & Morris 2009 and Shen & Zhao 2014).
   */
  centreX: number;
  /** Horizontal standard deviation as a share of the width (0.3: the right edge keeps 14 %). */
  spreadX: number;
};

export const DEFAULT_POSITION_PRIOR: Omit<PositionPriorOptions, 'foldPx'> = {
  depthDecayFolds: 0.83,
  plateauFolds: 0.25,
  centreX: 0.4,
  spreadX: 0.3,
};

/**
 * The fold of a screenshot `width` px wide: a desktop screen of 1920 × 1080 scaled to the width
 * (width × 0.5625) from 768 px up, a phone screen of 390 × 844 scaled to the width below.
 */
export function defaultFoldPx(width: number): number {
  return width >= 768 ? (width * 1080) / 1920 : (width * 844) / 390;
}

/**
 * Where people look on a screen regardless of its content, per cell of `shape` (row-major,
 * peak 1): exp(−max(0, y − plateauFolds × foldPx) / (depthDecayFolds × foldPx)) ×
 * exp(−(x − centreX·W)² / (2 (spreadX·W)²)), at cell centres (px). Never rises with depth and
 * falls below the plateau, so on full-page screenshots content far below the fold gets little
 * attention.
 */
export function positionPrior(shape: GridShape, options: Partial<PositionPriorOptions> = {}): Float32Array {
  const { width, cellPx, cols, rows } = shape;
  const o = { ...DEFAULT_POSITION_PRIOR, foldPx: defaultFoldPx(width), ...options };
  const decay = o.depthDecayFolds * o.foldPx;
  const plateau = o.plateauFolds * o.foldPx;
  const cx = o.centreX * width;
  const sx = o.spreadX * width;
  const px = new Float32Array(cols);
  for (let c = 0; c < cols; c++) {
    const d = (c + 0.5) * cellPx - cx;
    px[c] = Math.exp(-(d * d) / (2 * sx * sx));
  }
  const out = new Float32Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    const py = Math.exp(-Math.max(0, (r + 0.5) * cellPx - plateau) / decay);
    for (let c = 0; c < cols; c++) out[r * cols + c] = py * (px[c] as number);
  }
  return out;
}

/** positionPrior as a density (sum 1) on cells of `cellPx` (default 8) over a `width × height` page. */
export function positionPriorDensity(
  width: number,
  height: number,
  options: Partial<PositionPriorOptions> & { cellPx?: number } = {},
): DensityGrid {
  const shape = gridShape(width, height, options.cellPx ?? 8);
  return normalizedDensity(positionPrior(shape, options), shape);
}

/**
 * The usual centre-bias baseline of saliency benchmarks: a Gaussian at the image centre with
 * standard deviations of a quarter of the width and of the height, as a density (sum 1) on cells
 * of `cellPx` (default 8). It knows nothing of pages, folds or reading.
 */
export function centreBiasDensity(width: number, height: number, cellPx = 8): DensityGrid {
  const shape = gridShape(width, height, cellPx);
  const { cols, rows } = shape;
  const sx = width / 4;
  const sy = height / 4;
  const out = new Float32Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    const dy = Math.min((r + 0.5) * cellPx, height) - height / 2;
    for (let c = 0; c < cols; c++) {
      const dx = Math.min((c + 0.5) * cellPx, width) - width / 2;
      out[r * cols + c] = Math.exp(-(dx * dx) / (2 * sx * sx) - (dy * dy) / (2 * sy * sy));
    }
  }
  return normalizedDensity(out, shape);
}
