import type { FaceLighting } from './face-lighting';

/** One camera frame as the worker saw it: the face, or null when none was found. */
export type FaceObservation = {
  /** performance.now() of the frame on the page's clock. */
  at: number;
  face: null | {
    /** The detector's confidence, 0–1. */
    score: number;
    /** The face's box as shares of the frame, 0–1. */
    box: { x: number; y: number; width: number; height: number };
    /** The gaze model's features (eye-features.ts), or null when the eyes were not read. */
    features: number[] | null;
    lighting: FaceLighting;
    /** Facial expression scores 0–1 by name (happy, surprise, angry, …): never EEG emotions. */
    expressions: Record<string, number>;
  };
  /** The worker's time on this frame, ms. */
  detectMs: number;
};

export type ToTracker = { type: 'load'; base: string } | { type: 'frame'; at: number; bitmap: ImageBitmap };
export type FromTracker =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'observation'; observation: FaceObservation };
