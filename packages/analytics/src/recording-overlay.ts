import {
  type EyeSamples,
  MOBILE_OFFSET_X,
  type MouseSamples,
  REFERENCE_HEIGHT,
  REFERENCE_WIDTH,
} from './samples.js';

/**
 * The overlay of the recording screen, drawn on a canvas over the video at its frame rate: the
 * gaze trail of the last second, the pointer and the clicks. Each redraw finds its samples by
 * binary search in the columns (never a scan of the recording), so a frame costs the same for a
 * 30-minute participant as for a 30-second one.
 */

/** Spec 3 §2: the trail shows the last second of gaze. */
export const GAZE_TRAIL_MS = 1000;
/** How long a click stays drawn, shrinking ring. */
export const CLICK_SHOWN_MS = 600;
/**
 * A phone's screen width in page pixels (the demo shop's viewport and a common phone's): mobile
 * gaze and touches are mapped from it to the video's width (docs/decisions/results-screens.md).
 */
export const MOBILE_SCREEN_WIDTH = 390;

/** Where the samples' coordinates live: gaze x − offsetX and mouse x on [0, width] × [0, height]. */
export type SampleFrame = { width: number; height: number; gazeOffsetX: number };

/**
 * The frame of the samples for the video: desktop, the eye tracker's 1920×1080 frame (the screen
 * the recording shows); mobile, the phone's screen, which starts 710 px into the tracker's frame,
 * as tall as the video's aspect makes a MOBILE_SCREEN_WIDTH-wide screen.
 */
export function sampleFrame(platform: string, video: { width: number; height: number } | null): SampleFrame {
  if (platform !== 'mobile') return { width: REFERENCE_WIDTH, height: REFERENCE_HEIGHT, gazeOffsetX: 0 };
  const aspect = video && video.width > 0 ? video.height / video.width : REFERENCE_HEIGHT / REFERENCE_WIDTH;
  return { width: MOBILE_SCREEN_WIDTH, height: MOBILE_SCREEN_WIDTH * aspect, gazeOffsetX: MOBILE_OFFSET_X };
}

