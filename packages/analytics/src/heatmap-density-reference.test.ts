import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { binningEngine, useJsBinning } from './heatmap-bin.js';
import {
  colorizeDensity,
  type DensityGrid,
  densityGrid,
  gaussianKernel,
  type Points,
} from './heatmap-density.js';

/**
 * The density was made faster (issue 27: integer counts walked as four streams, a gather blur over
 * zero-padded lines written transposed, two pixel rows per pass when colouring); its grid and
 * pixels must stay bit for bit what they were, with the binning in WebAssembly and in JavaScript
 * (heatmap-bin.ts) alike. `referenceDensityGrid` is the code before that work,
 * kept verbatim (Float32 counts in two interleaved histograms, a scattering horizontal pass and a
 * row-wise vertical pass); `referenceColorize` likewise. The one deliberate difference: the old
 * Float32 counts stopped at 2^24 per histogram, the new integer counts do not, so a cell hit by more
 * than 2^24 samples of one parity (over 33 million samples in one 4 × 4 px cell) now counts right.
 */
function referenceDensityGrid(
  points: Points,
  width: number,
  height: number,
  o: { cellPx: number; sigmaPx: number },
): DensityGrid {
  const cellPx = o.cellPx;
  const cols = Math.max(1, Math.ceil(width / cellPx));
  const rows = Math.max(1, Math.ceil(height / cellPx));
  const size = cols * rows;
  const even = new Float32Array(size);
  const odd = new Float32Array(size);
  const inv = 1 / cellPx;
  const { x, y } = points;
  const n = Math.min(x.length, y.length);
  const pairs = n - (n % 2);
  for (let i = 0; i < pairs; i += 2) {
    const x0 = x[i] as number;
    const y0 = y[i] as number;
    if (x0 >= 0 && x0 < width && y0 >= 0 && y0 < height) {
      const idx = ((y0 * inv) | 0) * cols + ((x0 * inv) | 0);
      even[idx] = (even[idx] as number) + 1;
    }
    const x1 = x[i + 1] as number;
    const y1 = y[i + 1] as number;
    if (x1 >= 0 && x1 < width && y1 >= 0 && y1 < height) {
      const idx = ((y1 * inv) | 0) * cols + ((x1 * inv) | 0);
      odd[idx] = (odd[idx] as number) + 1;
    }
  }
  if (pairs < n) {
    const xl = x[pairs] as number;
    const yl = y[pairs] as number;
    if (xl >= 0 && xl < width && yl >= 0 && yl < height) {
      const idx = ((yl * inv) | 0) * cols + ((xl * inv) | 0);
      even[idx] = (even[idx] as number) + 1;
    }
  }
  for (let i = 0; i < size; i++) even[i] = (even[i] as number) + (odd[i] as number);
  const src = even;
  const k = gaussianKernel(o.sigmaPx / cellPx);
  const r = (k.length - 1) >> 1;
  const tmp = new Float32Array(src.length);
  for (let row = 0; row < rows; row++) {
    const base = row * cols;
    for (let c = 0; c < cols; c++) {
      const v = src[base + c] as number;
      if (v === 0) continue;
      const from = c - r < 0 ? r - c : 0;
      const to = c + r >= cols ? r + cols - 1 - c : 2 * r;
      for (let j = from; j <= to; j++) {
        const idx = base + c - r + j;
        tmp[idx] = (tmp[idx] as number) + v * (k[j] as number);
      }
    }
  }
  const values = new Float32Array(src.length);
  for (let row = 0; row < rows; row++) {
    const outBase = row * cols;
    const jFrom = row - r < 0 ? r - row : 0;
    const jTo = row + r >= rows ? r + rows - 1 - row : 2 * r;
    for (let j = jFrom; j <= jTo; j++) {
      const w = k[j] as number;
      const inBase = (row - r + j) * cols;
      for (let c = 0; c < cols; c++)
        values[outBase + c] = (values[outBase + c] as number) + w * (tmp[inBase + c] as number);
    }
  }
  let total = 0;
  let max = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    total += v;
    if (v > max) max = v;
  }
  return { width, height, cellPx, cols, rows, values, total, max };
}

function referenceColorize(grid: DensityGrid, table32: Uint32Array, maxValue: number): Uint8ClampedArray {
  const { width, height, cellPx, cols, rows, values } = grid;
  const out = new Uint8ClampedArray(width * height * 4);
  if (!(maxValue > 0)) return out;
  const out32 = new Uint32Array(out.buffer);
  const scale = 255 / maxValue;
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
  for (let py = 0; py < height; py++) {
    const g = Math.min(Math.max((py + 0.5) / cellPx - 0.5, 0), rows - 1);
    const r = Math.min(Math.floor(g), Math.max(rows - 2, 0));
    const f = rows > 1 ? g - r : 0;
    const top = r * width;
    const outBase = py * width;
    for (let px = 0; px < width; px++) {
      const a = stretched[top + px] as number;
      const v = a + f * ((stretched[top + r1Off + px] as number) - a);
      const idx = v >= 255 ? 255 : v > 0 ? v | 0 : 0;
      out32[outBase + px] = table32[idx] as number;
    }
  }
  return out;
}

