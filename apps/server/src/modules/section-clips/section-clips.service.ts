import type { Cohort, SectionClip, SectionClips } from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { notFound } from '../../http/app-error.js';
import type { Actor } from '../../http/policy.js';
import { findLabelRow } from '../annotations/annotations.service.js';
import { loadStream } from '../participants/participant-streams.js';
import {
  participantVideo,
  readableParticipantRows,
  removedRecordingOf,
} from '../participants/participants.service.js';
import { clipEmotions, clipSpan } from './section-clips.mappers.js';
import { listFirstVisitRows } from './section-clips.repository.js';

/**
 * The section video of a page (Professional): the participants the reader sees in the
 * participants list, each one's first visit of the page (label `labelId`) as a clip of their
 * recording, with the video's signed URL (waking a demo recording that is still to be made, as
 * the participant answer with fields=video does) and the emotions of that span only; with a
 * cohort, its participants only. Access is
 * the participant list's (the test's results, its individual participants) plus the tier.
 */
export async function sectionClipsOf(
  deps: Deps,
  actor: Actor,
  testId: number,
  labelId: number,
  cohort: Cohort = 'all',
): Promise<SectionClips> {
  const participants = await readableParticipantRows(deps, actor, testId, 'section-video', cohort);
  if (!(await findLabelRow(deps.db, testId, labelId))) throw notFound('The page');
  const visits = new Map(
    (await listFirstVisitRows(deps.db, testId, labelId)).map((visit) => [visit.participantId, visit]),
  );
  // The videos are signed and the streams decompressed side by side, in the list's order.
  const clips = await Promise.all(
    participants.map(async (participant): Promise<SectionClip | null> => {
      const span = clipSpan(participant, visits.get(participant.id));
      if (!span || !participant.startedAt) return null;
      const startedAt = participant.startedAt;
      const [video, emotions] = await Promise.all([
        participantVideo(deps, participant),
        loadStream(deps, participant.id, 'emotions'),
      ]);
      return {
        participant_id: participant.id,
        real_id: participant.realId,
        start: span.start,
        length: span.length,
        video: video.video,
        video_pending: video.video_pending ?? false,
        video_progress: video.video_progress ?? null,
        video_removed: removedRecordingOf(participant),
        emotions: emotions?.kind === 'emotions' ? clipEmotions(emotions.samples, { startedAt }, span) : null,
      };
    }),
  );
  return {
    label_id: labelId,
    participants: participants.length,
    clips: clips.filter((clip): clip is SectionClip => clip !== null),
  };
}
