import { FACE_TRACKING_BASE } from './face-tracking-base';
import type { FaceObservation, FromTracker, ToTracker } from './tracking-messages';

/** Why tracking could not start: each has its own advice on the technical check. */
export type TrackerFailure = 'unsupported' | 'camera-denied' | 'no-camera' | 'camera-busy' | 'engine';

export class TrackerError extends Error {
  constructor(
    readonly reason: TrackerFailure,
    detail: string = reason,
  ) {
    super(detail);
  }
}

export type TrackingStats = {
  /** Observations a second over the last window. */
  ratePerSecond: number;
  /** The page's own time per frame (grabbing it, sending it, handing the result on), ms, median. */
  mainThreadMsPerFrame: number;
  /** The worker's detection time per frame, ms, median. */
  detectMs: number;
};

export type FaceTracker = {
  /** The camera's video, for a preview on the technical check; it never leaves the device. */
  video: HTMLVideoElement;
  subscribe: (listener: (observation: FaceObservation) => void) => () => void;
  stats: () => TrackingStats;
  stop: () => void;
  /** Takes the video back from a preview (it must stay in the page for the tracking to run). */
  park: () => void;
};

/** The first browser feature tracking needs that is missing, or null when all are there. */
export function missingBrowserFeature(): string | null {
  if (!navigator.mediaDevices?.getUserMedia) return 'camera access (getUserMedia)';
  if (typeof Worker === 'undefined') return 'web workers';
  if (typeof WebAssembly === 'undefined') return 'WebAssembly';
  if (typeof createImageBitmap === 'undefined' || typeof OffscreenCanvas === 'undefined')
    return 'off-screen images';
  return null;
}

const WINDOW_MS = 2000;
const ENGINE_TIMEOUT_MS = 90_000;

async function openCamera(): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia({
      video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
      audio: false,
    });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError') throw new TrackerError('camera-denied');
    if (name === 'NotFoundError' || name === 'OverconstrainedError') throw new TrackerError('no-camera');
    throw new TrackerError('camera-busy', name || String(error));
  }
}

function startEngine(): Promise<Worker> {
  const worker = new Worker(new URL('./face-tracking.worker.ts', import.meta.url), { type: 'module' });
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(
      () => reject(new TrackerError('engine', 'the face models did not load')),
      ENGINE_TIMEOUT_MS,
    );
    worker.onmessage = (event: MessageEvent<FromTracker>) => {
      clearTimeout(timeout);
      if (event.data.type === 'ready') resolve(worker);
      else if (event.data.type === 'failed') reject(new TrackerError('engine', event.data.message));
    };
    worker.onerror = () => {
      clearTimeout(timeout);
      reject(new TrackerError('engine', 'the face tracking could not start'));
    };
    worker.postMessage({ type: 'load', base: FACE_TRACKING_BASE } satisfies ToTracker);
  });
}

const median = (values: number[]) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Opens the camera and tracks the face in a worker, one frame at a time: the newest frame is sent
 * when the worker has answered the last, so a slow device tracks at a lower rate instead of
 * queueing. No frame is sent while the tab is hidden. Everything stays on the device.
 */
export async function startFaceTracker(): Promise<FaceTracker> {
  const missing = missingBrowserFeature();
  if (missing) throw new TrackerError('unsupported', missing);
  const stream = await openCamera();
  let worker: Worker;
  try {
    worker = await startEngine();
  } catch (error) {
    for (const track of stream.getTracks()) track.stop();
    throw error;
  }
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  video.setAttribute('aria-hidden', 'true');
  park(video);
  await video.play();

  const listeners = new Set<(observation: FaceObservation) => void>();
  const recent: { at: number; mainMs: number; detectMs: number }[] = [];
  let busy = false;
  let stopped = false;
  let sendMs = 0;
  // frames the camera has shown, and the last one sent: a new frame waiting when the worker
  // answers goes at once, instead of idling until the camera's next frame
  let shownFrames = 0;
  let sentFrame = 0;

  const sendFrame = async () => {
    if (stopped || busy || document.hidden || video.readyState < 2 || sentFrame === shownFrames) return;
    busy = true;
    sentFrame = shownFrames;
    const at = performance.now();
    const bitmapPromise = createImageBitmap(video);
    let spent = performance.now() - at;
    try {
      const bitmap = await bitmapPromise;
      const beforeSend = performance.now();
      worker.postMessage({ type: 'frame', at, bitmap } satisfies ToTracker, [bitmap]);
      spent += performance.now() - beforeSend;
      sendMs = spent;
    } catch {
      busy = false;
    }
  };

  worker.onmessage = (event: MessageEvent<FromTracker>) => {
    if (event.data.type !== 'observation') return;
    const started = performance.now();
    const { observation } = event.data;
    for (const listener of listeners) listener(observation);
    busy = false;
    const now = performance.now();
    recent.push({ at: now, mainMs: sendMs + (now - started), detectMs: observation.detectMs });
    while ((recent[0]?.at ?? now) < now - WINDOW_MS) recent.shift();
    void sendFrame();
  };

  const onCameraFrame = () => {
    if (stopped) return;
    shownFrames++;
    void sendFrame();
    if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(onCameraFrame);
    else requestAnimationFrame(onCameraFrame);
  };
  onCameraFrame();

  return {
    video,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stats: () => ({
      ratePerSecond: (recent.length * 1000) / WINDOW_MS,
      mainThreadMsPerFrame: median(recent.map((frame) => frame.mainMs)),
      detectMs: median(recent.map((frame) => frame.detectMs)),
    }),
    stop: () => {
      stopped = true;
      worker.terminate();
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
      video.remove();
    },
    park: () => park(video),
  };
}

/**
 * Keeps the camera's video in the page while no preview shows it: Chromium calls a video's frame
 * callbacks only for a video it renders, so a detached one would stop the tracking. Two pixels in
 * a corner, all but transparent, under everything and never in the way.
 */
function park(video: HTMLVideoElement) {
  Object.assign(video.style, {
    position: 'fixed',
    right: '0',
    bottom: '0',
    width: '2px',
    height: '2px',
    opacity: '0.01',
    pointerEvents: 'none',
    zIndex: '-1',
    transform: '',
    borderRadius: '',
    display: 'block',
  });
  document.body.append(video);
}
