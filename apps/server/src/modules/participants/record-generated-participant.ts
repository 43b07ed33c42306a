import {
  type DetectedPoint,
  detectSignificantPoints,
  type Emotion,
  type EmotionSamples,
  type ExpressionSamples,
  type EyeSamples,
  type MouseSamples,
  pageVisits,
} from '@limbus/analytics';
import type { ParticipantSource } from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { type RecordingInput, recordParticipant } from './record-participant.js';

/**
 * A participant as a generator makes one (the demo's, @limbus/demo-data, handed in by the demo
 * seed or the process assembly): the sample streams, and the events behind its emotion peaks with
 * the comments (in every language) and tags a researcher gave them. A webcam participant has no
 * EEG: no emotions, so no peaks to comment on.
 */
export type GeneratedParticipant = GeneratedRecording & {
  emotions: EmotionSamples;
  events: readonly { isSignificant: boolean; emotion: Emotion; timestamp: number }[];
  comments: readonly {
    eventIndex: number;
    language: string;
    text: string;
    translations: Readonly<Record<string, string>>;
  }[];
  tags: readonly { eventIndex: number; names: string[] }[];
};

/** What every generated participant has: who, when, and the gaze and mouse streams. */
type GeneratedRecording = {
  realId: string;
  demographic: RecordingInput['demographic'];
  startedAt: number;
  endedAt: number;
  totalClicks: number;
  eyes: EyeSamples;
  mice: MouseSamples;
};

/** A generated participant who took the test in their own browser: `source: webcam`, gaze, mouse and facial expressions. */
export type GeneratedWebcamParticipant = GeneratedRecording & {
  source: Extract<ParticipantSource, 'webcam'>;
  expressions: ExpressionSamples;
};

export type GeneratedRecordingOptions = {
  /** The language code of the test's translations: comments in another language get theirs in it. */
  translationLanguage: string;
  /** The page titles by URL (none for a video test). */
  pageTitles?: ReadonlyMap<string, string>;
};

/** Milliseconds of lee-way between a detected peak and the generated event that caused it. */
const EVENT_MATCH_MS = 2000;

/**
 * Records a generated participant with the significant points and page sections the algorithms
 * find in it, each point with the comment and tags of the event that caused it.
 */
export async function recordGeneratedParticipant(
  deps: Pick<Deps, 'db' | 'files'>,
  testId: number,
  participant: GeneratedParticipant,
  options: GeneratedRecordingOptions,
): Promise<{ id: number }> {
  return recordParticipant(deps, testId, {
    ...recordingOf(participant, options),
    significantPoints: detectSignificantPoints(participant.emotions).map((point) =>
      annotate(point, participant, options.translationLanguage),
    ),
    streams: [
      { kind: 'emotions', samples: participant.emotions },
      { kind: 'eyes', samples: participant.eyes },
      { kind: 'mice', samples: participant.mice },
    ],
  });
}

/**
 * Records a generated webcam participant as the lab's are recorded, without emotions (a webcam
 * measures no EEG) and so without significant points.
 */
export async function recordGeneratedWebcamParticipant(
  deps: Pick<Deps, 'db' | 'files'>,
  testId: number,
  participant: GeneratedWebcamParticipant,
  options: GeneratedRecordingOptions,
): Promise<{ id: number }> {
  return recordParticipant(deps, testId, {
    ...recordingOf(participant, options),
    source: participant.source,
    significantPoints: [],
    streams: [
      { kind: 'eyes', samples: participant.eyes },
      { kind: 'mice', samples: participant.mice },
      { kind: 'expressions', samples: participant.expressions },
    ],
  });
}

/** Who and when, and the page sections the mouse stream's visits make. */
function recordingOf(participant: GeneratedRecording, options: GeneratedRecordingOptions) {
  const pageTitles = options.pageTitles ?? new Map<string, string>();
  return {
    realId: participant.realId,
    demographic: participant.demographic,
    startedAt: new Date(participant.startedAt),
    endedAt: new Date(participant.endedAt),
    totalClicks: participant.totalClicks,
    sections: pageVisits(participant.mice).map((visit) => {
      const name = pageTitles.get(visit.url);
      return {
        timestampStart: visit.start,
        timestampEnd: visit.end,
        label: name ? { name, urls: [visit.url] } : null,
      };
    }),
  };
}

/**
 * The comment (with its translation) and tags a researcher gave the event behind a detected peak,
 * if one caused it.
 */
function annotate(point: DetectedPoint, participant: GeneratedParticipant, translationLanguage: string) {
  const eventIndex = participant.events.findIndex(
    (event) =>
      event.isSignificant &&
      event.emotion === point.emotion &&
      Math.abs(event.timestamp - point.timestamp_top) <= EVENT_MATCH_MS,
  );
  const comment = participant.comments.find((candidate) => candidate.eventIndex === eventIndex);
  const tags = participant.tags.find((candidate) => candidate.eventIndex === eventIndex);
  return {
    emotion: point.emotion,
    timestampTop: point.timestamp_top,
    score: point.score,
    ranking: point.ranking,
    comment: comment?.text ?? '',
    // In the participant's language; the translation is the test's language
    // (docs/decisions/insights-and-ai.md).
    translation:
      comment && comment.language !== translationLanguage
        ? (comment.translations[translationLanguage] ?? '')
        : '',
    tags: tags?.names ?? [],
  };
}
