import type { Points } from './heatmap-density.js';
import type { GridShape } from './normalized-density.js';

/*
 * Saliency evaluation as in the MIT/Tübingen saliency benchmark (Bylinskii, Judd, Oliva,
 * Torralba & Durand, "What do different evaluation metrics tell us about saliency models?",
 * IEEE TPAMI 2019), on grid cells instead of pixels: a saliency map is one value per cell
 * (row-major), fixations are a binary map of the cells that hold at least one fixation.
 */

/**
 * Binary fixation map on a grid: 1 for every cell that holds at least one of the points (page
 * px), 0 elsewhere. Points off the page or NaN are skipped; several points in one cell count
 * once, as in the benchmark's binary fixation maps.
 */
export function fixationMap(points: Points, shape: GridShape): Uint8Array {
  const { width, height, cellPx, cols, rows } = shape;
  const map = new Uint8Array(cols * rows);
  const n = Math.min(points.x.length, points.y.length);
  for (let i = 0; i < n; i++) {
    const x = points.x[i] as number;
    const y = points.y[i] as number;
    if (x >= 0 && x < width && y >= 0 && y < height)
      map[Math.floor(y / cellPx) * cols + Math.floor(x / cellPx)] = 1;
  }
  return map;
}

/**
 * AUC-Judd (Judd, Ehinger, Durand & Torralba 2009, as in the benchmark's AUC_Judd.m without its
 * optional jitter): every saliency value at a fixated cell is a threshold; at the k-th highest
 * (k = 1…F) the true positive rate is k / F and the false positive rate is (cells with saliency
 * ≥ threshold − k) / (cells − F); the ROC curve through (0, 0), those points and (1, 1) is
 * integrated with the trapezoid rule. Equal values count as above the threshold. 0.5 is chance,
 * 1 perfect. NaN without fixated or without unfixated cells. O(cells log cells).
 */
export function aucJudd(saliency: ArrayLike<number>, fixated: Uint8Array): number {
  checkLengths(saliency, fixated, 'aucJudd');
  const n = saliency.length;
  const atFixations: number[] = [];
  for (let i = 0; i < n; i++) if (fixated[i] === 1) atFixations.push(saliency[i] as number);
  const f = atFixations.length;
  if (f === 0 || f === n) return Number.NaN;
  atFixations.sort((a, b) => b - a);
  const all = Float64Array.from(saliency).sort().reverse();
  let above = 0;
  let auc = 0;
  let prevTp = 0;
  let prevFp = 0;
  for (let k = 1; k <= f; k++) {
    const threshold = atFixations[k - 1] as number;
    while (above < n && (all[above] as number) >= threshold) above++;
    const tp = k / f;
    const fp = (above - k) / (n - f);
    auc += ((fp - prevFp) * (tp + prevTp)) / 2;
    prevTp = tp;
    prevFp = fp;
  }
  return auc + ((1 - prevFp) * (1 + prevTp)) / 2;
}

/**
 * Normalized Scanpath Saliency (Peters, Iyer, Itti & Koch 2005): the saliency map is shifted to
 * mean 0 and divided by its standard deviation (sample, n − 1, as MATLAB's std in the
 * benchmark), and the values at the fixated cells are averaged. 0 is chance; 1 means fixations
 * land one standard deviation above the mean. NaN without fixations or for a constant map. O(cells).
 */
export function nss(saliency: ArrayLike<number>, fixated: Uint8Array): number {
  checkLengths(saliency, fixated, 'nss');
  const n = saliency.length;
  const { mean, std } = meanAndStd(saliency);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (fixated[i] !== 1) continue;
    sum += saliency[i] as number;
    count++;
  }
  if (count === 0 || !(std > 0)) return Number.NaN;
  return (sum / count - mean) / std;
}

/**
 * Pearson's linear correlation coefficient (CC) between two maps of the same cells, e.g. a
 * predicted density and a fixation density (fixations blurred as the measured heatmaps are,
 * densityGrid). 1 identical up to scale and offset, 0 unrelated. NaN if either map is constant.
 * O(cells).
 */
export function correlationCoefficient(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new RangeError('correlationCoefficient: maps differ in length');
  const ma = meanAndStd(a).mean;
  const mb = meanAndStd(b).mean;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    const da = (a[i] as number) - ma;
    const db = (b[i] as number) - mb;
    ab += da * db;
    aa += da * da;
    bb += db * db;
  }
  if (!(aa > 0 && bb > 0)) return Number.NaN;
  return ab / Math.sqrt(aa * bb);
}

function meanAndStd(values: ArrayLike<number>): { mean: number; std: number } {
  const n = values.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i] as number;
  const mean = sum / n;
  let squares = 0;
  for (let i = 0; i < n; i++) {
    const d = (values[i] as number) - mean;
    squares += d * d;
  }
  return { mean, std: n > 1 ? Math.sqrt(squares / (n - 1)) : 0 };
}

function checkLengths(saliency: ArrayLike<number>, fixated: Uint8Array, name: string): void {
  if (saliency.length !== fixated.length)
    throw new RangeError(`${name}: saliency and fixation maps differ in length`);
}
