import type { SectionClip } from '@limbus/contract';

/**
 * Where a clip's video should be when the shared playhead is `elapsed` seconds into every clip:
 * its start plus the elapsed time, held at its end once the clip is over. (Which visit makes the
 * clip is the server's rule: GET /tests/{id}/section-clips.)
 */
export function clipTime(clip: Pick<SectionClip, 'start' | 'length'>, elapsed: number) {
  const into = Math.min(Math.max(0, elapsed), clip.length);
  return { seconds: clip.start + into, isOver: elapsed >= clip.length };
}

/** How far a video may drift from the shared playhead before it is moved back (seconds). */
export const CLIP_DRIFT_SECONDS = 0.3;
