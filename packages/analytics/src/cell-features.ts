/**
 * An RGBA image, row-major, 4 bytes a pixel (as a canvas ImageData or a decoded PNG): `data`
 * has `width × height × 4` bytes. Sizes in pixels.
 */
export type RgbaImage = { width: number; height: number; data: Uint8ClampedArray | Uint8Array };

/**
 * Per-cell measurements of an image on a grid of `cellPx × cellPx` pixel cells (`cols × rows`,
 * row-major; the last column and row may be partial). Colour values in units of 255 (0–1):
 * - `lum`: mean luminance 0.2126 R + 0.7152 G + 0.0722 B of the sRGB values (not linearised:
 *   perceived lightness is closer to gamma-encoded values than to linear light);
 * - `rg`, `by`: mean colour opponency R − G and B − (R + G) / 2 (Itti, Koch & Niebur 1998);
 * - `sat`: saturation max(R, G, B) − min(R, G, B) of the cell's mean colour;
 * - `edge`: stroke density, the mean over the cell's pixels of |ΔL| to the left neighbour plus
 *   |ΔL| to the upper one (0–2; text, thin lines and fine texture score high, flat areas 0);
 * - `skin`: 1 when the cell's mean colour is a skin tone by both Kovač et al.'s RGB rule (2003)
 *   and Chai & Ngan's YCbCr box (Cb 77–127, Cr 133–173, 1999), else 0.
 */
export type CellFeatures = {
  width: number;
  height: number;
  cellPx: number;
  cols: number;
  rows: number;
  lum: Float32Array;
  rg: Float32Array;
  by: Float32Array;
  sat: Float32Array;
  edge: Float32Array;
  skin: Float32Array;
};

/**
 * Measures an RGBA image cell by cell in one pass over its pixels (see CellFeatures; alpha is
 * ignored: screenshots are opaque). Throws a RangeError for an empty image or data shorter than
 * the image. O(pixels); the per-cell work is O(cells).
 */
export function cellFeatures(image: RgbaImage, cellPx: number): CellFeatures {
  const { width, height, data } = image;
  const isWhole = (v: number) => Number.isInteger(v) && v >= 1;
  if (!isWhole(width) || !isWhole(height) || !isWhole(cellPx))
    throw new RangeError('cellFeatures: width, height and cellPx must be whole numbers ≥ 1');
  if (data.length < width * height * 4)
    throw new RangeError('cellFeatures: data is shorter than width × height × 4');
  const cols = Math.max(1, Math.ceil(width / cellPx));
  const rows = Math.max(1, Math.ceil(height / cellPx));
  const size = cols * rows;
  const sumR = new Float32Array(size);
  const sumG = new Float32Array(size);
  const sumB = new Float32Array(size);
  const sumE = new Float32Array(size);
  // Luminance of the previous and current pixel row in 1/256 steps (integer weights 54, 183, 19
  // of 256 ≈ 0.2126, 0.7152, 0.0722), for the stroke density; exact weights for the cell means.
  let prevRow = new Int32Array(width);
  let row = new Int32Array(width);
  for (let y = 0; y < height; y++) {
    const base = Math.floor(y / cellPx) * cols;
    const rowStart = y * width;
    for (let cc = 0; cc < cols; cc++) {
      const x0 = cc * cellPx;
      const x1 = Math.min(width, x0 + cellPx);
      let sr = 0;
      let sg = 0;
      let sb = 0;
      let se = 0;
      let left = x0 > 0 ? (row[x0 - 1] as number) : 0;
      for (let x = x0, p = (rowStart + x0) * 4; x < x1; x++, p += 4) {
        const r = data[p] as number;
        const g = data[p + 1] as number;
        const b = data[p + 2] as number;
        const l = 54 * r + 183 * g + 19 * b;
        row[x] = l;
        sr += r;
        sg += g;
        sb += b;
        if (x > 0) se += l > left ? l - left : left - l;
        if (y > 0) {
          const up = prevRow[x] as number;
          se += l > up ? l - up : up - l;
        }
        left = l;
      }
      const i = base + cc;
      sumR[i] = (sumR[i] as number) + sr;
      sumG[i] = (sumG[i] as number) + sg;
      sumB[i] = (sumB[i] as number) + sb;
      sumE[i] = (sumE[i] as number) + se / 256;
    }
    const swap = prevRow;
    prevRow = row;
    row = swap;
  }
  const f: CellFeatures = {
    width,
    height,
    cellPx,
    cols,
    rows,
    lum: new Float32Array(size),
    rg: new Float32Array(size),
    by: new Float32Array(size),
    sat: new Float32Array(size),
    edge: new Float32Array(size),
    skin: new Float32Array(size),
  };
  for (let cr = 0; cr < rows; cr++) {
    const h = Math.min(cellPx, height - cr * cellPx);
    for (let cc = 0; cc < cols; cc++) {
      const i = cr * cols + cc;
      const norm = 1 / (255 * h * Math.min(cellPx, width - cc * cellPx));
      const r = (sumR[i] as number) * norm;
      const g = (sumG[i] as number) * norm;
      const b = (sumB[i] as number) * norm;
      f.lum[i] = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      f.rg[i] = r - g;
      f.by[i] = b - (r + g) / 2;
      f.sat[i] = Math.max(r, g, b) - Math.min(r, g, b);
      f.edge[i] = (sumE[i] as number) * norm;
      f.skin[i] = isSkinTone(r * 255, g * 255, b * 255) ? 1 : 0;
    }
  }
  return f;
}

/** Kovač et al.'s daylight RGB rule and Chai & Ngan's YCbCr box, both required (0–255 values). */
export function isSkinTone(r: number, g: number, b: number): boolean {
  const isRgbSkin =
    r > 95 &&
    g > 40 &&
    b > 20 &&
    Math.max(r, g, b) - Math.min(r, g, b) > 15 &&
    Math.abs(r - g) > 15 &&
    r > g &&
    r > b;
  if (!isRgbSkin) return false;
  const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  return cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173;
}
