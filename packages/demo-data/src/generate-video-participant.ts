import { REFERENCE_HEIGHT, REFERENCE_WIDTH } from '@limbus/analytics';
import { annotateEvents, type EventCause, eventsFromCauses, sessionMood } from './annotate-events.js';
import { resolveRates } from './generate-participant.js';
import type { DemoParticipant, Language, SampleRates } from './participant-types.js';
import { EVENT_KINDS, type EventKind } from './phrase-bank.js';
import { answerQuestionnaire, drawDemographic, VIDEO_QUESTIONNAIRE } from './questionnaire.js';
import { deriveSeed, normalizeSeed, Random } from './random.js';
import { renderEmotions } from './render-emotions.js';
import { type GazeSource, renderGaze } from './render-gaze.js';
import { emptyMouseSamples } from './render-mouse.js';

/** A salient point of a scene in the 1920×1080 video frame; with `toX`/`toY` it moves there. */
export type SalientPoint = { x: number; y: number; toX?: number; toY?: number; weight: number };

/** Something in a scene that moves viewers: an emotion peak follows `atMs` by 0.2–1.2 s. */
export type SceneEvent = { atMs: number; kind: EventKind; intensity: number; probability?: number };

export type VideoScene = {
  name: string;
  /** Scene start and end in ms from the start of the video. */
  startMs: number;
  endMs: number;
  salient: SalientPoint[];
  events?: SceneEvent[];
};

/** The demo commercial "Runner 2: feel lighter", 60 s, as scenes with salient points and events. */
export const DEMO_VIDEO_SCENES: readonly VideoScene[] = [
  {
    name: 'Opening logo',
    startMs: 0,
    endMs: 5000,
    salient: [
      { x: 960, y: 520, weight: 3 },
      { x: 960, y: 720, weight: 1 },
    ],
    events: [{ atMs: 1500, kind: 'video-brand', intensity: 1.3 }],
  },
  {
    name: 'Runner at dawn',
    startMs: 5000,
    endMs: 18000,
    salient: [
      { x: 380, y: 600, toX: 1500, toY: 560, weight: 3 },
      { x: 1520, y: 240, weight: 1 },
    ],
    events: [{ atMs: 12000, kind: 'video-action', intensity: 1.2, probability: 0.7 }],
  },
  {
    name: 'Rain sprint',
    startMs: 18000,
    endMs: 30000,
    salient: [
      { x: 1100, y: 380, toX: 880, toY: 420, weight: 2 },
      { x: 1020, y: 880, toX: 800, toY: 900, weight: 2 },
    ],
    events: [{ atMs: 25000, kind: 'video-action', intensity: 1.6 }],
  },
  {
    name: 'Product close-up',
    startMs: 30000,
    endMs: 42000,
    salient: [
      { x: 960, y: 560, weight: 3 },
      { x: 1220, y: 700, weight: 1.5 },
      { x: 420, y: 300, weight: 1 },
    ],
    events: [{ atMs: 33500, kind: 'video-product', intensity: 1.5 }],
  },
  {
    name: 'Price reveal',
    startMs: 42000,
    endMs: 50000,
    salient: [
      { x: 960, y: 500, weight: 3 },
      { x: 1400, y: 650, weight: 1 },
    ],
    events: [{ atMs: 43500, kind: 'video-price', intensity: 1.4, probability: 0.6 }],
  },
  {
    name: 'Dog and call to action',
    startMs: 50000,
    endMs: 60000,
    salient: [
      { x: 560, y: 800, toX: 1320, toY: 820, weight: 2 },
      { x: 960, y: 300, weight: 2 },
      { x: 960, y: 960, weight: 1 },
    ],
    events: [
      { atMs: 52000, kind: 'video-humour', intensity: 1.7, probability: 0.75 },
      { atMs: 56500, kind: 'video-call-to-action', intensity: 1.1, probability: 0.6 },
    ],
  },
];

/** The demo commercial's scenes stretched or squeezed to a video of `videoDurationMs`. */
export function demoVideoScenes(videoDurationMs: number): VideoScene[] {
  const f = videoDurationMs / 60_000;
  return DEMO_VIDEO_SCENES.map((s) => ({
    ...s,
    startMs: s.startMs * f,
    endMs: s.endMs * f,
    events: s.events?.map((e) => ({ ...e, atMs: e.atMs * f })),
  }));
}

export type GenerateVideoParticipantOptions = {
  seed: number;
  videoDurationMs: number;
  /** Epoch ms at which the video starts; the recording spans exactly the video. */
  startTime: number;
  /** Defaults to the demo commercial's scenes scaled to the video length. */
  scenes?: readonly VideoScene[];
  rates?: SampleRates;
  language?: Language;
  realId?: string;
  /** Where the participant's comments start in each kind's phrases (its number in a cohort). */
  phraseOffset?: number;
};

/**
 * Gaze for a full-screen video: fixations go to the scene's salient points by weight (with a
 * few glances elsewhere, biased to the centre), pursue moving points, and now and then the
 * viewer looks away.
 */
