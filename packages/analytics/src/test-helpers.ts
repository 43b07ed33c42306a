import type { GazeSamples } from './fixations.js';

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
