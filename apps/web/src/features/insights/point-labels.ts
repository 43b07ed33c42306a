import { EMOTION_NAMES, type SignificantPoint } from '@limbus/contract';
import { formatClock } from '../../ui';

/** m:ss of a point after the participant's start (unix seconds), or null when the start is unknown. */
export function offsetOf(
  point: Pick<SignificantPoint, 'timestamp_top'>,
  startedAt: number | null,
): string | null {
  if (startedAt === null) return null;
  const seconds = Math.max(0, Math.round(point.timestamp_top / 1000 - startedAt));
  return formatClock(seconds);
}

/** How a significant point reads in the insight's list of linked points. */
export function pointLabel(
  point: Pick<SignificantPoint, 'emotion' | 'timestamp_top' | 'comment' | 'participant_label'>,
  startedAt: number | null = null,
): string {
  const at = offsetOf(point, startedAt);
  const comment = point.comment.trim();
  return [
    EMOTION_NAMES[point.emotion],
    at ? `at ${at}` : `participant ${point.participant_label}`,
    comment ? `“${comment.length > 60 ? `${comment.slice(0, 59)}…` : comment}”` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
