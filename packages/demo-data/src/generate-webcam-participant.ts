import {
  DEFAULT_SCREEN_GEOMETRY,
  type ExpressionSamples,
  type EyeSamples,
  pixelsPerDegree,
  REFERENCE_HEIGHT,
  REFERENCE_WIDTH,
  webcamScreenGeometry,
} from '@limbus/analytics';
import { generateParticipant } from './generate-participant.js';
import { generateVideoParticipant } from './generate-video-participant.js';
import type { DemoParticipant, SampleRates } from './participant-types.js';
import { deriveSeed, normalizeSeed, Random } from './random.js';
import { renderExpressions } from './render-expressions.js';
import type { Platform } from './site-layout.js';

/** A validation point on the participant's screen (CSS px) and the gaze model's estimates while it was shown. */
export type WebcamValidationTarget = { x: number; y: number; estimates: { x: number; y: number }[] };

/** One calibration's validation, as the participant's browser sends it. */
export type WebcamValidation = { attempt: number; targets: WebcamValidationTarget[] };

/**
 * A participant who took a test in their own browser: webcam gaze, mouse and facial expressions,
 * no EEG (so no emotions, no emotion peaks and no comments on them), with the validations of its
 * calibration.
 */
export type WebcamParticipant = Omit<DemoParticipant, 'emotions' | 'events' | 'comments' | 'tags'> & {
  /** What the browser's face classifier read, 5 Hz; nothing while the face was out of view. */
  expressions: ExpressionSamples;
  webcam: {
    /** The browser's gaze sampling rate, 15–30 Hz. */
    rateHz: number;
    /** The constant part of the gaze error, in degrees (1.5–3.8: every last validation passes a 4° threshold). */
    offsetDeg: number;
    /** The participant's screen in CSS px. */
    screen: { widthPx: number; heightPx: number };
    validations: WebcamValidation[];
  };
};

export type GenerateWebcamParticipantOptions = {
  seed: number;
  /** The test's kind: a website (desktop, mobile) or a video of `videoDurationMs`. */
  kind: Platform | 'video';
  videoDurationMs?: number;
  startTime: number;
  realId?: string;
  phraseOffset?: number;
};

/**
 * The behaviour is drawn at low rates (webcam gaze is far slower than a lab tracker; the latent
 * emotions only move the face, read at 5 Hz as the browser's classifier reads it): that keeps a
 * cohort of 40 cheap to make.
 */
const BEHAVIOUR_RATES: Required<SampleRates> = { eyeHz: 30, mouseHz: 30, mouseIdleHz: 5, emotionHz: 5 };

/** Laptop and monitor screens in CSS px, as browsers report them. */
const SCREENS = [
  { widthPx: 1536, heightPx: 864 },
  { widthPx: 1440, heightPx: 900 },
  { widthPx: 1920, heightPx: 1080 },
  { widthPx: 1366, heightPx: 768 },
  { widthPx: 1280, heightPx: 800 },
] as const;

/** Five validation points (fractions of the screen), other than the 9 calibration points. */
const VALIDATION_POINTS = [
  [0.3, 0.3],
  [0.7, 0.3],
  [0.5, 0.5],
  [0.3, 0.7],
  [0.7, 0.7],
] as const;
/** About a second of estimates per point at 20 Hz. */
const ESTIMATES_PER_POINT = 20;
/** A first calibration this often ends more than 4° off, and the participant calibrates again. */
const RECALIBRATION_CHANCE = 0.2;
/** A face-lost interval starts on average once per this many ms. */
const FACE_LOST_EVERY_MS = 40_000;

/**
 * A remote participant of a website or video test: the same behaviour as a lab participant of the
 * generator, seen through a webcam. Gaze is resampled at 15–30 Hz, shifted by a constant offset
 * of 1.5–3.8° in one direction (the calibration's error) plus per-sample jitter, and stored as
 * lost (NaN) while the face is out of view; the mouse is kept. The validations show the same
 * offset and jitter on the participant's own screen.
 */
