import type { RgbaImage } from './cell-features.js';
import type { GazeSamples } from './fixations.js';
import { degreesToPixels, type ScreenGeometry } from './gaze-geometry.js';
import type { DensityGrid } from './heatmap-density.js';
/**
 * A synthetic scanpath for tests: fixations of `fixationMs` at the given points joined by
 * saccades of `saccadeMs` (linear motion), sampled at `hz`, with uniform noise of ±noisePx.
 * Returns the samples and the true label (1 = fixation) of each.
 */
export function scanpath(
  points: readonly [number, number][],
  hz: number,
  fixationMs = 300,
  saccadeMs = 40,
  noisePx = 1,
  seed = 1,
): { gaze: GazeSamples; truth: Uint8Array } {
  let s = seed;
  const rand = (): number => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const period = 1000 / hz;
  const total = points.length * fixationMs + (points.length - 1) * saccadeMs;
  const n = Math.floor(total / period);
  const t = new Float64Array(n);
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  const truth = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const ti = i * period;
    const seg = Math.floor(ti / (fixationMs + saccadeMs));
    const within = ti - seg * (fixationMs + saccadeMs);
    const a = points[Math.min(seg, points.length - 1)] as [number, number];
    const b = points[Math.min(seg + 1, points.length - 1)] as [number, number];
    let px = a[0];
    let py = a[1];
    if (within >= fixationMs) {
      const f = (within - fixationMs) / saccadeMs;
      px = a[0] + f * (b[0] - a[0]);
      py = a[1] + f * (b[1] - a[1]);
    } else truth[i] = 1;
    t[i] = 1_700_000_000_000 + ti;
    x[i] = px + (rand() * 2 - 1) * noisePx;
    y[i] = py + (rand() * 2 - 1) * noisePx;
  }
  return { gaze: { timestamp: t, x, y }, truth };
}

/** An opaque RGBA image of one colour. */
export function solidImage(width: number, height: number, rgb: readonly [number, number, number]): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  new Uint32Array(data.buffer).fill(pixelWord(rgb));
  return { width, height, data };
}

/** Paints a rectangle (px) of one colour into an image, in place. */
export function fillRect(
  image: RgbaImage,
  rect: { x: number; y: number; width: number; height: number },
  rgb: readonly [number, number, number],
): void {
  const pixels = new Uint32Array(image.data.buffer, image.data.byteOffset, image.width * image.height);
  const word = pixelWord(rgb);
  for (let y = rect.y; y < rect.y + rect.height; y++)
    pixels.fill(word, y * image.width + rect.x, y * image.width + rect.x + rect.width);
}

/** One opaque RGBA pixel as a 32-bit word in the platform's byte order. */
function pixelWord(rgb: readonly [number, number, number]): number {
  return new Uint32Array(Uint8ClampedArray.of(rgb[0], rgb[1], rgb[2], 255).buffer)[0] as number;
}

/** Centre (px) of the cell holding a grid's largest value. */
export function peakOf(grid: Pick<DensityGrid, 'values' | 'cols' | 'cellPx'>): { x: number; y: number } {
  let best = 0;
  for (let i = 1; i < grid.values.length; i++)
    if ((grid.values[i] as number) > (grid.values[best] as number)) best = i;
  return {
    x: ((best % grid.cols) + 0.5) * grid.cellPx,
    y: (Math.floor(best / grid.cols) + 0.5) * grid.cellPx,
  };
}

/** A seeded standard normal generator (Box–Muller over a linear congruential generator). */
export function gaussianSource(seed: number): () => number {
  let s = seed;
  const rand = (): number => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return (s + 1) / 2147483649;
  };
  return () => Math.sqrt(-2 * Math.log(rand())) * Math.cos(2 * Math.PI * rand());
}

/**
 * Gaze that follows a path given in degrees from the screen centre (`at(t)` → [xDeg, yDeg] and
 * the true class of that moment), sampled at `hz` for `durationMs`, drawn on `geometry`'s screen
 * in px, with white Gaussian noise of `noiseRmsDeg` (root mean square of the 2-D offset).
 */
