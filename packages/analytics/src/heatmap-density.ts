import { binPoints } from './heatmap-bin.js';
import { FIXATION_RADIUS_PX } from './samples.js';

/** Sample density on a coarse grid over a page; `values` row-major, `cols × rows` cells of `cellPx`. */
export type DensityGrid = {
  width: number;
  height: number;
  cellPx: number;
  cols: number;
  rows: number;
  values: Float32Array;
  /** Sum of all cells (= the number of binned samples, up to the mass blurred past the edges). */
  total: number;
  max: number;
};

export type DensityOptions = {
  /** Grid cell size in page px (4 = quarter resolution). */
  cellPx: number;
  /** Standard deviation of the Gaussian blur, page px. */
  sigmaPx: number;
};

/**
 * Defaults: quarter resolution (a 1920×1080 page is a 480×270 grid; the blur is far wider than a
 * cell, so nothing visible is lost) and σ = 2 × FIXATION_RADIUS_PX = 30 px: a fixation's samples
 * lie within 15 px, and spreading each sample over about 1° (≈ 30–36 px, the accuracy of
 * screen-based eye trackers) shows where people looked rather than the tracker's noise.
 */
export const DEFAULT_DENSITY_OPTIONS: DensityOptions = { cellPx: 4, sigmaPx: 2 * FIXATION_RADIUS_PX };

/** Points in page px. */
export type Points = { x: ArrayLike<number>; y: ArrayLike<number> };

/**
 * Density grid of points on a `width × height` page (px): each point inside the page (NaN and
 * outside points are skipped) adds 1 to its cell, then a separable Gaussian blur with σ =
 * `sigmaPx` (kernel truncated at 3σ, normalised, zero outside the page) spreads it. Counts are
 * exact integers (binned by heatmap-bin.ts, in WebAssembly where it runs); the blur is Float32
 * throughout, so there is no 8-bit saturation however many points pile up.
 * O(points + cells × σ).
 */
export function densityGrid(
  points: Points,
  width: number,
  height: number,
  options: Partial<DensityOptions> = {},
): DensityGrid {
  const o = { ...DEFAULT_DENSITY_OPTIONS, ...options };
  const cellPx = o.cellPx;
  const cols = Math.max(1, Math.ceil(width / cellPx));
  const rows = Math.max(1, Math.ceil(height / cellPx));
  const counts = binPoints(points, width, height, cellPx, cols, rows);
  const values = blurGrid(counts, cols, rows, o.sigmaPx / cellPx);
  let total = 0;
  let max = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    total += v;
    if (v > max) max = v;
  }
  return { width, height, cellPx, cols, rows, values, total, max };
}

/** Normalised Gaussian kernel of standard deviation `sigma` (cells), radius ceil(3σ). */
export function gaussianKernel(sigma: number): Float32Array {
  if (!(sigma > 0)) return Float32Array.of(1);
  const radius = Math.ceil(3 * sigma);
  const k = new Float32Array(2 * radius + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) {
    const v = Math.exp(-(i * i) / (2 * sigma * sigma));
    k[i + radius] = v;
    sum += v;
  }
  for (let i = 0; i < k.length; i++) k[i] = (k[i] as number) / sum;
  return k;
}

/**
 * Separable Gaussian blur of a row-major grid of counts (σ in cells); zero beyond the edges.
 * Float32 sums, each cell's taps added in ascending source order and rounded to Float32 after
 * every tap. Each pass reads a line padded with `r` zeros on both sides (adding a zero tap leaves
 * a sum unchanged, so the edges need no special case), keeps four neighbouring sums in registers
 * and writes them transposed: the horizontal pass writes columns as lines for the vertical pass,
 * which writes them back as rows. Both passes walk contiguous memory.
 */
function blurGrid(counts: Int32Array, cols: number, rows: number, sigma: number): Float32Array {
  const k = gaussianKernel(sigma);
  const taps = k.length;
  const r = (taps - 1) >> 1;
  // The horizontal pass sums its sources from left to right: source c - r + j has weight k[2r - j].
  const kRev = k.slice().reverse();
  // Rows padded to cols + 2r, zero at both ends.
  const rowStride = cols + 2 * r;
  const src = new Float32Array(rows * rowStride);
  for (let row = 0; row < rows; row++) {
    const from = row * cols;
    const to = row * rowStride + r;
    for (let c = 0; c < cols; c++) src[to + c] = counts[from + c] as number;
  }
  // Columns padded to rows + 2r: the horizontal pass's output, transposed.
  const colStride = rows + 2 * r;
  const cols2 = new Float32Array(cols * colStride);
  blurLines(src, rowStride, rows, cols, kRev, cols2, colStride, r);
  const out = new Float32Array(cols * rows);
  blurLines(cols2, colStride, cols, rows, k, out, cols, 0);
  return out;
}