export function generateWebcamParticipant(o: GenerateWebcamParticipantOptions): WebcamParticipant {
  const seed = normalizeSeed(o.seed);
  const behaviour = generateBehaviour(seed, o);
  const rng = new Random(deriveSeed(seed, 'webcam'));
  const rateHz = rng.uniform(15, 30);
  const offsetDeg = rng.uniform(1.5, 3.8);
  const jitterDeg = rng.uniform(0.5, 1.3);
  const direction = rng.uniform(0, 2 * Math.PI);
  const screen = SCREENS[rng.int(0, SCREENS.length - 1)] ?? SCREENS[0];
  const referencePxPerDeg = pixelsPerDegree(DEFAULT_SCREEN_GEOMETRY);
  const lost = faceLostIntervals(rng, behaviour.eyes.timestamp[0] ?? 0, behaviour.eyes.timestamp.at(-1) ?? 0);
  const eyes = webcamGaze(behaviour.eyes, lost, rng, {
    rateHz,
    offsetX: Math.cos(direction) * offsetDeg * referencePxPerDeg,
    offsetY: Math.sin(direction) * offsetDeg * referencePxPerDeg,
    jitterPx: jitterDeg * referencePxPerDeg,
  });
  const screenPxPerDeg = pixelsPerDegree(webcamScreenGeometry(screen));
  const validate = (attempt: number, errorDeg: number): WebcamValidation => ({
    attempt,
    targets: validationTargets(rng, screen, {
      offsetX: Math.cos(direction) * errorDeg * screenPxPerDeg,
      offsetY: Math.sin(direction) * errorDeg * screenPxPerDeg,
      jitterPx: jitterDeg * screenPxPerDeg,
    }),
  });
  const validations = rng.chance(RECALIBRATION_CHANCE)
    ? [validate(1, rng.uniform(4.4, 6.5)), validate(2, offsetDeg)]
    : [validate(1, offsetDeg)];
  const expressions = renderExpressions(
    behaviour.emotions,
    lost,
    new Random(deriveSeed(seed, 'expressions')),
  );
  const { emotions: _emotions, events: _events, comments: _comments, tags: _tags, ...rest } = behaviour;
  return { ...rest, eyes, expressions, webcam: { rateHz, offsetDeg, screen, validations } };
}

function generateBehaviour(seed: number, o: GenerateWebcamParticipantOptions): DemoParticipant {
  const common = {
    seed,
    startTime: o.startTime,
    rates: BEHAVIOUR_RATES,
    ...(o.realId !== undefined ? { realId: o.realId } : {}),
    ...(o.phraseOffset !== undefined ? { phraseOffset: o.phraseOffset } : {}),
  };
  if (o.kind !== 'video') return generateParticipant({ ...common, platform: o.kind });
  if (o.videoDurationMs === undefined) throw new RangeError('A video participant needs videoDurationMs');
  return generateVideoParticipant({ ...common, videoDurationMs: o.videoDurationMs });
}

type GazeError = { offsetX: number; offsetY: number; jitterPx: number };

/**
 * The lab gaze as a webcam sees it, in the reference frame: samples at `rateHz` (the frame timing
 * wavers a little), each the nearest behaviour sample shifted by the offset plus jitter, and NaN
 * where the behaviour lost the eyes or the face was out of view.
 */
function webcamGaze(
  lab: EyeSamples,
  lost: readonly [number, number][],
  rng: Random,
  o: GazeError & { rateHz: number },
): EyeSamples {
  const first = lab.timestamp[0] ?? 0;
  const last = lab.timestamp[lab.timestamp.length - 1] ?? first;
  const labStep = lab.timestamp.length > 1 ? (last - first) / (lab.timestamp.length - 1) : 1;
  const step = 1000 / o.rateHz;
  const n = Math.floor((last - first) / step) + 1;
  const timestamp = new Float64Array(n);
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = Math.min(last, Math.max(first, first + i * step + rng.uniform(-0.15, 0.15) * step));
    timestamp[i] = t;
    const source = Math.min(lab.timestamp.length - 1, Math.round((t - first) / labStep));
    const faceLost = lost.some(([from, to]) => t >= from && t < to);
    const labX = lab.x[source] ?? Number.NaN;
    const labY = lab.y[source] ?? Number.NaN;
    x[i] = faceLost ? Number.NaN : clamp(labX + o.offsetX + rng.normal(0, o.jitterPx), REFERENCE_WIDTH);
    y[i] = faceLost ? Number.NaN : clamp(labY + o.offsetY + rng.normal(0, o.jitterPx), REFERENCE_HEIGHT);
  }
  return { timestamp, x, y };
}

/** When the participant's face was out of the camera's view (turned away, leaned out): 0.3–6 s each. */
function faceLostIntervals(rng: Random, from: number, to: number): [number, number][] {
  const intervals: [number, number][] = [];
  for (let t = from + rng.exponential(FACE_LOST_EVERY_MS); t < to; t += rng.exponential(FACE_LOST_EVERY_MS)) {
    const length = Math.min(6000, Math.max(300, rng.logNormal(1500, 0.6)));
    intervals.push([t, t + length]);
    t += length;
  }
  return intervals;
}

/** The validation points on the screen and the estimates around each; now and then the face is lost while one is shown. */
function validationTargets(
  rng: Random,
  screen: { widthPx: number; heightPx: number },
  error: GazeError,
): WebcamValidationTarget[] {
  return VALIDATION_POINTS.map(([fx, fy]) => {
    const target = { x: fx * screen.widthPx, y: fy * screen.heightPx };
    const count = rng.chance(0.05) ? 2 : ESTIMATES_PER_POINT;
    const estimates = Array.from({ length: count }, () => ({
      x: target.x + error.offsetX + rng.normal(0, error.jitterPx),
      y: target.y + error.offsetY + rng.normal(0, error.jitterPx),
    }));
    return { ...target, estimates };
  });
}

/** NaN stays NaN (the behaviour lost the eyes); positions stay on the frame. */
const clamp = (value: number, size: number) =>
  Number.isNaN(value) ? value : Math.min(size - 0.01, Math.max(0, value));
