/** A clock time of whole seconds as m:ss, or mm:ss with `padMinutes` (minutes not capped at 59): video times and durations. */
export function formatClock(totalSeconds: number, { padMinutes = false } = {}): string {
  const seconds = Math.floor(totalSeconds);
  const minutes = String(Math.floor(seconds / 60));
  return `${padMinutes ? minutes.padStart(2, '0') : minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
