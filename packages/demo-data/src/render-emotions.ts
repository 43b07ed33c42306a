import type { Emotion, EmotionSamples } from '@limbus/analytics';
import type { Random } from './random.js';

/**
 * EEG-derived emotion scores: per emotion a latent signal in logit units made of the
 * participant's baseline, a slow Ornstein–Uhlenbeck process (τ ≈ 8 s: mood), a fast one
 * (τ ≈ 0.6 s: measurement wobble) and one response per event (a sin² rise to the peak, then an
 * exponential decay), squashed by the logistic function into [0, 1]. Frustration peaks also
 * lift attention a little (arousal); joy peaks lower frustration a little.
 */
export type EmotionResponse = {
  emotion: Emotion;
  /** ms since start at which the response peaks. */
  peakAt: number;
  /** Peak height in logit units. */
  intensity: number;
  riseMs: number;
  decayMs: number;
};

export type EmotionOptions = {
  startTime: number;
  durationMs: number;
  rateHz: number;
  /** Baseline levels in [0, 1]. */
  baseline: Record<Emotion, number>;
};

const logit = (p: number) => Math.log(p / (1 - p));

function ouSeries(n: number, dtMs: number, tauMs: number, sd: number, rng: Random): Float64Array {
  const out = new Float64Array(n);
  const a = Math.exp(-dtMs / tauMs);
  const step = sd * Math.sqrt(1 - a * a);
  let v = rng.normal(0, sd);
  for (let i = 0; i < n; i++) {
    out[i] = v;
    v = v * a + step * rng.gaussian();
  }
  return out;
}

function addResponse(z: Float64Array, dtMs: number, r: EmotionResponse, scale: number): void {
  const start = Math.max(0, Math.ceil((r.peakAt - r.riseMs) / dtMs));
  const end = Math.min(z.length - 1, Math.floor((r.peakAt + r.decayMs * 6) / dtMs));
  for (let i = start; i <= end; i++) {
    const t = i * dtMs;
    let k: number;
    if (t < r.peakAt) {
      const s = Math.sin((Math.PI / 2) * ((t - (r.peakAt - r.riseMs)) / r.riseMs));
      k = s * s;
    } else {
      k = Math.exp(-(t - r.peakAt) / r.decayMs);
    }
    z[i] = (z[i] as number) + r.intensity * scale * k;
  }
}

export function renderEmotions(responses: EmotionResponse[], o: EmotionOptions, rng: Random): EmotionSamples {
  const dt = 1000 / o.rateHz;
  const n = Math.floor(o.durationMs / dt) + 1;
  const timestamp = new Float64Array(n);
  for (let i = 0; i < n; i++) timestamp[i] = o.startTime + i * dt;
  const result = { timestamp } as EmotionSamples;
  const latent: Record<Emotion, Float64Array> = {
    joy: ouSeries(n, dt, 8000, 0.35, rng),
    attention: ouSeries(n, dt, 8000, 0.3, rng),
    frustration: ouSeries(n, dt, 8000, 0.3, rng),
  };
  for (const emotion of ['joy', 'attention', 'frustration'] as const) {
    const z = latent[emotion];
    const fast = ouSeries(n, dt, 600, 0.08, rng);
    const base = logit(o.baseline[emotion]);
    for (let i = 0; i < n; i++) z[i] = (z[i] as number) + base + (fast[i] as number);
  }
  for (const r of responses) {
    addResponse(latent[r.emotion], dt, r, 1);
    if (r.emotion === 'frustration') addResponse(latent.attention, dt, r, 0.3);
    if (r.emotion === 'joy') addResponse(latent.frustration, dt, r, -0.25);
  }
  for (const emotion of ['joy', 'attention', 'frustration'] as const) {
    const z = latent[emotion];
    const values = new Float32Array(n);
    for (let i = 0; i < n; i++) values[i] = 1 / (1 + Math.exp(-(z[i] as number)));
    result[emotion] = values;
  }
  return result;
}
