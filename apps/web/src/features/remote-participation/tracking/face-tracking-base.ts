/** Where the face models and TensorFlow's WebAssembly are served: this origin (build/face-tracking-assets.ts). */
export const FACE_TRACKING_BASE = '/face-tracking/';
