/**
 * Binning of points into a heatmap's grid cells (heatmap-density.ts): the count of points per cell.
 *
 * The loop over the points is most of a density's time (issue 27: 10 M gaze samples). In
 * JavaScript, V8 checks every typed-array access (map, bounds, backing store) and every float to
 * integer truncation, about 45 instructions a sample; so the loop is also written as a tiny
 * WebAssembly function, assembled below from its opcodes (no build step, no file to fetch), which
 * reads the coordinates copied into its memory a chunk at a time. Both give the same counts: the
 * same tests on the same doubles (NaN fails them, −0 passes), the same products and truncations.
 * The WebAssembly works on two points per 128-bit vector (its SIMD, in every current browser and
 * Node): with the copies, 0.6× the time of the scalar WebAssembly it replaced. Where it cannot be
 * compiled (an engine without WebAssembly or its SIMD, a page whose CSP forbids it), the
 * JavaScript loop runs.
 */
/** Points in page px (heatmap-density's Points). */
type Points = { x: ArrayLike<number>; y: ArrayLike<number> };

/** The little of WebAssembly used here (the package compiles without the DOM's types). */
type WasmMemory = { readonly buffer: ArrayBuffer; grow(pages: number): number };
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: Record<string, unknown> };
};

/** Points per cell, row-major `cols × rows`; points off the page (or NaN) are skipped. */
export function binPoints(
  points: Points,
  width: number,
  height: number,
  cellPx: number,
  cols: number,
  rows: number,
): Int32Array {
  const wasm = binner();
  return (
    (wasm && binPointsWasm(wasm, points, width, height, cellPx, cols, rows)) ??
    binPointsJs(points, width, height, cellPx, cols, rows)
  );
}

/**
 * The JavaScript loop. A gaze stream puts runs of consecutive samples into the same few cells, and
 * every increment of a cell waits for the one before it; so the points are walked as two streams,
 * half the array apart, whose cells rarely coincide. The limits are copied into locals first: as
 * parameters, each use re-checked whether they were small integers or heap numbers.
 */
export function binPointsJs(
  points: Points,
  width: number,
  height: number,
  cellPx: number,
  cols: number,
  rows: number,
): Int32Array {
  const counts = new Int32Array(cols * rows);
  const w = width * 1;
  const h = height * 1;
  const inv = 1 / cellPx;
  const stride = cols | 0;
  const { x, y } = points;
  const n = Math.min(x.length, y.length);
  const half = Math.floor(n / 2);
  let cell = 0;
  // NaN fails every comparison and is skipped with the points off the page. A cell index past
  // the end (a product rounded up to the next cell on the last row) is dropped by the store.
  for (let a = 0, b = half; a < half; a++, b++) {
    let px = x[a] as number;
    let py = y[a] as number;
    if (px >= 0 && px < w && py >= 0 && py < h) {
      cell = (Math.imul((py * inv) | 0, stride) + ((px * inv) | 0)) | 0;
      counts[cell] = (counts[cell] as number) + 1;
    }
    px = x[b] as number;
    py = y[b] as number;
    if (px >= 0 && px < w && py >= 0 && py < h) {
      cell = (Math.imul((py * inv) | 0, stride) + ((px * inv) | 0)) | 0;
      counts[cell] = (counts[cell] as number) + 1;
    }
  }
  if (2 * half < n) {
    const px = x[n - 1] as number;
    const py = y[n - 1] as number;
    if (px >= 0 && px < w && py >= 0 && py < h) {
      cell = (Math.imul((py * inv) | 0, stride) + ((px * inv) | 0)) | 0;
      counts[cell] = (counts[cell] as number) + 1;
    }
  }
  return counts;
}

/** Points copied into WebAssembly memory per call (×2 coordinates, ×4 or ×8 bytes). */
const CHUNK = 16_384;

type Binner = {
  /** bin(xPtr, yPtr, n, width, height, 1 / cellPx, cols, cells, countsPtr) over f32 or f64 coordinates. */
  f32: (...args: number[]) => void;
  f64: (...args: number[]) => void;
  memory: WasmMemory;
};

