import {
  type DetectedPoint,
  detectSignificantPoints,
  type Emotion,
  type EmotionSamples,
  type EyeSamples,
  type MouseSamples,
  pageVisits,
} from '@limbus/analytics';
import type { Deps } from '../../deps.js';
import { type RecordingInput, recordParticipant } from './record-participant.js';

/**
 * A participant as a generator makes one (the demo's, @limbus/demo-data, handed in by the demo
 * seed or the process assembly): the sample streams, and the events behind its emotion peaks with
 * the comments (in every language) and tags a researcher gave them.
 */
export type GeneratedParticipant = {
  realId: string;
  demographic: RecordingInput['demographic'];
  startedAt: number;
  endedAt: number;
  totalClicks: number;
  emotions: EmotionSamples;
  eyes: EyeSamples;
  mice: MouseSamples;
  events: readonly { isSignificant: boolean; emotion: Emotion; timestamp: number }[];
  comments: readonly {
    eventIndex: number;
    language: string;
    text: string;
    translations: Readonly<Record<string, string>>;
  }[];
  tags: readonly { eventIndex: number; names: string[] }[];
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
  const pageTitles = options.pageTitles ?? new Map<string, string>();
  return recordParticipant(deps, testId, {
    realId: participant.realId,
    demographic: participant.demographic,
    startedAt: new Date(participant.startedAt),
    endedAt: new Date(participant.endedAt),
    totalClicks: participant.totalClicks,
    significantPoints: detectSignificantPoints(participant.emotions).map((point) =>
      annotate(point, participant, options.translationLanguage),
    ),
    sections: pageVisits(participant.mice).map((visit) => {
      const name = pageTitles.get(visit.url);
      return {
        timestampStart: visit.start,
        timestampEnd: visit.end,
        label: name ? { name, urls: [visit.url] } : null,
      };
    }),
    streams: [
      { kind: 'emotions', samples: participant.emotions },
      { kind: 'eyes', samples: participant.eyes },
      { kind: 'mice', samples: participant.mice },
    ],
  });
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
