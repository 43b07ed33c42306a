import type { GazeQuality } from '@limbus/analytics';
import type { WebcamQuality } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { gazeProblems } from './gaze-problems';

/** A webcam's gaze: well tracked, with the 1.5° precision and 3° accuracy a webcam has. */
const webcamGaze: GazeQuality = {
  samples: 900,
  validSamples: 810,
  trackingRatio: 0.9,
  precisionRmsS2SDeg: 1.5,
  precisionSdDeg: 1.1,
  accuracyDeg: 3,
  targets: [],
};
const session = (validationPassed: boolean): WebcamQuality => ({
  validation_accuracy_deg: validationPassed ? 2.8 : 5.2,
  validation_precision_deg: 1.4,
  tracking_ratio: 0.9,
  sampling_rate_hz: 24,
  validation_passed: validationPassed,
  completed: true,
});

describe('gazeProblems', () => {
  it('holds a lab tracker to the thresholds: the same gaze is low in precision and accuracy', () => {
    expect(gazeProblems('lab', webcamGaze, null)).toEqual(['precision', 'accuracy']);
  });

  it("judges a webcam by its session's validation against the cohort's threshold, not the lab's limits", () => {
    expect(gazeProblems('webcam', webcamGaze, session(true))).toEqual([]);
    expect(gazeProblems('webcam', webcamGaze, session(false))).toEqual(['accuracy']);
  });

  it('marks a webcam whose face was lost too often by its tracking ratio', () => {
    expect(gazeProblems('webcam', { ...webcamGaze, trackingRatio: 0.5 }, session(true))).toEqual([
      'tracking',
    ]);
  });
});
