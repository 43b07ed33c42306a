import type { RgbaImage } from './cell-features.js';
import { colorizeDensity, type DensityGrid } from './heatmap-density.js';
import { gridShape, normalizedDensity } from './normalized-density.js';

/** Spec 3 'Predictions': a mask's attention is its luminance with these R, G, B weights (Rec. 709). */
export const MASK_LUMINANCE_WEIGHTS: readonly [number, number, number] = [0.2126, 0.7152, 0.0722];

/** Opaque grey levels 0–255: entry k is (k, k, k, 255). */
const GREY_TABLE = (() => {
  const table = new Uint8ClampedArray(256 * 4);
  for (let k = 0; k < 256; k++) table.set([k, k, k, 255], k * 4);
  return table;
})();

/**
 * The attention mask image of a density (`width × height × 4` RGBA bytes, opaque): grey level
 * 255 × density / max(density), upsampled bilinearly from the cells as colorizeDensity does, so
 * that the hottest cell is (nearly: pixel centres fall between cell centres) white and no
 * attention is black. Read it back with densityFromMask.
 */
export function attentionMask(density: DensityGrid): Uint8ClampedArray {
  return colorizeDensity(density, GREY_TABLE, density.max);
}

/**
 * The density (sum 1) of a mask image as spec 3 reads it: each pixel's attention is its
 * luminance 0.2126 R + 0.7152 G + 0.0722 B (alpha ignored), averaged over cells of `cellPx`
 * px (default 8) and scaled so the cells sum to 1. An all-black mask gives an all-zero grid.
 * O(pixels).
 */
export function densityFromMask(image: RgbaImage, cellPx = 8): DensityGrid {
  const { width, height, data } = image;
  if (data.length < width * height * 4)
    throw new RangeError('densityFromMask: data is shorter than width × height × 4');
  const shape = gridShape(width, height, cellPx);
  const { cols } = shape;
  const sums = new Float32Array(shape.cols * shape.rows);
  const [wr, wg, wb] = MASK_LUMINANCE_WEIGHTS;
  for (let y = 0; y < height; y++) {
    const base = Math.floor(y / cellPx) * cols;
    let p = y * width * 4;
    for (let x = 0; x < width; x++, p += 4) {
      const i = base + Math.floor(x / cellPx);
      sums[i] =
        (sums[i] as number) +
        wr * (data[p] as number) +
        wg * (data[p + 1] as number) +
        wb * (data[p + 2] as number);
    }
  }
  // Partial cells at the right and bottom edges hold fewer pixels: average, not sum.
  for (let r = 0; r < shape.rows; r++) {
    const h = Math.min(cellPx, height - r * cellPx);
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      sums[i] = (sums[i] as number) / (h * Math.min(cellPx, width - c * cellPx));
    }
  }
  return normalizedDensity(sums, shape);
}
