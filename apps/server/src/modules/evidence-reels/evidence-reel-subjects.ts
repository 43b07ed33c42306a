import {
  isAnnotatedPoint,
  pseudonymiser,
  pseudonymsOf,
  REEL_CLIP_DEFAULT,
  type ReelCaptionLanguage,
  type ReelClipRecord,
} from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { participantsLeftOutOfReport } from '../consent/consent.service.js';
import { type LinkedPointRow, listLinkedPointRows } from '../insights/insights.service.js';
import { listParticipantRows, type ParticipantRow } from '../participants/participants.service.js';

/**
 * Who and what an insight's reel may show. Participants are named and counted as a share link of
 * the test names and counts them (docs/decisions/share-links.md): among the finished participants
 * whose consent grants the report of their emotions, P01, P02… by id. A point's clip needs, besides,
 * the participant's consent to show their screen recording, and a recording.
 */
export type ReelSubjects = {
  /** The points a clip may show, by id, in time order. */
  points: ReadonlyMap<number, LinkedPointRow>;
  participants: ReadonlyMap<number, ParticipantRow>;
  pseudonyms: ReadonlyMap<number, string>;
  /** Participants of the insight's points left out for want of consent. */
  leftOut: number;
  /** Participants of the insight's points who may be shown but have no screen recording yet. */
  withoutRecording: number[];
  /** The insight's participants (n) among those shown (N): the reel's 'n of N participants'. */
  counted: number;
  shownTotal: number;
  badge: string;
  /**
   * Writes the pseudonym in place of each participant's label in a researcher's text (a caption,
   * the title), and 'a participant' for one left out, as a share link writes its texts.
   */
  pseudonymise: (text: string) => string;
};

export async function reelSubjects(
  deps: Pick<Deps, 'db'>,
  testId: number,
  insightId: number,
): Promise<ReelSubjects> {
  const [points, rows, withoutEmotions, withoutScreen] = await Promise.all([
    listLinkedPointRows(deps.db, [insightId]),
    listParticipantRows(deps.db, testId, 'default'),
    participantsLeftOutOfReport(deps, testId, 'emotions'),
    participantsLeftOutOfReport(deps, testId, 'screen'),
  ]);
  const finished = rows.filter((row) => row.state === 'finished');
  const pseudonyms = pseudonymsOf(
    finished.filter((row) => !withoutEmotions.has(row.id)).map((row) => row.id),
  );
  const participants = new Map(finished.map((row) => [row.id, row]));
  const annotated = points.filter(
    (point) =>
      participants.has(point.participantId) &&
      isAnnotatedPoint({ comment: point.comment, tags: point.tags, false_positive: point.falsePositive }),
  );
  const isShown = (participantId: number) =>
    pseudonyms.has(participantId) && !withoutScreen.has(participantId);
  const insightPeople = new Set(annotated.map((point) => point.participantId));
  const counted = [...insightPeople].filter((id) => pseudonyms.has(id)).length;
  return {
    points: new Map(
      annotated
        .filter((point) => isShown(point.participantId) && participants.get(point.participantId)?.video)
        .map((point) => [point.id, point]),
    ),
    participants,
    pseudonyms,
    leftOut: [...insightPeople].filter((id) => !isShown(id)).length,
    withoutRecording: [...insightPeople].filter((id) => isShown(id) && !participants.get(id)?.video),
    counted,
    shownTotal: pseudonyms.size,
    badge: `${counted} of ${pseudonyms.size} participants`,
    pseudonymise: pseudonymiser(
      rows.map((row) => ({ id: row.id, real_id: row.realId })),
      pseudonyms,
    ),
  };
}

/** A clip for each point the reel may show, in time order, 3 s before the peak to 4 s after. */
export function defaultClips(subjects: ReelSubjects): ReelClipRecord[] {
  return [...subjects.points.keys()].map((pointId) => ({
    point_id: pointId,
    start_offset_ms: REEL_CLIP_DEFAULT.startOffsetMs,
    end_offset_ms: REEL_CLIP_DEFAULT.endOffsetMs,
  }));
}

/**
 * The researcher's comment as written, or its translation when there is one, with pseudonyms in
 * place of the participants' labels it quotes (a reel travels to clients and by share link).
 */
export function captionOf(
  point: Pick<LinkedPointRow, 'comment' | 'translation'>,
  language: ReelCaptionLanguage,
  subjects: Pick<ReelSubjects, 'pseudonymise'>,
) {
  return subjects.pseudonymise(
    language === 'translation' && point.translation.trim() !== '' ? point.translation : point.comment,
  );
}
