import {
  type DetectedPoint,
  detectGazeEvents,
  detectGazeMoments,
  detectMoments,
  detectSignificantPoints,
  type EmotionCurves,
  type Fixation,
  gazeFluency,
  gazeSpread,
  type Moment,
  meanEmotionCurves,
  mergeVideoGaze,
  type VideoGaze,
  type VideoSeries,
} from '@limbus/analytics';
import type { ParticipantSource } from '@limbus/contract';
import type { JobDeps } from '../../jobs/job-runner.js';
import { loadStream } from '../participants/participant-streams.js';
import { listMetricsParticipantRows } from '../participants/participants.service.js';

/** One viewer's emotions and gaze with timestamps in ms from the start of the video. */
export type Viewer = {
  emotions: {
    timestamp: Float64Array;
    joy: Float32Array;
    attention: Float32Array;
    frustration: Float32Array;
  };
  gaze: { timestamp: Float64Array; x: Float32Array; y: Float32Array };
  /**
   * The gaze's fixations by the default detector (adaptive to each viewer's noise, bridging short
   * losses) without the pursuit class: following a moving object on screen is calm viewing, as the
   * I-VT counted it. Detected once, for everyone's fluency and the viewer's cohort's.
   */
  fixations: Fixation[];
  durationMs: number;
  source: ParticipantSource;
};

/** What the viewers' gaze alone gives (everyone's, or one cohort's), on the video timeline. */
export type GazeAggregate = {
  spread: VideoSeries;
  fluency: VideoSeries;
  /** Spread and fluency moments. */
  moments: Moment[];
  gaze: VideoGaze;
};

/** Everything process_video_test computes, on the video timeline (ms from its start). */
export type VideoAggregate = Omit<GazeAggregate, 'moments'> & {
  durationMs: number;
  curves: EmotionCurves;
  /** Significant points of the mean curves (timestamp_top in ms from the video's start). */
  points: DetectedPoint[];
  /** Emotion, spread and fluency moments, by start. */
  moments: Moment[];
};

/**
 * The finished viewers of a test with their streams aligned to the video: a viewer's recording
 * starts with the video (DESIGN §4), so time on the video is timestamp − started_at.
 */
export async function loadViewers(deps: JobDeps, testId: number): Promise<Viewer[]> {
  const viewers: Viewer[] = [];
  for (const row of await listMetricsParticipantRows(deps.db, testId)) {
    const emotions = await loadStream(deps, row.id, 'emotions');
    const eyes = await loadStream(deps, row.id, 'eyes');
    const start = videoStartOf(row, emotions?.samples.timestamp);
    if (start === undefined) continue;
    const shift = (timestamp: Float64Array) => timestamp.map((value) => value - start);
    const gaze =
      eyes?.kind === 'eyes'
        ? { ...eyes.samples, timestamp: shift(eyes.samples.timestamp) }
        : { timestamp: new Float64Array(), x: new Float32Array(), y: new Float32Array() };
    viewers.push({
      emotions:
        emotions?.kind === 'emotions'
          ? { ...emotions.samples, timestamp: shift(emotions.samples.timestamp) }
          : emptyEmotions(),
      gaze,
      fixations: detectGazeEvents(gaze, { detectPursuit: false }).fixations,
      durationMs: row.endedAt && row.startedAt ? row.endedAt.getTime() - row.startedAt.getTime() : 0,
      source: row.source,
    });
  }
  return viewers;
}

/** When the viewer's video started: its recording's start, else its first sample's time. */
const videoStartOf = (row: { startedAt: Date | null }, timestamp: Float64Array | undefined) =>
  row.startedAt?.getTime() ?? (timestamp && timestamp.length > 0 ? timestamp[0] : undefined);

/** The finished viewers' emotions alone, on the video's timeline (the norms' intervals need no gaze). */
export async function loadViewerEmotions(deps: Pick<JobDeps, 'db' | 'files'>, testId: number) {
  const viewers: Viewer['emotions'][] = [];
  for (const row of await listMetricsParticipantRows(deps.db, testId)) {
    const emotions = await loadStream(deps, row.id, 'emotions');
    const start = videoStartOf(row, emotions?.samples.timestamp);
    if (emotions?.kind !== 'emotions' || start === undefined) continue;
    viewers.push({
      ...emotions.samples,
      timestamp: emotions.samples.timestamp.map((value) => value - start),
    });
  }
  return viewers;
}

const emptyEmotions = () => ({
  timestamp: new Float64Array(),
  joy: new Float32Array(),
  attention: new Float32Array(),
  frustration: new Float32Array(),
});

/**
 * The aggregate of all viewers over `durationMs` of video: mean emotion curves with their
 * significant points and moments, and the gaze aggregate (aggregateGaze). Definitions:
 * video-aggregation.ts.
 */
export function aggregateViewers(viewers: readonly Viewer[], durationMs: number): VideoAggregate {
  const curves = meanEmotionCurves(
    viewers.map((viewer) => viewer.emotions),
    durationMs,
  );
  const gaze = aggregateGaze(viewers, durationMs);
  return {
    ...gaze,
    durationMs,
    curves,
    points: detectSignificantPoints(finiteCurves(curves)),
    moments: [...detectMoments(curves), ...gaze.moments].sort((a, b) => a.start - b.start),
  };
}

/**
 * The viewers' gaze spread and fluency (from the default gaze event detector's fixations) with
 * their moments, and their gaze merged for the heatmap video.
 */
export function aggregateGaze(viewers: readonly Viewer[], durationMs: number): GazeAggregate {
  const spread = gazeSpread(
    viewers.map((viewer) => viewer.gaze),
    durationMs,
  );
  const fluency = gazeFluency(
    viewers.map((viewer) => viewer.fixations),
    durationMs,
  );
  return {
    spread,
    fluency,
    moments: detectGazeMoments(spread, fluency),
    gaze: mergeVideoGaze(viewers.map((viewer) => viewer.gaze)),
  };
}

/** The curves without the grid times where no viewer had a value (NaN), as an emotion stream. */
export function finiteCurves(curves: EmotionCurves) {
  const keep: number[] = [];
  for (let k = 0; k < curves.time.length; k++)
    if (
      Number.isFinite(
        (curves.joy[k] as number) + (curves.attention[k] as number) + (curves.frustration[k] as number),
      )
    )
      keep.push(k);
  const pick = <T extends Float32Array | Float64Array>(values: T, make: (n: number) => T) => {
    const out = make(keep.length);
    keep.forEach((k, i) => {
      out[i] = values[k] as number;
    });
    return out;
  };
  return {
    timestamp: pick(curves.time, (n) => new Float64Array(n)),
    joy: pick(curves.joy, (n) => new Float32Array(n)),
    attention: pick(curves.attention, (n) => new Float32Array(n)),
    frustration: pick(curves.frustration, (n) => new Float32Array(n)),
  };
}