function videoGazeSource(scenes: readonly VideoScene[], rng: Random): GazeSource {
  let si = 0;
  return (t) => {
    while (si < scenes.length - 1 && (scenes[si] as VideoScene).endMs <= t) si++;
    const scene = scenes[si];
    if (rng.chance(0.015)) return { kind: 'lost', until: t + rng.uniform(500, 2000) };
    if (!scene || scene.salient.length === 0 || rng.chance(0.1)) {
      return {
        kind: 'fixate',
        x: Math.min(REFERENCE_WIDTH - 1, Math.max(0, rng.normal(REFERENCE_WIDTH / 2, 350))),
        y: Math.min(REFERENCE_HEIGHT - 1, Math.max(0, rng.normal(REFERENCE_HEIGHT / 2, 200))),
        vx: 0,
        vy: 0,
        medianMs: 330,
      };
    }
    const p = rng.weighted(scene.salient.map((s) => [s, s.weight] as const));
    const span = Math.max(1, scene.endMs - scene.startMs);
    const vx = ((p.toX ?? p.x) - p.x) / span;
    const vy = ((p.toY ?? p.y) - p.y) / span;
    const el = t - scene.startMs;
    return {
      kind: 'fixate',
      x: p.x + vx * el + rng.normal(0, 12),
      y: p.y + vy * el + rng.normal(0, 12),
      vx,
      vy,
      medianMs: 330,
    };
  };
}

function checkScenes(scenes: readonly VideoScene[], videoDurationMs: number): void {
  let previousEnd = 0;
  for (const s of scenes) {
    if (!(s.startMs >= previousEnd - 1e-6 && s.endMs > s.startMs && s.endMs <= videoDurationMs + 1e-6)) {
      throw new RangeError(`Scene ${s.name} must follow the previous one and lie within the video`);
    }
    previousEnd = s.endMs;
  }
}

/**
 * One participant of a video test: gaze over the 1920×1080 video frame following each scene's
 * salient points, emotions reacting to scene events (each viewer reacts with a probability, a
 * latency and a strength of their own), questionnaire answers, and no mouse (empty stream).
 */
export function generateVideoParticipant(o: GenerateVideoParticipantOptions): DemoParticipant {
  const seed = normalizeSeed(o.seed);
  if (!(o.videoDurationMs >= 5000))
    throw new RangeError(`videoDurationMs must be at least 5000, got ${o.videoDurationMs}`);
  const scenes = o.scenes ?? demoVideoScenes(o.videoDurationMs);
  checkScenes(scenes, o.videoDurationMs);
  const rates = resolveRates(o.rates);
  const rng = new Random(deriveSeed(seed, 'profile'));
  const demographic = drawDemographic(rng);
  const language: Language = o.language ?? (rng.chance(0.65) ? 'nl' : 'en');
  const expressiveness = rng.uniform(0.6, 1.4);
  const baseline = {
    joy: rng.uniform(0.2, 0.4),
    attention: rng.uniform(0.45, 0.65),
    frustration: rng.uniform(0.1, 0.25),
  };
  const durationMs = o.videoDurationMs;

  const causes: EventCause[] = [];
  for (const scene of scenes) {
    for (const e of scene.events ?? []) {
      const reacts = rng.chance(e.probability ?? 0.85);
      const latency = rng.uniform(200, 1200);
      const strength = rng.uniform(0.7, 1.3);
      if (!reacts) continue;
      causes.push({
        causedAt: e.atMs + latency,
        emotion: EVENT_KINDS[e.kind].emotion,
        kind: e.kind,
        regionName: scene.name,
        url: scene.name,
        intensity: e.intensity * strength * expressiveness,
      });
    }
  }
  causes.sort((a, b) => a.causedAt - b.causedAt);

  const gazeRng = new Random(deriveSeed(seed, 'gaze'));
  const frame = { x: 0, y: 0, width: REFERENCE_WIDTH, height: REFERENCE_HEIGHT };
  const eyes = renderGaze(
    videoGazeSource(scenes, gazeRng),
    {
      startTime: o.startTime,
      durationMs,
      rateHz: rates.eyeHz,
      area: frame,
      offsetX: 0,
      offsetY: 0,
      frameWidth: REFERENCE_WIDTH,
      frameHeight: REFERENCE_HEIGHT,
    },
    gazeRng,
  );
  const emotionRng = new Random(deriveSeed(seed, 'emotions'));
  const { events, responses } = eventsFromCauses(causes, o.startTime, durationMs, emotionRng);
  const emotions = renderEmotions(
    responses,
    { startTime: o.startTime, durationMs, rateHz: rates.emotionHz, baseline },
    emotionRng,
  );
  const feedbackRng = new Random(deriveSeed(seed, 'feedback'));
  const { comments, tags } = annotateEvents(events, language, feedbackRng, o.phraseOffset);
  const answers = answerQuestionnaire(
    VIDEO_QUESTIONNAIRE,
    language,
    sessionMood(events),
    events.map((e) => e.kind),
    feedbackRng,
  );
  return {
    realId: o.realId ?? `V-${deriveSeed(seed, 'id').toString(36).toUpperCase()}`,
    platform: 'video',
    language,
    demographic,
    startedAt: o.startTime,
    endedAt: o.startTime + durationMs,
    eyes,
    mice: emptyMouseSamples(),
    emotions,
    totalClicks: 0,
    visits: [],
    events,
    answers,
    comments,
    tags,
  };
}