function binPointsWasm(
  wasm: Binner,
  points: Points,
  width: number,
  height: number,
  cellPx: number,
  cols: number,
  rows: number,
): Int32Array | null {
  const cells = cols * rows;
  const { x, y } = points;
  const n = Math.min(x.length, y.length);
  // Float32 coordinates are read as such; anything else as doubles (exact for every JS number).
  const isF32 = x instanceof Float32Array && y instanceof Float32Array;
  const bytes = isF32 ? 4 : 8;
  // The counts, and one more cell for the points the vector loop skips.
  const xAt = Math.ceil(((cells + 1) * 4) / 8) * 8;
  const yAt = xAt + CHUNK * bytes;
  const need = yAt + CHUNK * bytes;
  const { memory } = wasm;
  if (memory.buffer.byteLength < need)
    try {
      memory.grow(Math.ceil((need - memory.buffer.byteLength) / 65_536));
    } catch {
      return null; // a grid too large for a 4 GB memory: the JavaScript loop counts it
    }
  const buffer = memory.buffer;
  new Int32Array(buffer, 0, cells).fill(0);
  const xs = isF32 ? new Float32Array(buffer, xAt, CHUNK) : new Float64Array(buffer, xAt, CHUNK);
  const ys = isF32 ? new Float32Array(buffer, yAt, CHUNK) : new Float64Array(buffer, yAt, CHUNK);
  const bin = isF32 ? wasm.f32 : wasm.f64;
  const inv = 1 / cellPx;
  const isView = ArrayBuffer.isView(x) && ArrayBuffer.isView(y);
  for (let from = 0; from < n; from += CHUNK) {
    const to = Math.min(n, from + CHUNK);
    if (isView) {
      xs.set((x as Float64Array).subarray(from, to));
      ys.set((y as Float64Array).subarray(from, to));
    } else
      for (let i = from; i < to; i++) {
        xs[i - from] = x[i] as number;
        ys[i - from] = y[i] as number;
      }
    bin(xAt, yAt, to - from, width, height, inv, cols, cells, 0);
  }
  return new Int32Array(buffer, 0, cells).slice();
}

let compiled: Binner | null | undefined;

/** The WebAssembly binner, compiled once; null where WebAssembly is unavailable or refused. */
function binner(): Binner | null {
  if (compiled !== undefined) return compiled;
  try {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(binnerModule()));
    const e = instance.exports as unknown as Binner;
    compiled = { f32: e.f32, f64: e.f64, memory: e.memory };
  } catch {
    compiled = null;
  }
  return compiled;
}

/** Which loop binPoints runs here. */
export function binningEngine(): 'wasm' | 'js' {
  return binner() ? 'wasm' : 'js';
}

/** Test hook: run the JavaScript loop (true) or WebAssembly again (false). */
export function useJsBinning(isJs: boolean): void {
  compiled = isJs ? null : undefined;
}

// WebAssembly opcodes used below.
const I32 = 0x7f;
const F64 = 0x7c;
const V128 = 0x7b;
const op = {
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  i32Load: 0x28,
  f32Load: 0x2a,
  f64Load: 0x2b,
  i32Store: 0x36,
  i32Const: 0x41,
  f64Const: 0x44,
  i32GeU: 0x4f,
  i32LtU: 0x49,
  f64Lt: 0x63,
  f64Ge: 0x66,
  i32Add: 0x6a,
  i32Sub: 0x6b,
  i32Mul: 0x6c,
  i32And: 0x71,
  i32Shl: 0x74,
  i32ShrU: 0x76,
  f64Mul: 0xa2,
  f64PromoteF32: 0xbb,
  prefixFc: 0xfc,
  /** i32.trunc_sat_f64_s after the 0xfc prefix: truncation toward zero, as `| 0` for cells. */
  i32TruncSatF64S: 0x02,
  void: 0x40,
  func: 0x60,
} as const;

function uleb(value: number): number[] {
  const out: number[] = [];
  let v = value >>> 0;
  do {
    let b = v & 0x7f;
    v >>>= 7;
    if (v) b |= 0x80;
    out.push(b);
  } while (v);
  return out;
}

const vector = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
const name = (s: string): number[] => vector([...s].map((c) => [c.charCodeAt(0)]));

/** A SIMD instruction: the 0xfd prefix, then its opcode as LEB128. */
const simd = (opcode: number, ...immediates: number[]): number[] => [0xfd, ...uleb(opcode), ...immediates];
const v128 = {
  load: 0x00,
  load64Zero: 0x5d,
  load64Lane: 0x57,
  const: 0x0c,
  shuffle: 0x0d,
  i32x4Splat: 0x11,
  f64x2Splat: 0x14,
  i32x4ExtractLane: 0x1b,
  f64x2Lt: 0x49,
  f64x2Ge: 0x4c,
  not: 0x4d,
  and: 0x4e,
  or: 0x50,
  f64x2PromoteLowF32x4: 0x5f,
  i32x4Add: 0xae,
  i32x4Mul: 0xb5,
  i32x4MinU: 0xb7,
  f64x2Mul: 0xf2,
  f64x2Trunc: 0x7a,
  f64x2Add: 0xf0,
} as const;