/** The first index whose timestamp is ≥ `time` (length when none is). */
export function lowerBound(timestamps: Float64Array, time: number): number {
  let low = 0;
  let high = timestamps.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((timestamps[middle] as number) < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first index whose timestamp is > `time` (length when none is). */
export function upperBound(timestamps: Float64Array, time: number): number {
  let low = 0;
  let high = timestamps.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((timestamps[middle] as number) <= time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The samples of the half-open window (from, to]: indices [start, end). */
export function windowIndices(timestamps: Float64Array, fromMs: number, toMs: number) {
  return { start: upperBound(timestamps, fromMs), end: upperBound(timestamps, toMs) };
}

/** The last sample at or before `time`, or -1 before the first. */
export function sampleAt(timestamps: Float64Array, time: number): number {
  return upperBound(timestamps, time) - 1;
}

/** Where a point of the sample frame lands in a box of `width × height` CSS px drawn over the video. */
export type Mapping = { scaleX: number; scaleY: number; left: number; top: number };

/**
 * The video's picture inside its element (object-fit: contain letterboxes it), and so the
 * mapping from the sample frame to the canvas that covers the element.
 */
export function frameMapping(
  frame: SampleFrame,
  element: { width: number; height: number },
  video: { width: number; height: number } | null,
): Mapping {
  const aspect =
    video && video.width > 0 && video.height > 0 ? video.width / video.height : frame.width / frame.height;
  const fitsWidth = element.width / element.height < aspect;
  const width = fitsWidth ? element.width : element.height * aspect;
  const height = fitsWidth ? element.width / aspect : element.height;
  return {
    scaleX: width / frame.width,
    scaleY: height / frame.height,
    left: (element.width - width) / 2,
    top: (element.height - height) / 2,
  };
}

export type OverlaySamples = { eyes: EyeSamples | null; mice: MouseSamples | null };

/** What one frame shows, in canvas px: the trail (oldest first), the pointer, the recent clicks. */
export type OverlayScene = {
  trail: { x: number; y: number; age: number }[];
  pointer: { x: number; y: number } | null;
  clicks: { x: number; y: number; age: number }[];
};

/** The scene at `nowMs` (epoch ms): binary searches, then only the samples of the window. */
export function overlayScene(
  samples: OverlaySamples,
  nowMs: number,
  frame: SampleFrame,
  mapping: Mapping,
): OverlayScene {
  const toX = (x: number) => mapping.left + x * mapping.scaleX;
  const toY = (y: number) => mapping.top + y * mapping.scaleY;
  const scene: OverlayScene = { trail: [], pointer: null, clicks: [] };
  const { eyes, mice } = samples;
  if (eyes) {
    const { start, end } = windowIndices(eyes.timestamp, nowMs - GAZE_TRAIL_MS, nowMs);
    for (let i = start; i < end; i++) {
      const x = eyes.x[i] as number;
      const y = eyes.y[i] as number;
      if (Number.isNaN(x) || Number.isNaN(y)) continue;
      scene.trail.push({
        x: toX(x - frame.gazeOffsetX),
        y: toY(y),
        age: nowMs - (eyes.timestamp[i] as number),
      });
    }
  }
  if (mice) {
    const at = sampleAt(mice.timestamp, nowMs);
    if (at >= 0) scene.pointer = { x: toX(mice.x[at] as number), y: toY(mice.y[at] as number) };
    const { start, end } = windowIndices(mice.timestamp, nowMs - CLICK_SHOWN_MS, nowMs);
    for (let i = start; i < end; i++)
      if (mice.click[i])
        scene.clicks.push({
          x: toX(mice.x[i] as number),
          y: toY(mice.y[i] as number),
          age: nowMs - (mice.timestamp[i] as number),
        });
  }
  return scene;
}

/** The 2D context calls the overlay makes: a browser canvas's, or @napi-rs/canvas's in the benchmark. */
export type OverlayContext = {
  clearRect(x: number, y: number, width: number, height: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, radius: number, start: number, end: number): void;
  stroke(): void;
  fill(): void;
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  globalAlpha: number;
};

const GAZE_COLOR = '#e64980';
const POINTER_FILL = '#111';
const CLICK_COLOR = '#228be6';

/** Draws a scene on a cleared canvas of `width × height`. */
export function drawOverlay(
  context: OverlayContext,
  scene: OverlayScene,
  width: number,
  height: number,
): void {
  context.clearRect(0, 0, width, height);
  drawTrail(context, scene.trail);
  for (const click of scene.clicks) {
    const fade = 1 - click.age / CLICK_SHOWN_MS;
    context.globalAlpha = Math.max(0, fade);
    context.beginPath();
    context.arc(click.x, click.y, 8 + 18 * (1 - fade), 0, 2 * Math.PI);
    context.strokeStyle = CLICK_COLOR;
    context.lineWidth = 3;
    context.stroke();
  }
  context.globalAlpha = 1;
  if (scene.pointer) drawPointer(context, scene.pointer.x, scene.pointer.y);
}

/** The trail as a line fading with age, and a dot where the gaze is now. */
function drawTrail(context: OverlayContext, trail: OverlayScene['trail']): void {
  if (trail.length === 0) return;
  context.strokeStyle = GAZE_COLOR;
  context.lineWidth = 3;
  for (let i = 1; i < trail.length; i++) {
    const from = trail[i - 1] as OverlayScene['trail'][number];
    const to = trail[i] as OverlayScene['trail'][number];
    context.globalAlpha = Math.max(0.05, 1 - to.age / GAZE_TRAIL_MS) * 0.8;
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x, to.y);
    context.stroke();
  }
  const last = trail[trail.length - 1] as OverlayScene['trail'][number];
  context.globalAlpha = 0.75;
  context.beginPath();
  context.arc(last.x, last.y, 10, 0, 2 * Math.PI);
  context.fillStyle = GAZE_COLOR;
  context.fill();
  context.globalAlpha = 1;
}

function drawPointer(context: OverlayContext, x: number, y: number): void {
  context.beginPath();
  context.arc(x, y, 6, 0, 2 * Math.PI);
  context.fillStyle = POINTER_FILL;
  context.fill();
  context.strokeStyle = '#fff';
  context.lineWidth = 2;
  context.stroke();
}