/**
 * Blurs `lines` zero-padded lines of `src` (line l starts at l × srcStride, holds `length` values
 * after `taps − 1` / 2 leading zeros) with `kernel` (weight of the j-th source from the left) and
 * writes output i of line l to dst[i × dstStride + dstOffset + l], i.e. transposed. Eight
 * neighbouring outputs (then four, then one at the end of a line) are summed together over a
 * sliding window of as many sources, so that each tap loads one source for eight sums. Eight,
 * because each sum waits for its previous tap's add and roundings: with four chains in flight the
 * loop waited on them (0.73× the time of four per pass).
 */
function blurLines(
  src: Float32Array,
  srcStride: number,
  lines: number,
  length: number,
  kernel: Float32Array,
  dst: Float32Array,
  dstStride: number,
  dstOffset: number,
): void {
  // Locals (numbers and a Float64Array made here) rather than parameters: no re-checks in the loop.
  const k = Float64Array.from(kernel);
  const taps = k.length;
  const inStride = srcStride | 0;
  const outStride = dstStride | 0;
  const count = length | 0;
  const octets = count - (count % 8);
  const quads = count - (count % 4);
  for (let l = 0; l < lines; l++) {
    const base = l * inStride;
    const to = dstOffset + l;
    let i = 0;
    for (; i < octets; i += 8) {
      const at = base + i;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let s4 = 0;
      let s5 = 0;
      let s6 = 0;
      let s7 = 0;
      let e0 = src[at] as number;
      let e1 = src[at + 1] as number;
      let e2 = src[at + 2] as number;
      let e3 = src[at + 3] as number;
      let e4 = src[at + 4] as number;
      let e5 = src[at + 5] as number;
      let e6 = src[at + 6] as number;
      for (let j = 0; j < taps; j++) {
        const w = k[j] as number;
        const e7 = src[at + j + 7] as number;
        s0 = Math.fround(s0 + e0 * w);
        s1 = Math.fround(s1 + e1 * w);
        s2 = Math.fround(s2 + e2 * w);
        s3 = Math.fround(s3 + e3 * w);
        s4 = Math.fround(s4 + e4 * w);
        s5 = Math.fround(s5 + e5 * w);
        s6 = Math.fround(s6 + e6 * w);
        s7 = Math.fround(s7 + e7 * w);
        e0 = e1;
        e1 = e2;
        e2 = e3;
        e3 = e4;
        e4 = e5;
        e5 = e6;
        e6 = e7;
      }
      dst[i * outStride + to] = s0;
      dst[(i + 1) * outStride + to] = s1;
      dst[(i + 2) * outStride + to] = s2;
      dst[(i + 3) * outStride + to] = s3;
      dst[(i + 4) * outStride + to] = s4;
      dst[(i + 5) * outStride + to] = s5;
      dst[(i + 6) * outStride + to] = s6;
      dst[(i + 7) * outStride + to] = s7;
    }
    for (; i < quads; i += 4) {
      const at = base + i;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let e0 = src[at] as number;
      let e1 = src[at + 1] as number;
      let e2 = src[at + 2] as number;
      // Four independent running sums, each rounded to Float32 after every tap like a stored sum.
      for (let j = 0; j < taps; j++) {
        const w = k[j] as number;
        const e3 = src[at + j + 3] as number;
        s0 = Math.fround(s0 + e0 * w);
        s1 = Math.fround(s1 + e1 * w);
        s2 = Math.fround(s2 + e2 * w);
        s3 = Math.fround(s3 + e3 * w);
        e0 = e1;
        e1 = e2;
        e2 = e3;
      }
      dst[i * outStride + to] = s0;
      dst[(i + 1) * outStride + to] = s1;
      dst[(i + 2) * outStride + to] = s2;
      dst[(i + 3) * outStride + to] = s3;
    }
    for (; i < count; i++) {
      let s = 0;
      const at = base + i;
      for (let j = 0; j < taps; j++) s = Math.fround(s + (src[at + j] as number) * (k[j] as number));
      dst[i * outStride + to] = s;
    }
  }
}

/** Colour stops of the default heat table: position in [0, 1] and RGB. */
export const HEAT_GRADIENT: readonly { at: number; rgb: readonly [number, number, number] }[] = [
  { at: 0, rgb: [0, 0, 255] },
  { at: 0.4, rgb: [0, 0, 255] },
  { at: 0.6, rgb: [0, 255, 255] },
  { at: 0.7, rgb: [0, 255, 0] },
  { at: 0.8, rgb: [255, 255, 0] },
  { at: 1, rgb: [255, 0, 0] },
];

