import type { ParticipantDetail } from '@limbus/contract';

/** One participant's visit of a page: where it lies in their recording, in seconds. */
export type SectionClip = {
  participantId: number;
  realId: string;
  startSeconds: number;
  lengthSeconds: number;
};

/**
 * Each participant's first visit of the page (their first section with that page title), as a
 * clip of their recording; participants who never reached the page have none.
 */
export function sectionClips(participants: readonly ParticipantDetail[], labelId: number): SectionClip[] {
  const clips: SectionClip[] = [];
  for (const participant of participants) {
    const section = (participant.sections ?? [])
      .filter((candidate) => candidate.label_id === labelId)
      .sort((a, b) => a.timestamp_start - b.timestamp_start)[0];
    if (!section || participant.started_at === null) continue;
    const startMs = participant.started_at * 1000;
    clips.push({
      participantId: participant.id,
      realId: participant.real_id,
      startSeconds: Math.max(0, (section.timestamp_start - startMs) / 1000),
      lengthSeconds: Math.max(0, (section.timestamp_end - section.timestamp_start) / 1000),
    });
  }
  return clips;
}

/**
 * Where a clip's video should be when the shared playhead is `elapsed` seconds into every clip:
 * its start plus the elapsed time, held at its end once the clip is over.
 */
export function clipTime(clip: Pick<SectionClip, 'startSeconds' | 'lengthSeconds'>, elapsed: number) {
  const into = Math.min(Math.max(0, elapsed), clip.lengthSeconds);
  return { seconds: clip.startSeconds + into, isOver: elapsed >= clip.lengthSeconds };
}

/** How far a video may drift from the shared playhead before it is moved back (seconds). */
export const CLIP_DRIFT_SECONDS = 0.3;
