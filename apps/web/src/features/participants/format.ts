import { formatClock } from '../../ui';

/** Durations as the spec shows them: mm:ss (minutes not capped at 59). */
export function formatMinutesSeconds(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '–';
  return formatClock(ms / 1000, { padMinutes: true });
}

/** Whether recording length and time to complete differ enough to warn (1 s or more). */
export const RECORDING_HINT_THRESHOLD_MS = 1000;
export function recordingLengthDiffers(videoMs: number | null, timeToCompleteMs: number | null): boolean {
  if (videoMs === null || timeToCompleteMs === null) return false;
  return Math.abs(videoMs - timeToCompleteMs) >= RECORDING_HINT_THRESHOLD_MS;
}