/**
 * The body of bin(xPtr, yPtr, n, width, height, inv, cols, cells, countsPtr): the points walked as
 * two streams, half the chunk apart (as binPointsJs, so that runs of samples in one cell do not
 * wait on each other), two consecutive points of each at a time in 128-bit vectors of two
 * doubles, then the last n mod 4 points one by one:
 *
 *   for (i = 0, j = h = 2 * (n >> 2); i < h; i += 2, j += 2) { count(i, i + 1); count(j, j + 1); }
 *   for (; j < n; j++) count(j);
 *
 *   count(k): px = x[k]; py = y[k];   // promoted to f64 when the coordinates are f32
 *     if (px >= 0 & px < width & py >= 0 & py < height) {
 *       cell = trunc(py * inv) * cols + trunc(px * inv);
 *       if (cell <u cells) counts[cell]++;
 *     }
 *
 * The vector loop has no branches: a point that fails a test, or whose cell is past the end, is
 * counted in cell `cells`, one past the grid, which binPointsWasm leaves out. Against one point
 * per stream in each lane of a vector, 0.9× the time; against the scalar loop, 0.6× the time.
 */
function binBody(isF32: boolean): number[] {
  const [xPtr, yPtr, n, width, height, inv, cols, cells, counts] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  const [i, j, half, px, py, cell] = [9, 10, 11, 12, 13, 14];
  const [widths, heights, invs, colss, cellss] = [15, 16, 17, 18, 19];
  const [xa, ya, xb, yb, fa, fb] = [20, 21, 22, 23, 24, 25];
  const shift = isF32 ? 2 : 3;
  const address = (ptr: number, k: number[]): number[] => [
    op.localGet,
    ptr,
    ...k,
    op.i32Const,
    shift,
    op.i32Shl,
    op.i32Add,
  ];
  const load = (ptr: number, k: number[]): number[] =>
    isF32 ? [...address(ptr, k), op.f32Load, 2, 0, op.f64PromoteF32] : [...address(ptr, k), op.f64Load, 3, 0];
  const zero = [op.f64Const, 0, 0, 0, 0, 0, 0, 0, 0];
  const trunc = [op.f64Mul, op.prefixFc, op.i32TruncSatF64S];
  const increment = (index: number[]): number[] => [
    ...[...index, op.i32Const, 2, op.i32Shl, op.localGet, counts, op.i32Add, op.localTee, cell],
    ...[op.localGet, cell, op.i32Load, 2, 0, op.i32Const, 1, op.i32Add, op.i32Store, 2, 0],
  ];
  const count = (k: number[]): number[] => [
    ...load(xPtr, k),
    ...[op.localSet, px],
    ...load(yPtr, k),
    ...[op.localSet, py],
    ...[op.localGet, px, ...zero, op.f64Ge],
    ...[op.localGet, px, op.localGet, width, op.f64Lt, op.i32And],
    ...[op.localGet, py, ...zero, op.f64Ge, op.i32And],
    ...[op.localGet, py, op.localGet, height, op.f64Lt, op.i32And],
    ...[op.if, op.void],
    ...[op.localGet, py, op.localGet, inv, ...trunc, op.localGet, cols, op.i32Mul],
    ...[op.localGet, px, op.localGet, inv, ...trunc, op.i32Add, op.localTee, cell],
    ...[op.localGet, cells, op.i32LtU, op.if, op.void],
    ...increment([op.localGet, cell]),
    ...[op.end, op.end],
  ];
  // Coordinates i, i + 1 into `first` and j, j + 1 into `second`, as f64x2.
  const loadPairs = (ptr: number, first: number, second: number): number[] =>
    isF32
      ? [
          ...address(ptr, [op.localGet, j]),
          ...address(ptr, [op.localGet, i]),
          ...simd(v128.load64Zero, 2, 0),
          ...simd(v128.load64Lane, 2, 0, 1),
          ...[op.localTee, second, ...simd(v128.f64x2PromoteLowF32x4), op.localSet, first],
          ...[op.localGet, second, op.localGet, second, ...simd(v128.shuffle, ...upperHalf)],
          ...[...simd(v128.f64x2PromoteLowF32x4), op.localSet, second],
        ]
      : [
          ...[...address(ptr, [op.localGet, i]), ...simd(v128.load, 3, 0), op.localSet, first],
          ...[...address(ptr, [op.localGet, j]), ...simd(v128.load, 3, 0), op.localSet, second],
        ];
  const upperHalf = [8, 9, 10, 11, 12, 13, 14, 15, 8, 9, 10, 11, 12, 13, 14, 15];
  const zeros = simd(v128.const, ...new Array<number>(16).fill(0));
  const inside = (v: number, limit: number): number[] => [
    ...[op.localGet, v, ...zeros, ...simd(v128.f64x2Ge)],
    ...[op.localGet, v, op.localGet, limit, ...simd(v128.f64x2Lt), ...simd(v128.and)],
  ];
  // trunc(v) + 2^52 holds trunc(v) in the low 32 bits of its double, i.e. in 32-bit lanes 0 and 2,
  // for 0 ≤ v < 2^31: all the points inside the page (v < cols + 1 ≤ 2^30, the memory's limit).
  // Outside it, whatever they hold is replaced by `cells` below.
  const twoTo52 = simd(v128.const, ...[0, 0, 0, 0, 0, 0, 0x30, 0x43, 0, 0, 0, 0, 0, 0, 0x30, 0x43]);
  const truncs = [...simd(v128.f64x2Mul), ...simd(v128.f64x2Trunc), ...twoTo52, ...simd(v128.f64x2Add)];
  /** The cells of the two points in `xs`, `ys`, into 32-bit lanes 0 and 2 of `found`. */
  const cellsOf = (xs: number, ys: number, found: number): number[] => [
    ...[op.localGet, ys, op.localGet, invs, ...truncs, op.localGet, colss, ...simd(v128.i32x4Mul)],
    ...[op.localGet, xs, op.localGet, invs, ...truncs, ...simd(v128.i32x4Add)],
    ...inside(xs, widths),
    ...inside(ys, heights),
    // The tests' 64-bit masks hold the cells' 32-bit lanes 0 and 2 too: a cell failing them is
    // set to all ones, then, as one past the end, to `cells`.
    ...simd(v128.and),
    ...simd(v128.not),
    ...[...simd(v128.or), op.localGet, cellss, ...simd(v128.i32x4MinU), op.localSet, found],
  ];
  const countFour = [
    ...loadPairs(xPtr, xa, xb),
    ...loadPairs(yPtr, ya, yb),
    ...cellsOf(xa, ya, fa),
    ...cellsOf(xb, yb, fb),
    ...increment([op.localGet, fa, ...simd(v128.i32x4ExtractLane, 0)]),
    ...increment([op.localGet, fb, ...simd(v128.i32x4ExtractLane, 0)]),
    ...increment([op.localGet, fa, ...simd(v128.i32x4ExtractLane, 2)]),
    ...increment([op.localGet, fb, ...simd(v128.i32x4ExtractLane, 2)]),
  ];
  const code = [
    ...[op.localGet, width, ...simd(v128.f64x2Splat), op.localSet, widths],
    ...[op.localGet, height, ...simd(v128.f64x2Splat), op.localSet, heights],
    ...[op.localGet, inv, ...simd(v128.f64x2Splat), op.localSet, invs],
    ...[op.localGet, cols, ...simd(v128.i32x4Splat), op.localSet, colss],
    ...[op.localGet, cells, ...simd(v128.i32x4Splat), op.localSet, cellss],
    // half = 2 × (n >> 2): the first stream is [0, half), the second [half, 2 × half).
    ...[op.localGet, n, op.i32Const, 2, op.i32ShrU, op.i32Const, 1, op.i32Shl, op.localTee, half],
    ...[op.localSet, j],
    ...[op.block, op.void, op.loop, op.void],
    ...[op.localGet, i, op.localGet, half, op.i32GeU, op.brIf, 1],
    ...countFour,
    ...[op.localGet, i, op.i32Const, 2, op.i32Add, op.localSet, i],
    ...[op.localGet, j, op.i32Const, 2, op.i32Add, op.localSet, j],
    ...[op.br, 0, op.end, op.end],
    // The last n mod 4 points, one at a time.
    ...[op.block, op.void, op.loop, op.void],
    ...[op.localGet, j, op.localGet, n, op.i32GeU, op.brIf, 1],
    ...count([op.localGet, j]),
    ...[op.localGet, j, op.i32Const, 1, op.i32Add, op.localSet, j],
    ...[op.br, 0, op.end, op.end],
    op.end,
  ];
  const body = [
    ...vector([
      [3, I32],
      [2, F64],
      [1, I32],
      [11, V128],
    ]),
    ...code,
  ];
  return [...uleb(body.length), ...body];
}

function binnerModule(): Uint8Array {
  const params = [I32, I32, I32, F64, F64, F64, I32, I32, I32].map((t) => [t]);
  const type = [op.func, ...vector(params), 0];
  const exportOf = (s: string, kind: number, index: number) => [...name(s), kind, index];
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector([type])),
    ...section(3, vector([[0], [0]])),
    ...section(5, vector([[0x00, 1]])),
    ...section(7, vector([exportOf('f32', 0, 0), exportOf('f64', 0, 1), exportOf('memory', 2, 0)])),
    ...section(10, vector([binBody(true), binBody(false)])),
  ]);
}
