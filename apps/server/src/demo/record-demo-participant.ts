import { type DetectedPoint, detectSignificantPoints, pageVisits } from '@limbus/analytics';
import type { DemoParticipant, Language } from '@limbus/demo-data';
import type { Deps } from '../deps.js';
import { recordParticipant } from '../modules/participants/record-participant.js';

/** The demo tests' translation_language, and the phrase bank's code for it. */
export const DEMO_TRANSLATION_LANGUAGE: { name: string; code: Language } = { name: 'English', code: 'en' };

/** Milliseconds of lee-way between a detected peak and the generated event that caused it. */
const EVENT_MATCH_MS = 2000;

/**
 * Records a generated participant with the significant points and page sections the algorithms
 * find in it; `pageTitles` names the pages by URL (none for a video test).
 */
export async function recordDemoParticipant(
  deps: Pick<Deps, 'db' | 'files'>,
  testId: number,
  participant: DemoParticipant,
  pageTitles: ReadonlyMap<string, string> = new Map(),
): Promise<{ id: number }> {
  return recordParticipant(deps, testId, {
    realId: participant.realId,
    demographic: participant.demographic,
    startedAt: new Date(participant.startedAt),
    endedAt: new Date(participant.endedAt),
    totalClicks: participant.totalClicks,
    significantPoints: detectSignificantPoints(participant.emotions).map((point) =>
      annotate(point, participant),
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
function annotate(point: DetectedPoint, participant: DemoParticipant) {
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
    // In the participant's language; the translation is the test's language (docs/decisions.md).
    translation:
      comment && comment.language !== DEMO_TRANSLATION_LANGUAGE.code
        ? comment.translations[DEMO_TRANSLATION_LANGUAGE.code]
        : '',
    tags: tags?.names ?? [],
  };
}
