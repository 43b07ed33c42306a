import { DEFAULT_QUALITY_THRESHOLDS, type GazeQuality, isLowQuality } from '@limbus/analytics';
import type { ParticipantSource, QualityProblem, WebcamQuality } from '@limbus/contract';

/**
 * A lab tracker's gaze against the thresholds; a webcam's by its tracking ratio and its session's
 * validation against the cohort's own threshold. No webcam meets a lab tracker's 0.5° precision or
 * 1.5° accuracy (the demo's 40 all failed them), so those limits would mark every remote
 * participant and tell the researcher nothing about which to leave out.
 */
export function gazeProblems(
  source: ParticipantSource,
  gaze: GazeQuality,
  webcam: WebcamQuality | null,
): QualityProblem[] {
  if (source !== 'webcam') return isLowQuality(gaze);
  const problems: QualityProblem[] = [];
  if (gaze.trackingRatio < DEFAULT_QUALITY_THRESHOLDS.minTrackingRatio) problems.push('tracking');
  if (webcam && !webcam.validation_passed) problems.push('accuracy');
  return problems;
}
