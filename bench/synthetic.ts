import type { EmotionSamples, GazeSamples } from '../packages/analytics/src/index.js';

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so every run sees the same data. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `n` gaze samples at `hz` on a 1920×1080 page: fixations of 150–450 ms at random spots (±3 px
 * noise) joined by 30 ms saccades, with 0.5 % of samples lost (NaN) in short bursts.
 */
export function syntheticGaze(n: number, hz: number, seed = 1): GazeSamples {
  const rnd = random(seed);
  const timestamp = new Float64Array(n);
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  const period = 1000 / hz;
  let cx = 960;
  let cy = 540;
  let tx = cx;
  let ty = cy;
  let phaseEnd = 0;
  let isSaccade = false;
  let sx = cx;
  let sy = cy;
  let phaseStart = 0;
  for (let i = 0; i < n; i++) {
    const t = i * period;
    if (t >= phaseEnd) {
      phaseStart = t;
      if (isSaccade) {
        cx = tx;
        cy = ty;
        phaseEnd = t + 150 + rnd() * 300;
      } else {
        sx = cx;
        sy = cy;
        tx = rnd() * 1920;
        ty = rnd() * 1080;
        phaseEnd = t + 30;
      }
      isSaccade = !isSaccade;
    }
    timestamp[i] = 1_700_000_000_000 + t;
    if (isSaccade) {
      const f = (t - phaseStart) / 30;
      x[i] = sx + f * (tx - sx);
      y[i] = sy + f * (ty - sy);
    } else {
      x[i] = cx + (rnd() - 0.5) * 6;
      y[i] = cy + (rnd() - 0.5) * 6;
    }
    if (i % 2000 < 10) {
      x[i] = Number.NaN;
      y[i] = Number.NaN;
    }
  }
  return { timestamp, x, y };
}

/** `n` emotion samples at 10 Hz: slow random walks in [0, 1] with a bump every ~30 s. */
export function syntheticEmotions(n: number, startMs: number, seed = 1): EmotionSamples {
  const rnd = random(seed);
  const timestamp = new Float64Array(n);
  const series = [new Float32Array(n), new Float32Array(n), new Float32Array(n)] as const;
  const level = [0.4, 0.4, 0.4];
  for (let i = 0; i < n; i++) {
    timestamp[i] = startMs + i * 100;
    series.forEach((s, k) => {
      level[k] = Math.min(0.8, Math.max(0.1, (level[k] as number) + (rnd() - 0.5) * 0.02));
      const phase = (i + k * 97) % 300;
      const bump = phase < 20 ? 0.3 * Math.sin((phase / 20) * Math.PI) : 0;
      s[i] = Math.min(1, (level[k] as number) + bump + (rnd() - 0.5) * 0.04);
    });
  }
  return { timestamp, joy: series[0], attention: series[1], frustration: series[2] };
}
