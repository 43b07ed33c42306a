import type { EmotionSamples } from '@limbus/analytics';
import type { SignificantPoint, VideoPoint, VideoScene, VideoScore } from '@limbus/contract';

/** The viewers' mean scores as samples of the emotion chart, on a timeline starting at 0 ms. */
export function scoresAsSamples(scores: readonly VideoScore[]): EmotionSamples {
  return {
    timestamp: Float64Array.from(scores, (score) => score.t),
    joy: Float32Array.from(scores, (score) => score.joy),
    attention: Float32Array.from(scores, (score) => score.attention),
    frustration: Float32Array.from(scores, (score) => score.frustration),
  };
}

/** The aggregate's points in the chart's form (ms into the video). */
export function pointsAsSignificant(points: readonly VideoPoint[]): SignificantPoint[] {
  return points.map((point) => ({
    id: point.id,
    emotion: point.emotion,
    timestamp_top: point.t,
    comment: point.comment,
    translation: '',
    false_positive: false,
    tags: [],
    ranking: point.ranking,
    score: point.score,
    participant_id: 0,
    // The viewers' mean, not one participant's point.
    participant_label: 'All viewers',
  }));
}

/** The scene the video is in at `ms`, or undefined between scenes. */
export const sceneAt = (scenes: readonly VideoScene[], ms: number) =>
  scenes.find((scene) => scene.start_ms <= ms && ms <= scene.end_ms);

/** Points whose peak lies in [fromMs, toMs], in time order. */
export const pointsBetween = (points: readonly VideoPoint[], fromMs: number, toMs: number) =>
  points.filter((point) => point.t >= fromMs && point.t <= toMs).sort((a, b) => a.t - b.t);

/** 'mm:ss' text (as typed in the scene form) to milliseconds; null when it is not a time. */
export function parseClock(text: string): number | null {
  const match = /^(\d{1,3}):([0-5]\d)$/.exec(text.trim());
  if (!match) return null;
  return (Number(match[1]) * 60 + Number(match[2])) * 1000;
}
