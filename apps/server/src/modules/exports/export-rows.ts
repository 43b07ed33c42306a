import {
  detectGazeEvents,
  type EmotionSamples,
  EXPRESSIONS,
  type ExpressionSamples,
  type EyeSamples,
  type MouseSamples,
  type ScreenGeometry,
} from '@limbus/analytics';
import { EMOTIONS } from '@limbus/contract';
import type { Cell, Column } from '../../http/export-writer.js';

/** Who the rows are of: the first two columns of samples and events. */
export type ParticipantRef = { id: number; realId: string };

const EPOCH_MS = 'milliseconds since 1970-01-01 00:00 UTC';
const SCORE = 'score from 0 to 1';

export const SAMPLE_COLUMNS: Column[] = [
  { name: 'participant_id', unit: 'our participant id' },
  { name: 'real_id', unit: "the lab's participant id" },
  { name: 'stream', unit: 'gaze, mouse or emotions' },
  { name: 'timestamp_unix_ms', unit: EPOCH_MS },
  {
    name: 'x_px',
    unit: "px; gaze: the eye tracker's 1920×1080 frame; mouse: the page's viewport; empty: gaze lost",
  },
  { name: 'y_px', unit: 'px, as x_px' },
  { name: 'scroll_y_px', unit: 'px the page was scrolled (mouse)' },
  { name: 'page_height_px', unit: 'px (mouse)' },
  { name: 'click', unit: '1 on a click, else 0 (mouse)' },
  { name: 'url', unit: 'the page (mouse)' },
  { name: 'joy_0_1', unit: SCORE },
  { name: 'attention_0_1', unit: SCORE },
  { name: 'frustration_0_1', unit: SCORE },
];

const blank = (count: number): null[] => Array.from({ length: count }, () => null);
/** Times to the microsecond and positions to a tenth of a pixel: what the stream codec keeps. */
const micro = (ms: number) => Math.round(ms * 1000) / 1000;
const round1 = (value: number) => Math.round(value * 10) / 10;

export function* gazeRows(who: ParticipantRef, eyes: EyeSamples): Generator<Cell[]> {
  for (let i = 0; i < eyes.timestamp.length; i++) {
    const x = eyes.x[i] as number;
    const y = eyes.y[i] as number;
    const isLost = Number.isNaN(x) || Number.isNaN(y);
    yield [
      who.id,
      who.realId,
      'gaze',
      micro(eyes.timestamp[i] as number),
      isLost ? null : round1(x),
      isLost ? null : round1(y),
      ...blank(7),
    ];
  }
}

export function* mouseRows(who: ParticipantRef, mice: MouseSamples): Generator<Cell[]> {
  for (let i = 0; i < mice.timestamp.length; i++) {
    yield [
      who.id,
      who.realId,
      'mouse',
      micro(mice.timestamp[i] as number),
      round1(mice.x[i] as number),
      round1(mice.y[i] as number),
      round1(mice.scrollY[i] as number),
      round1(mice.pageHeight[i] as number),
      mice.click[i] as number,
      mice.urls[mice.urlIndex[i] as number] ?? '',
      ...blank(3),
    ];
  }
}

/** Scores are stored as 1/65535 steps: four decimals say all of it. */
const score = (value: number) => Math.round(value * 10_000) / 10_000;

export function* emotionRows(who: ParticipantRef, emotions: EmotionSamples): Generator<Cell[]> {
  for (let i = 0; i < emotions.timestamp.length; i++) {
    yield [
      who.id,
      who.realId,
      'emotions',
      micro(emotions.timestamp[i] as number),
      ...blank(6),
      ...EMOTIONS.map((emotion) => score(emotions[emotion][i] as number)),
    ];
  }
}

/** A webcam participant's facial expressions: their own file, never in the emotions' columns. */
export const EXPRESSION_COLUMNS: Column[] = [
  { name: 'participant_id', unit: 'our participant id' },
  { name: 'real_id', unit: "the lab's participant id" },
  { name: 'timestamp_unix_ms', unit: EPOCH_MS },
  ...EXPRESSIONS.map((expression) => ({
    name: `${expression}_0_1`,
    unit: `the face classifier's score for a ${expression} expression, 0–1 (not an EEG emotion)`,
  })),
];

export function* expressionRows(who: ParticipantRef, expressions: ExpressionSamples): Generator<Cell[]> {
  for (let i = 0; i < expressions.timestamp.length; i++) {
    yield [
      who.id,
      who.realId,
      micro(expressions.timestamp[i] as number),
      ...EXPRESSIONS.map((expression) => score(expressions[expression][i] as number)),
    ];
  }
}