export function angularGaze(
  geometry: ScreenGeometry,
  at: (tMs: number) => { x: number; y: number; truth: number },
  hz: number,
  durationMs: number,
  noiseRmsDeg = 0,
  seed = 1,
): { gaze: GazeSamples; truth: Uint8Array } {
  const normal = gaussianSource(seed);
  const n = Math.floor((durationMs * hz) / 1000);
  const timestamp = new Float64Array(n);
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  const truth = new Uint8Array(n);
  const sd = noiseRmsDeg / Math.SQRT2;
  for (let i = 0; i < n; i++) {
    const t = (i * 1000) / hz;
    const p = at(t);
    const px = degreesToPixels(geometry, p.x + sd * normal(), p.y + sd * normal());
    timestamp[i] = 1_700_000_000_000 + t;
    x[i] = px.xPx;
    y[i] = px.yPx;
    truth[i] = p.truth;
  }
  return { gaze: { timestamp, x, y }, truth };
}

/**
 * A path of fixations (`fixationMs` each) at the given points (degrees) joined by saccades of
 * `saccadeMs`, for {@link angularGaze}; truth 1 fixation, 2 saccade.
 */
export function fixationPath(
  points: readonly [number, number][],
  fixationMs = 300,
  saccadeMs = 40,
): { at: (tMs: number) => { x: number; y: number; truth: number }; durationMs: number } {
  const cycle = fixationMs + saccadeMs;
  return {
    durationMs: points.length * cycle - saccadeMs,
    at: (t) => {
      const k = Math.min(points.length - 1, Math.floor(t / cycle));
      const within = t - k * cycle;
      const [ax, ay] = points[k] as [number, number];
      if (within < fixationMs || k === points.length - 1) return { x: ax, y: ay, truth: 1 };
      const [bx, by] = points[k + 1] as [number, number];
      const f = (within - fixationMs) / saccadeMs;
      return { x: ax + f * (bx - ax), y: ay + f * (by - ay), truth: 2 };
    },
  };
}

/**
 * Step-ramp smooth pursuit (the usual paradigm): 500 ms fixation, a 30 ms saccade to where a
 * target starts, 1000 ms following it at `speedDegPerS` in a seeded direction, a saccade back to a
 * new fixation, and so on; truth 1 fixation, 2 saccade, 3 pursuit. Degrees, for {@link angularGaze}.
 */
export function stepRampPath(speedDegPerS: number, cycles: number, seed = 1) {
  const normal = gaussianSource(seed);
  const phases: { start: number; kind: number; from: [number, number]; to: [number, number] }[] = [];
  let t = 0;
  let here: [number, number] = [0, 0];
  for (let c = 0; c < cycles; c++) {
    phases.push({ start: t, kind: 1, from: here, to: here });
    t += 500;
    const angle = normal() * Math.PI;
    const rampStart: [number, number] = [-5 * Math.cos(angle), -5 * Math.sin(angle)];
    phases.push({ start: t, kind: 2, from: here, to: rampStart });
    t += 30;
    const rampEnd: [number, number] = [
      rampStart[0] + speedDegPerS * Math.cos(angle),
      rampStart[1] + speedDegPerS * Math.sin(angle),
    ];
    phases.push({ start: t, kind: 3, from: rampStart, to: rampEnd });
    t += 1000;
    const next: [number, number] = [4 * normal(), 3 * normal()];
    phases.push({ start: t, kind: 2, from: rampEnd, to: next });
    t += 30;
    here = next;
  }
  return {
    durationMs: t,
    at: (tMs: number) => {
      let k = phases.length - 1;
      while (k > 0 && (phases[k] as { start: number }).start > tMs) k--;
      const p = phases[k] as (typeof phases)[number];
      const end = (phases[k + 1] as { start: number } | undefined)?.start ?? t;
      const f = end > p.start ? (tMs - p.start) / (end - p.start) : 0;
      return {
        x: p.from[0] + f * (p.to[0] - p.from[0]),
        y: p.from[1] + f * (p.to[1] - p.from[1]),
        truth: p.kind,
      };
    },
  };
}
