import { Human } from 'face-engine';
import { gazeFeatures } from './eye-features';
import { faceLighting } from './face-lighting';
import type { FaceObservation, FromTracker, ToTracker } from './tracking-messages';

type Scope = {
  onmessage: ((event: MessageEvent<ToTracker>) => void) | null;
  postMessage: (message: FromTracker) => void;
};
const scope = self as unknown as Scope;

/** Width of the frame copy the lighting is read on: enough for a face's halves, cheap to read. */
const LIGHTING_WIDTH = 80;
let human: Human | null = null;
let lightingCanvas: OffscreenCanvas | null = null;

/**
 * Face detection, mesh with iris and expressions, on TensorFlow's WebAssembly backend. Between two
 * similar frames (Human's cache check: a webcam's frames differ by noise and small movements) the
 * face's box follows the mesh instead of running the detector again (at least once a second it
 * does), and the expressions are read at most every 200 ms: the mesh and irises, which gaze needs,
 * run on every frame. That halves the work of a frame (issue 30's bench: bench/README).
 */
function createHuman(base: string) {
  return new Human({
    backend: 'wasm',
    wasmPath: base,
    wasmPlatformFetch: false,
    modelBasePath: base,
    debug: false,
    face: {
      enabled: true,
      detector: { rotation: false, maxDetected: 1, return: false, skipFrames: 30, skipTime: 1000 },
      mesh: { enabled: true },
      iris: { enabled: true },
      emotion: { enabled: true, skipFrames: 5, skipTime: 200 },
      description: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    filter: { enabled: false },
  });
}

function lightingOf(bitmap: ImageBitmap, box: [number, number, number, number]) {
  const height = Math.max(1, Math.round((bitmap.height / bitmap.width) * LIGHTING_WIDTH));
  lightingCanvas ??= new OffscreenCanvas(LIGHTING_WIDTH, height);
  lightingCanvas.height = height;
  const context = lightingCanvas.getContext('2d', { willReadFrequently: true });
  if (!context) return { brightness: 0, evenness: 0 };
  context.drawImage(bitmap, 0, 0, LIGHTING_WIDTH, height);
  const scale = LIGHTING_WIDTH / bitmap.width;
  const pixels = context.getImageData(0, 0, LIGHTING_WIDTH, height).data;
  return faceLighting(pixels, LIGHTING_WIDTH, {
    x: box[0] * scale,
    y: box[1] * scale,
    width: box[2] * scale,
    height: box[3] * scale,
  });
}

async function observe(engine: Human, at: number, bitmap: ImageBitmap): Promise<FaceObservation> {
  const started = performance.now();
  const result = await engine.detect(bitmap);
  const found = result.face[0];
  const frame = { width: bitmap.width, height: bitmap.height };
  const face: FaceObservation['face'] = found
    ? {
        score: found.score,
        box: { x: found.boxRaw[0], y: found.boxRaw[1], width: found.boxRaw[2], height: found.boxRaw[3] },
        features: found.rotation ? gazeFeatures(found.mesh, found.rotation.angle, frame) : null,
        lighting: lightingOf(bitmap, found.box),
        expressions: Object.fromEntries((found.emotion ?? []).map(({ emotion, score }) => [emotion, score])),
      }
    : null;
  bitmap.close();
  return { at, face, detectMs: performance.now() - started };
}

scope.onmessage = async (event) => {
  const message = event.data;
  try {
    if (message.type === 'load') {
      human = createHuman(message.base);
      await human.load();
      scope.postMessage({ type: 'ready' });
    } else if (human) {
      scope.postMessage({
        type: 'observation',
        observation: await observe(human, message.at, message.bitmap),
      });
    }
  } catch (error) {
    scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
