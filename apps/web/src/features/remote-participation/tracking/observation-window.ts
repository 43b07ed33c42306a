import type { FaceTracker } from './face-tracker';
import type { FaceObservation } from './tracking-messages';

/** How long observations are kept: the longest span a step reads back (a validation point). */
const KEPT_MS = 5000;

/**
 * The tracker's recent observations, to read back the frames of a span (a calibration point from
 * its press to a second later). Subscribes at once; `close` unsubscribes.
 */
export function observationWindow(tracker: FaceTracker) {
  const kept: FaceObservation[] = [];
  const unsubscribe = tracker.subscribe((observation) => {
    kept.push(observation);
    while ((kept[0]?.at ?? observation.at) < observation.at - KEPT_MS) kept.shift();
  });
  return {
    /** The gaze features of the frames taken from `from` to `to` (performance.now() ms). */
    featuresBetween: (from: number, to: number): number[][] =>
      kept.flatMap((observation) =>
        observation.at >= from && observation.at <= to && observation.face?.features
          ? [observation.face.features]
          : [],
      ),
    close: unsubscribe,
  };
}
export type ObservationWindow = ReturnType<typeof observationWindow>;
