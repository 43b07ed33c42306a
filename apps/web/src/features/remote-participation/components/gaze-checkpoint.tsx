import {
  driftVerdict,
  type GazeModel,
  pixelsPerDegree,
  predictGaze,
  webcamScreenGeometry,
} from '@limbus/analytics';
import { useEffect, useRef } from 'react';
import { VALIDATION_READ_FROM_MS, VALIDATION_SHOW_MS } from '../tracking/calibration-points';
import type { ObservationWindow } from '../tracking/observation-window';
import { DotStage, onScreen, sleep } from './calibration-step';

const CHECKPOINT_POINT = { x: 0.5, y: 0.5 };

/** The drift (degrees) of the model's estimates from a point looked at; NaN without estimates. */
export function driftDegrees(
  estimates: readonly { x: number; y: number }[],
  point: { x: number; y: number },
) {
  if (!estimates.length) return Number.NaN;
  const meanX = estimates.reduce((sum, estimate) => sum + estimate.x, 0) / estimates.length;
  const meanY = estimates.reduce((sum, estimate) => sum + estimate.y, 0) / estimates.length;
  const perDegree = pixelsPerDegree(
    webcamScreenGeometry({ widthPx: window.innerWidth, heightPx: window.innerHeight }),
  );
  return Math.hypot(meanX - point.x, meanY - point.y) / perDegree;
}

/**
 * A mid-session checkpoint: one dot in the middle for as long as a validation dot, and the drift
 * of the gaze estimates from it. Beyond the test's threshold (or not measurable: the face lost)
 * the participant recalibrates.
 */
export function GazeCheckpoint({
  frames,
  model,
  thresholdDeg,
  label,
  onVerdict,
}: {
  frames: ObservationWindow;
  model: GazeModel;
  thresholdDeg: number;
  label: string;
  onVerdict: (verdict: 'ok' | 'recalibrate') => void;
}) {
  const verdict = useRef(onVerdict);
  verdict.current = onVerdict;
  useEffect(() => {
    let cancelled = false;
    const shownAt = performance.now();
    void sleep(VALIDATION_SHOW_MS).then(() => {
      if (cancelled) return;
      const estimates = frames
        .featuresBetween(shownAt + VALIDATION_READ_FROM_MS, shownAt + VALIDATION_SHOW_MS)
        .map((features) => predictGaze(model, features));
      verdict.current(driftVerdict(driftDegrees(estimates, onScreen(CHECKPOINT_POINT)), thresholdDeg));
    });
    return () => {
      cancelled = true;
    };
  }, [frames, model, thresholdDeg]);
  return <DotStage point={CHECKPOINT_POINT} label={label} />;
}
