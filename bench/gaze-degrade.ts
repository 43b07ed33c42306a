import {
  degreesToPixels,
  type GazeSamples,
  pixelsToDegrees,
  type ScreenGeometry,
} from '../packages/analytics/src/index.js';
import type { LabelledRecording } from './gaze-labelled.js';
import { random } from './synthetic.js';

/** A standard normal deviate from two uniform ones (Box–Muller). */
function gaussian(rnd: () => number): number {
  const u = 1 - rnd();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd());
}

/**
 * A copy with white Gaussian noise added in visual angle: independent on x and y with SD
 * rmsDeg ÷ √2 each, so that the root mean square of the 2-D offset from the true position is
 * `rmsDeg` (the usual definition of RMS deviation). Lost samples stay lost; labels unchanged.
 */
export function withNoise(
  r: LabelledRecording,
  geometry: ScreenGeometry,
  rmsDeg: number,
  seed: number,
): LabelledRecording {
  const rnd = random(seed);
  const sd = rmsDeg / Math.SQRT2;
  const n = r.gaze.timestamp.length;
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const { xDeg, yDeg } = pixelsToDegrees(geometry, r.gaze.x[i] as number, r.gaze.y[i] as number);
    const p = degreesToPixels(geometry, xDeg + sd * gaussian(rnd), yDeg + sd * gaussian(rnd));
    x[i] = p.xPx;
    y[i] = p.yPx;
  }
  return { ...r, gaze: { timestamp: r.gaze.timestamp, x, y } };
}

/**
 * A copy sampled at `hz`: sample k at t₀ + 0.5 ms + k / hz (the half millisecond puts even the
 * 1000 Hz copy between the original samples), position interpolated linearly between the two
 * original samples around it (lost when either is), label of the nearest original sample.
 */
export function resampled(r: LabelledRecording, hz: number): LabelledRecording {
  const { timestamp: t, x, y } = r.gaze;
  const period = 1000 / hz;
  const t0 = t[0] as number;
  const last = t[t.length - 1] as number;
  const n = Math.floor((last - t0 - 0.5) / period) + 1;
  const timestamp = new Float64Array(n);
  const rx = new Float32Array(n);
  const ry = new Float32Array(n);
  const human = new Uint8Array(n);
  const isFixation = new Uint8Array(n);
  let j = 0;
  for (let k = 0; k < n; k++) {
    const tk = t0 + 0.5 + k * period;
    while (j + 2 < t.length && (t[j + 1] as number) <= tk) j++;
    const ta = t[j] as number;
    const tb = t[j + 1] as number;
    const f = (tk - ta) / (tb - ta);
    timestamp[k] = tk;
    rx[k] = (x[j] as number) + f * ((x[j + 1] as number) - (x[j] as number));
    ry[k] = (y[j] as number) + f * ((y[j + 1] as number) - (y[j] as number));
    const nearest = f < 0.5 ? j : j + 1;
    human[k] = r.human[nearest] as number;
    isFixation[k] = r.isFixation[nearest] as number;
  }
  return { name: r.name, gaze: { timestamp, x: rx, y: ry }, human, isFixation };
}

/**
 * A copy with `share` of its valid samples lost (NaN) in bursts of 10–100 ms (uniform), at random
 * places, the way trackers lose the eye for a moment; labels unchanged.
 */
export function withLossBursts(r: LabelledRecording, share: number, seed: number): LabelledRecording {
  const rnd = random(seed);
  const { timestamp: t } = r.gaze;
  const n = t.length;
  const x = Float32Array.from(r.gaze.x);
  const y = Float32Array.from(r.gaze.y);
  let valid = 0;
  for (let i = 0; i < n; i++) if (!Number.isNaN(x[i] as number)) valid++;
  let toLose = Math.round(share * valid);
  while (toLose > 0) {
    const start = Math.floor(rnd() * n);
    const until = (t[start] as number) + 10 + rnd() * 90;
    for (let i = start; i < n && (t[i] as number) < until && toLose > 0; i++) {
      if (Number.isNaN(x[i] as number)) continue;
      x[i] = Number.NaN;
      y[i] = Number.NaN;
      toLose--;
    }
  }
  const gaze: GazeSamples = { timestamp: t, x, y };
  return { ...r, gaze };
}