/** A table whose every entry differs, so that any changed colour index shows in the pixels. */
const DISTINCT_TABLE = new Uint8ClampedArray(new Uint32Array(256).map((_, k) => 0x01000193 * (k + 1)).buffer);

function expectSame(points: Points, width: number, height: number, o: { cellPx: number; sigmaPx: number }) {
  const want = referenceDensityGrid(points, width, height, o);
  const got = densityGrid(points, width, height, o);
  expect([got.cols, got.rows, got.total, got.max]).toEqual([want.cols, want.rows, want.total, want.max]);
  // Bit for bit: the same Float32 words (Object.is would also tell -0 from 0).
  expect(Buffer.from(got.values.buffer).equals(Buffer.from(want.values.buffer))).toBe(true);
  const table32 = new Uint32Array(DISTINCT_TABLE.buffer);
  for (const maxValue of [want.max, want.max / 3, want.max * 2]) {
    const a = referenceColorize(want, table32, maxValue);
    const b = colorizeDensity(got, DISTINCT_TABLE, maxValue);
    expect(Buffer.from(b.buffer).equals(Buffer.from(a.buffer))).toBe(true);
  }
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const special = [
  Number.NaN,
  -0,
  0,
  -1e-9,
  -3.9,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  1e12,
  -1e12,
];

describe.each(['wasm', 'js'] as const)(
  'densityGrid and colorizeDensity (%s binning) against the code before the speed work',
  (engine) => {
    it('bins with the engine asked for', () => {
      useJsBinning(engine === 'js');
      expect(binningEngine()).toBe(engine);
    });
    afterAll(() => useJsBinning(false));

    it('match bit for bit on random pages, points, cells and blurs (property)', () => {
      const coordinate = (size: number) =>
        fc.oneof(
          { weight: 6, arbitrary: fc.double({ min: -0.2 * size, max: 1.2 * size }) },
          { weight: 1, arbitrary: fc.constantFrom(...special, size, size - 1e-7, size - 0.5, size + 1e-7) },
          { weight: 1, arbitrary: fc.double() },
        );
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 300 }),
          fc.integer({ min: 1, max: 200 }),
          fc.constantFrom(1, 2, 3, 4, 5, 7.5, 8),
          fc.constantFrom(0, 1, 4, 13, 30, 90, 400),
          fc.integer({ min: 0, max: 400 }),
          fc.constantFrom('array', 'float32', 'float64'),
          fc.integer(),
          (width, height, cellPx, sigmaPx, n, kind, seed) => {
            const rnd = random(seed);
            const xs: number[] = [];
            const ys: number[] = [];
            fc.sample(fc.tuple(coordinate(width), coordinate(height)), { numRuns: n, seed }).forEach(
              ([px, py]) => {
                // Runs of samples in the same spot, as in a fixation.
                const repeat = rnd() < 0.2 ? 1 + Math.floor(rnd() * 50) : 1;
                for (let i = 0; i < repeat; i++) {
                  xs.push(px);
                  ys.push(py);
                }
              },
            );
            const points: Points =
              kind === 'float32'
                ? { x: Float32Array.from(xs), y: Float32Array.from(ys) }
                : kind === 'float64'
                  ? { x: Float64Array.from(xs), y: Float64Array.from(ys) }
                  : { x: xs, y: ys };
            expectSame(points, width, height, { cellPx, sigmaPx });
          },
        ),
        { numRuns: 200 },
      );
    });

    it('match on no points, one point, unequal x and y lengths and NaN-only input', () => {
      const o = { cellPx: 4, sigmaPx: 30 };
      expectSame({ x: [], y: [] }, 1920, 1080, o);
      expectSame({ x: [0], y: [0] }, 1920, 1080, o);
      expectSame({ x: [1919.99], y: [1079.99] }, 1920, 1080, o);
      expectSame({ x: [5, 6, 7, 8, 9], y: [5, 6, 7] }, 20, 20, o);
      expectSame({ x: [Number.NaN, Number.NaN], y: [1, Number.NaN] }, 20, 20, o);
      expectSame({ x: [1, 2, 3], y: [1, 2, 3] }, 1, 1, o);
    });

    it('match on a full page of gaze with many samples per cell', () => {
      const rnd = random(7);
      const n = 400_003;
      const x = new Float32Array(n);
      const y = new Float32Array(n);
      let cx = 960;
      let cy = 540;
      for (let i = 0; i < n; i++) {
        if (i % 300 === 0) {
          cx = rnd() * 2100 - 90;
          cy = rnd() * 1200 - 60;
        }
        // A quarter of the samples in one spot: 100k counts in a few cells.
        const hot = i % 4 === 0;
        x[i] = hot ? 700 + rnd() * 3 : cx + (rnd() - 0.5) * 6;
        y[i] = hot ? 300 + rnd() * 3 : cy + (rnd() - 0.5) * 6;
        if (i % 2000 < 10) x[i] = Number.NaN;
      }
      expectSame({ x, y }, 1920, 1080, { cellPx: 4, sigmaPx: 30 });
      expectSame({ x, y }, 1366, 768, { cellPx: 3, sigmaPx: 25 });
    });
  },
);