export const EVENT_COLUMNS: Column[] = [
  { name: 'participant_id', unit: 'our participant id' },
  { name: 'real_id', unit: "the lab's participant id" },
  { name: 'event', unit: 'fixation, saccade, pursuit or significant_point' },
  { name: 'start_unix_ms', unit: EPOCH_MS },
  { name: 'end_unix_ms', unit: EPOCH_MS },
  { name: 'duration_ms', unit: 'ms' },
  { name: 'x_px', unit: "px of the eye tracker's 1920×1080 frame (fixation: mean position; pursuit: start)" },
  { name: 'y_px', unit: 'px, as x_px' },
  { name: 'amplitude_deg', unit: 'degrees of visual angle (saccade)' },
  { name: 'velocity_deg_s', unit: 'degrees per second (saccade: peak; pursuit: mean)' },
  { name: 'emotion', unit: 'joy, attention or frustration (significant point)' },
  { name: 'score', unit: 'peak strength (significant point)' },
  { name: 'comment', unit: "the researcher's comment (significant point)" },
  { name: 'false_positive', unit: 'true when a researcher marked the point a false positive' },
];

type PointRow = {
  emotion: string;
  timestampTop: number;
  score: number;
  comment: string;
  falsePositive: boolean;
};

/**
 * The participant's gaze events (detectGazeEvents in the participant's geometry,
 * docs/gaze-analytics.md) and significant points, each list in time order.
 */
export function* eventRows(
  who: ParticipantRef,
  eyes: EyeSamples | null,
  points: readonly PointRow[],
  geometry: ScreenGeometry,
): Generator<Cell[]> {
  const head = [who.id, who.realId] as const;
  if (eyes && eyes.timestamp.length > 1) {
    const events = detectGazeEvents(eyes, { geometry });
    for (const f of events.fixations)
      yield [
        ...head,
        'fixation',
        micro(f.start),
        micro(f.end),
        micro(f.duration),
        round1(f.x),
        round1(f.y),
        ...blank(6),
      ];
    for (const s of events.saccades)
      yield [
        ...head,
        'saccade',
        micro(s.start),
        micro(s.end),
        micro(s.duration),
        null,
        null,
        round3(s.amplitudeDeg),
        round1(s.peakVelocityDegPerS),
        ...blank(4),
      ];
    for (const p of events.pursuits)
      yield [
        ...head,
        'pursuit',
        micro(p.start),
        micro(p.end),
        micro(p.duration),
        round1(p.fromX),
        round1(p.fromY),
        null,
        round1(p.speedDegPerS),
        ...blank(4),
      ];
  }
  for (const point of points)
    yield [
      ...head,
      'significant_point',
      point.timestampTop,
      point.timestampTop,
      0,
      ...blank(4),
      point.emotion,
      round3(point.score),
      point.comment,
      point.falsePositive,
    ];
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

export const METRIC_COLUMNS: Column[] = [
  { name: 'kind', unit: 'page or tag' },
  { name: 'id', unit: 'page title or tag id' },
  { name: 'name', unit: 'its name' },
  { name: 'emotion', unit: 'joy, attention or frustration' },
  { name: 'participants', unit: 'page: visitors; tag: participants with such points' },
  { name: 'emotion_participants', unit: 'participants the mean is of (page)' },
  { name: 'average_time_ms', unit: 'ms on the page per visitor (page)' },
  { name: 'mean_0_1', unit: `mean ${SCORE} on the page (page)` },
  { name: 'ci95_lower_0_1', unit: '95 % t-interval of the mean, lower bound (page; from two participants)' },
  { name: 'ci95_upper_0_1', unit: '95 % t-interval of the mean, upper bound' },
  { name: 'significant_points', unit: 'points of the emotion, false positives left out' },
];

type StoredInterval = { lower: number | null; upper: number | null } | null | undefined;
/** What the metrics job stores per page (packages/analytics PageMetrics, NaN as null). */
export type StoredPage = {
  id: number;
  name: string;
  total_participants: number;
  average_time: number;
  emotion_participants?: number;
  intervals?: Partial<Record<(typeof EMOTIONS)[number], StoredInterval>>;
  significant_points: { emotion: string }[];
} & Partial<Record<(typeof EMOTIONS)[number], number | null>>;
/** What the metrics job stores per tag (packages/analytics TagMetrics). */
export type StoredTag = {
  id: number;
  name: string;
  byEmotion: Record<(typeof EMOTIONS)[number], { count: number; participants: number }>;
};

export function* pageMetricRows(pages: readonly StoredPage[]): Generator<Cell[]> {
  for (const page of pages)
    for (const emotion of EMOTIONS) {
      const interval = page.intervals?.[emotion];
      yield [
        'page',
        page.id,
        page.name,
        emotion,
        page.total_participants,
        page.emotion_participants ?? null,
        Math.round(page.average_time),
        page[emotion] ?? null,
        interval?.lower ?? null,
        interval?.upper ?? null,
        page.significant_points.filter((point) => point.emotion === emotion).length,
      ];
    }
}

export function* tagMetricRows(tags: readonly StoredTag[]): Generator<Cell[]> {
  for (const tag of tags)
    for (const emotion of EMOTIONS) {
      const metrics = tag.byEmotion[emotion];
      yield [
        'tag',
        tag.id,
        tag.name,
        emotion,
        metrics.participants,
        null,
        null,
        null,
        null,
        null,
        metrics.count,
      ];
    }
}