/**
 * 256-entry RGBA colour table (1024 bytes): entry k has the gradient's colour at k/255, linearly
 * interpolated between stops, and opacity `maxAlpha × k/255` so low density fades out; entry 0
 * is fully transparent.
 */
export function colorTable(
  gradient: readonly { at: number; rgb: readonly [number, number, number] }[] = HEAT_GRADIENT,
  maxAlpha = 255,
): Uint8ClampedArray {
  const table = new Uint8ClampedArray(256 * 4);
  for (let k = 0; k < 256; k++) {
    const p = k / 255;
    let s = 0;
    while (s + 1 < gradient.length && (gradient[s + 1]?.at ?? 1) < p) s++;
    const a = gradient[s];
    const b = gradient[Math.min(s + 1, gradient.length - 1)];
    if (!a || !b) continue;
    const f = b.at > a.at ? Math.min(1, Math.max(0, (p - a.at) / (b.at - a.at))) : 0;
    for (let ch = 0; ch < 3; ch++)
      table[k * 4 + ch] = Math.round(
        (a.rgb[ch] as number) + f * ((b.rgb[ch] as number) - (a.rgb[ch] as number)),
      );
    table[k * 4 + 3] = Math.round(maxAlpha * p);
  }
  return table;
}

const DEFAULT_TABLE = colorTable();

/**
 * RGBA pixels (`width × height × 4`, for a canvas ImageData of the page size) of a density grid:
 * the grid is upsampled bilinearly (sampled at pixel centres), divided by `maxValue` (default the
 * grid's maximum, so the hottest spot takes the table's last entry; pass a fixed value to compare
 * heatmaps) and looked up in a 256-entry colour table. Separable upsampling: each grid row is
 * first stretched to the page width, then each pixel is one interpolation, one lookup and one
 * 32-bit store. O(width × height).
 */
export function colorizeDensity(
  grid: DensityGrid,
  table: Uint8ClampedArray = DEFAULT_TABLE,
  maxValue: number = grid.max,
): Uint8ClampedArray {
  const { width, height, cellPx, cols, rows, values } = grid;
  const out = new Uint8ClampedArray(width * height * 4);
  if (!(maxValue > 0)) return out;
  const out32 = new Uint32Array(out.buffer);
  const table32 = new Uint32Array(table.buffer, table.byteOffset, 256);
  const scale = 255 / maxValue;
  // Horizontal stretch: for every grid row, the value at each pixel column (pre-scaled to 0–255).
  const stretched = new Float32Array(rows * width);
  const c0 = new Int32Array(width);
  const fx = new Float32Array(width);
  for (let px = 0; px < width; px++) {
    const g = Math.min(Math.max((px + 0.5) / cellPx - 0.5, 0), cols - 1);
    const c = Math.min(Math.floor(g), Math.max(cols - 2, 0));
    c0[px] = c;
    fx[px] = cols > 1 ? g - c : 0;
  }
  const c1Off = cols > 1 ? 1 : 0;
  for (let row = 0; row < rows; row++) {
    const base = row * cols;
    const sBase = row * width;
    for (let px = 0; px < width; px++) {
      const c = base + (c0[px] as number);
      const a = values[c] as number;
      stretched[sBase + px] = (a + (fx[px] as number) * ((values[c + c1Off] as number) - a)) * scale;
    }
  }
  const r1Off = rows > 1 ? width : 0;
  // Vertical interpolation: the grid row above pixel row py and the fraction towards the next.
  const rowOf = (py: number): number => {
    const g = Math.min(Math.max((py + 0.5) / cellPx - 0.5, 0), rows - 1);
    return Math.min(Math.floor(g), Math.max(rows - 2, 0));
  };
  const fractionOf = (py: number, r: number): number =>
    rows > 1 ? Math.min(Math.max((py + 0.5) / cellPx - 0.5, 0), rows - 1) - r : 0;
  let py = 0;
  // Pixel rows between the same grid rows, four (then two) at a time, share their loads and differences.
  for (; py + 1 < height; py += 2) {
    const r = rowOf(py);
    if (py + 3 < height && rowOf(py + 3) === r) {
      const f0 = fractionOf(py, r);
      const f1 = fractionOf(py + 1, r);
      const f2 = fractionOf(py + 2, r);
      const f3 = fractionOf(py + 3, r);
      const top = r * width;
      const out0 = py * width;
      for (let px = 0; px < width; px++) {
        const a = stretched[top + px] as number;
        const d = (stretched[top + r1Off + px] as number) - a;
        const v0 = a + f0 * d;
        const v1 = a + f1 * d;
        const v2 = a + f2 * d;
        const v3 = a + f3 * d;
        const o = out0 + px;
        out32[o] = table32[v0 >= 255 ? 255 : v0 > 0 ? v0 | 0 : 0] as number;
        out32[o + width] = table32[v1 >= 255 ? 255 : v1 > 0 ? v1 | 0 : 0] as number;
        out32[o + 2 * width] = table32[v2 >= 255 ? 255 : v2 > 0 ? v2 | 0 : 0] as number;
        out32[o + 3 * width] = table32[v3 >= 255 ? 255 : v3 > 0 ? v3 | 0 : 0] as number;
      }
      py += 2;
      continue;
    }
    if (rowOf(py + 1) !== r) {
      colorRow(stretched, r * width, r1Off, fractionOf(py, r), out32, py * width, width, table32);
      py--;
      continue;
    }
    const f0 = fractionOf(py, r);
    const f1 = fractionOf(py + 1, r);
    const top = r * width;
    const out0 = py * width;
    const out1 = out0 + width;
    for (let px = 0; px < width; px++) {
      const a = stretched[top + px] as number;
      const d = (stretched[top + r1Off + px] as number) - a;
      const v0 = a + f0 * d;
      const v1 = a + f1 * d;
      // v ≥ 0 up to float error; `| 0` floors, the clamp keeps the index in the table.
      out32[out0 + px] = table32[v0 >= 255 ? 255 : v0 > 0 ? v0 | 0 : 0] as number;
      out32[out1 + px] = table32[v1 >= 255 ? 255 : v1 > 0 ? v1 | 0 : 0] as number;
    }
  }
  if (py < height) {
    const r = rowOf(py);
    colorRow(stretched, r * width, r1Off, fractionOf(py, r), out32, py * width, width, table32);
  }
  return out;
}

