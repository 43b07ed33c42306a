import type { DecodedStream, EmotionSamples, EyeSamples, MouseSamples } from '@limbus/analytics';

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32): every run sees the same recording. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type RecordingShape = {
  /** Epoch ms of the first sample. */
  startMs: number;
  durationMs: number;
  eyeHz?: number;
  /** Mouse samples over the whole recording (they come in bursts of movement). */
  mouseSamples?: number;
  emotionHz?: number;
  seed?: number;
};

export type SyntheticRecording = {
  emotions: Extract<DecodedStream, { kind: 'emotions' }>;
  eyes: Extract<DecodedStream, { kind: 'eyes' }>;
  mice: Extract<DecodedStream, { kind: 'mice' }>;
};

/**
 * A plausible recording: emotion scores drifting smoothly at 10 Hz, gaze at 60 Hz alternating
 * fixations (150–450 ms, ±2 px jitter) and saccades, with blinks (lost samples, NaN), and a
 * mouse that moves to targets, rests, scrolls, clicks and changes page every few minutes.
 */
export function syntheticRecording(shape: RecordingShape): SyntheticRecording {
  const rnd = random(shape.seed ?? 1);
  const end = shape.startMs + shape.durationMs;
  return {
    emotions: { kind: 'emotions', samples: syntheticEmotions(shape, end, rnd) },
    eyes: { kind: 'eyes', samples: syntheticGaze(shape, end, rnd) },
    mice: { kind: 'mice', samples: syntheticMouse(shape, rnd) },
  };
}

const jitter = (rnd: () => number, size: number) => (rnd() + rnd() - 1) * size;

function syntheticEmotions(shape: RecordingShape, end: number, rnd: () => number): EmotionSamples {
  const hz = shape.emotionHz ?? 10;
  const period = 1000 / hz;
  const count = Math.max(1, Math.floor(((end - shape.startMs) * hz) / 1000));
  const timestamp = new Float64Array(count);
  const columns = [new Float32Array(count), new Float32Array(count), new Float32Array(count)] as const;
  const waves = columns.map(() =>
    Array.from({ length: 3 }, () => ({
      periodMs: 5000 + rnd() * 55_000,
      phase: rnd() * Math.PI * 2,
      size: 0.05 + rnd() * 0.12,
    })),
  );
  const base = [0.45, 0.6, 0.3];
  for (let i = 0; i < count; i++) {
    const t = i * period;
    timestamp[i] = shape.startMs + t;
    columns.forEach((column, c) => {
      let value = base[c] as number;
      for (const wave of waves[c] ?? [])
        value += wave.size * Math.sin((t / wave.periodMs) * 2 * Math.PI + wave.phase);
      column[i] = Math.min(1, Math.max(0, value + jitter(rnd, 0.01)));
    });
  }
  return { timestamp, joy: columns[0], attention: columns[1], frustration: columns[2] };
}

function syntheticGaze(shape: RecordingShape, end: number, rnd: () => number): EyeSamples {
  const hz = shape.eyeHz ?? 60;
  const period = 1000 / hz;
  const count = Math.max(1, Math.floor(((end - shape.startMs) * hz) / 1000));
  const timestamp = new Float64Array(count);
  const x = new Float32Array(count);
  const y = new Float32Array(count);
  let [fixX, fixY] = [960, 540];
  let [fromX, fromY, toX, toY] = [fixX, fixY, fixX, fixY];
  let phaseStart = 0;
  let phaseEnd = 0;
  let isSaccade = false;
  let blinkUntil = -1;
  for (let i = 0; i < count; i++) {
    const t = i * period;
    // Tracker clocks tick with a little jitter; never enough to reorder samples.
    timestamp[i] = shape.startMs + t + jitter(rnd, period * 0.05);
    if (t >= phaseEnd) {
      phaseStart = t;
      if (isSaccade) {
        [fixX, fixY] = [toX, toY];
        phaseEnd = t + 150 + rnd() * 300;
      } else {
        [fromX, fromY] = [fixX, fixY];
        [toX, toY] = [
          Math.min(1919, Math.max(0, fixX + jitter(rnd, 600))),
          Math.min(1079, Math.max(0, fixY + jitter(rnd, 350))),
        ];
        phaseEnd = t + 30 + rnd() * 30;
      }
      isSaccade = !isSaccade;
      if (rnd() < 0.02) blinkUntil = t + 100 + rnd() * 150;
    }
    if (t < blinkUntil) {
      x[i] = Number.NaN;
      y[i] = Number.NaN;
    } else if (isSaccade) {
      const progress = Math.min(1, (t - phaseStart) / (phaseEnd - phaseStart));
      x[i] = fromX + (toX - fromX) * progress;
      y[i] = fromY + (toY - fromY) * progress;
    } else {
      x[i] = fixX + jitter(rnd, 2);
      y[i] = fixY + jitter(rnd, 2);
    }
  }
  return { timestamp, x, y };
}

const PAGES = [
  'https://shop.example.test/',
  'https://shop.example.test/shoes',
  'https://shop.example.test/shoes/runner-2',
  'https://shop.example.test/basket',
  'https://shop.example.test/checkout',
  'https://shop.example.test/checkout/delivery',
  'https://shop.example.test/checkout/payment',
  'https://shop.example.test/thanks',
];

function syntheticMouse(shape: RecordingShape, rnd: () => number): MouseSamples {
  const count = Math.max(1, shape.mouseSamples ?? Math.round(shape.durationMs / 18));
  const period = shape.durationMs / count;
  const timestamp = new Float64Array(count);
  const x = new Float32Array(count);
  const y = new Float32Array(count);
  const scrollY = new Float32Array(count);
  const pageHeight = new Float32Array(count);
  const click = new Uint8Array(count);
  const urlIndex = new Uint16Array(count);
  const pageMs = Math.max(period, shape.durationMs / PAGES.length);
  let [posX, posY, fromX, fromY, toX, toY] = [400, 300, 400, 300, 400, 300];
  let [scroll, scrollFrom, scrollTo] = [0, 0, 0];
  let moveStart = 0;
  let moveEnd = 0;
  for (let i = 0; i < count; i++) {
    const t = i * period;
    timestamp[i] = shape.startMs + t + jitter(rnd, period * 0.05);
    const page = Math.min(PAGES.length - 1, Math.floor(t / pageMs));
    const height = 2000 + page * 450;
    if (t >= moveEnd) {
      [fromX, fromY] = [posX, posY];
      [toX, toY] = [100 + rnd() * 1720, 80 + rnd() * 900];
      [scrollFrom, scrollTo] = [scroll, rnd() < 0.3 ? Math.round(rnd() * (height - 1000)) : scroll];
      moveStart = t + 200 + rnd() * 1500;
      moveEnd = moveStart + 300 + rnd() * 700;
      if (rnd() < 0.25) click[i] = 1;
    }
    if (t >= moveStart) {
      const progress = (t - moveStart) / (moveEnd - moveStart);
      const eased = progress * progress * (3 - 2 * progress);
      posX = fromX + (toX - fromX) * eased;
      posY = fromY + (toY - fromY) * eased;
      scroll = scrollFrom + (scrollTo - scrollFrom) * eased;
    }
    x[i] = posX;
    y[i] = posY;
    scrollY[i] = scroll;
    pageHeight[i] = height;
    urlIndex[i] = page;
  }
  return { timestamp, x, y, scrollY, pageHeight, click, urlIndex, urls: [...PAGES] };
}
