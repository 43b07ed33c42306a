/**
 * The participants before and after one in the list, wrapping around (spec 3 §2: from the last
 * to the first and from the first to the last); null when the participant is not in the list.
 */
export function neighbours<T extends { id: number }>(
  list: readonly T[],
  participantId: number,
): { previous: T | null; next: T | null } {
  const index = list.findIndex((row) => row.id === participantId);
  if (index < 0 || list.length === 0) return { previous: null, next: null };
  return {
    previous: list[(index - 1 + list.length) % list.length] ?? null,
    next: list[(index + 1) % list.length] ?? null,
  };
}

/**
 * Where the replay starts, in seconds into the recording: the address's `timestamp` when it is a
 * number of seconds, else the time of the point `sp_id` names, else nowhere in particular (null).
 */
export function startSeconds(
  timestamp: string | null,
  pointId: number | null,
  points: readonly { id: number; timestamp_top: number }[],
  startMs: number,
): number | null {
  const seconds = timestamp === null || timestamp.trim() === '' ? Number.NaN : Number(timestamp);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const point = pointId === null ? undefined : points.find((candidate) => candidate.id === pointId);
  return point ? Math.max(0, (point.timestamp_top - startMs) / 1000) : null;
}