/** One pixel row of colorizeDensity: interpolated by `f` between two stretched grid rows. */
function colorRow(
  stretched: Float32Array,
  top: number,
  r1Off: number,
  f: number,
  out32: Uint32Array,
  outBase: number,
  width: number,
  table32: Uint32Array,
): void {
  for (let px = 0; px < width; px++) {
    const a = stretched[top + px] as number;
    const v = a + f * ((stretched[top + r1Off + px] as number) - a);
    out32[outBase + px] = table32[v >= 255 ? 255 : v > 0 ? v | 0 : 0] as number;
  }
}

/** Density grid and its colours in one call: see densityGrid and colorizeDensity. */
export function heatmapImage(
  points: Points,
  width: number,
  height: number,
  options: Partial<DensityOptions> = {},
): { grid: DensityGrid; rgba: Uint8ClampedArray } {
  const grid = densityGrid(points, width, height, options);
  return { grid, rgba: colorizeDensity(grid) };
}

/** An area of interest in page px. */
export type Box = { left: number; top: number; width: number; height: number };

/** Spec 3 §2, §9: a box counts only when wider than 5 px. */
export const MIN_BOX_WIDTH_PX = 5;

/**
 * Share of the total density inside a box (0–1; spec 3 §3 area of interest value), with cells
 * that the box covers partly weighted by the covered fraction. Boxes not wider than 5 px are
 * ignored (null); an empty grid gives 0. O(cells in the box).
 */
export function attentionShareInBox(grid: DensityGrid, box: Box): number | null {
  if (!(box.width > MIN_BOX_WIDTH_PX)) return null;
  if (!(grid.total > 0)) return 0;
  const { cellPx, cols, rows, values } = grid;
  const left = box.left;
  const right = box.left + box.width;
  const top = box.top;
  const bottom = box.top + Math.max(0, box.height);
  const cFrom = Math.max(0, Math.floor(left / cellPx));
  const cTo = Math.min(cols - 1, Math.ceil(right / cellPx) - 1);
  const rFrom = Math.max(0, Math.floor(top / cellPx));
  const rTo = Math.min(rows - 1, Math.ceil(bottom / cellPx) - 1);
  const cover = (lo: number, hi: number, cell: number): number =>
    Math.max(0, Math.min(hi, (cell + 1) * cellPx) - Math.max(lo, cell * cellPx)) / cellPx;
  let sum = 0;
  for (let r = rFrom; r <= rTo; r++) {
    const wy = cover(top, bottom, r);
    if (wy === 0) continue;
    let rowSum = 0;
    for (let c = cFrom; c <= cTo; c++) rowSum += (values[r * cols + c] as number) * cover(left, right, c);
    sum += wy * rowSum;
  }
  return Math.min(1, sum / grid.total);
}
