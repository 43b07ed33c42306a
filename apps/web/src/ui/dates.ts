/** Time as the spec shows it; dates and money are in format.ts. */

/** A clock time of whole seconds as m:ss, or mm:ss with `padMinutes` (minutes not capped at 59). */
export function formatClock(totalSeconds: number, { padMinutes = false } = {}): string {
  const seconds = Math.floor(totalSeconds);
  const minutes = String(Math.floor(seconds / 60));
  return `${padMinutes ? minutes.padStart(2, '0') : minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Durations as the spec shows them: mm:ss (minutes not capped at 59). */
export function formatMinutesSeconds(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '–';
  return formatClock(ms / 1000, { padMinutes: true });
}
