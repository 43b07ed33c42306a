import { downsampleMinMax, type EmotionSamples, lowerBound, upperBound } from '@limbus/analytics';
import { type ClipEmotions, SECTION_CLIP_MAX_POINTS } from '@limbus/contract';
import type { ParticipantRow } from '../participants/participants.service.js';
import type { FirstVisitRow } from './section-clips.repository.js';

/** Where a first visit lies in the participant's recording, in seconds. */
export type ClipSpan = { start: number; length: number };

/**
 * The recording's zero as the replay reads it: started_at in whole unix seconds, as the
 * participant answer gives it, so that a clip's start is the replay's `?timestamp=`.
 */
const recordingZeroMs = (startedAt: Date) => Math.floor(startedAt.getTime() / 1000) * 1000;

/** Seconds to the millisecond; scores to 1/10 000 (what a chart can show): short JSON, no float noise. */
const seconds = (value: number) => Math.round(value * 1000) / 1000;
const score = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * A participant's first visit of the page as a clip of their recording: its start in seconds from
 * started_at (never before the recording) and its length, to the millisecond; null for a
 * participant without started_at (no recording to place it in) or without a visit.
 */
export function clipSpan(
  participant: Pick<ParticipantRow, 'startedAt'>,
  visit: Pick<FirstVisitRow, 'timestampStart' | 'timestampEnd'> | undefined,
): ClipSpan | null {
  if (!visit || !participant.startedAt) return null;
  return {
    start: seconds(Math.max(0, (visit.timestampStart - recordingZeroMs(participant.startedAt)) / 1000)),
    length: seconds(Math.max(0, (visit.timestampEnd - visit.timestampStart) / 1000)),
  };
}

/**
 * The emotions of a clip's span only, as columns: seconds into the clip (ms precision) and the
 * scores (1/10 000), thinned to SECTION_CLIP_MAX_POINTS by min/max per bucket.
 */
export function clipEmotions(
  samples: EmotionSamples,
  participant: { startedAt: Date },
  span: ClipSpan,
): ClipEmotions {
  const from = recordingZeroMs(participant.startedAt) + span.start * 1000;
  const a = lowerBound(samples.timestamp, from);
  const b = upperBound(samples.timestamp, from + span.length * 1000);
  const time = Array.from(samples.timestamp.subarray(a, b), (t) => (t - from) / 1000);
  const { frustration, joy, attention } = samples;
  const thinned = downsampleMinMax(
    time,
    [frustration.subarray(a, b), joy.subarray(a, b), attention.subarray(a, b)],
    SECTION_CLIP_MAX_POINTS,
  );
  const [f = [], j = [], at = []] = thinned.columns;
  return {
    seconds: thinned.time.map(seconds),
    frustration: f.map(score),
    joy: j.map(score),
    attention: at.map(score),
  };
}
