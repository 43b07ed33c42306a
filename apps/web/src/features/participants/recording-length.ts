/** Whether recording length and time to complete differ enough to warn (1 s or more). */
export const RECORDING_HINT_THRESHOLD_MS = 1000;
export function recordingLengthDiffers(videoMs: number | null, timeToCompleteMs: number | null): boolean {
  if (videoMs === null || timeToCompleteMs === null) return false;
  return Math.abs(videoMs - timeToCompleteMs) >= RECORDING_HINT_THRESHOLD_MS;
}
