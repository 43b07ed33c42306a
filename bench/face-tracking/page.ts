/// <reference lib="dom" />
import { type CalibrationSample, fitGazeModel, predictGaze } from '@limbus/analytics';
import { startFaceTracker } from '../../apps/web/src/features/remote-participation/tracking/face-tracker';

/**
 * The tracking loop as a participant's page runs it: the camera's frames through the worker (face,
 * mesh with iris, expressions), each answer turned into a gaze estimate on the page. Fits a model
 * on the first second's frames (as a calibration would), then measures for `seconds`.
 */
declare global {
  interface Window {
    faceTrackingResult?: Record<string, number> | { error: string };
  }
}

const seconds = Number(new URLSearchParams(location.search).get('seconds') ?? '10');

async function run() {
  const tracker = await startFaceTracker();
  const samples: CalibrationSample[] = [];
  const handOn: number[] = [];
  let estimates = 0;
  let withExpressions = 0;
  let model: ReturnType<typeof fitGazeModel> | null = null;
  tracker.subscribe((observation) => {
    const started = performance.now();
    const features = observation.face?.features;
    if (!features) return;
    if (!model) {
      samples.push({ features, x: (samples.length % 3) * 600, y: (samples.length % 2) * 500 });
      return;
    }
    predictGaze(model, features);
    estimates++;
    if (Object.keys(observation.face?.expressions ?? {}).length) withExpressions++;
    handOn.push(performance.now() - started);
  });
  while (samples.length < 12) await new Promise((resolve) => setTimeout(resolve, 100));
  model = fitGazeModel(samples);
  const from = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const elapsed = (performance.now() - from) / 1000;
  const stats = tracker.stats();
  tracker.stop();
  handOn.sort((a, b) => a - b);
  window.faceTrackingResult = {
    estimatesPerSecond: estimates / elapsed,
    mainThreadMsPerFrame: stats.mainThreadMsPerFrame,
    estimateMsMedian: handOn[Math.floor(handOn.length / 2)] ?? 0,
    detectMs: stats.detectMs,
    shareWithExpressions: estimates ? withExpressions / estimates : 0,
  };
}

run().catch((error: unknown) => {
  window.faceTrackingResult = { error: error instanceof Error ? error.message : String(error) };
});
