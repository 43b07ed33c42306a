import type { MouseSamples } from '@limbus/analytics';
import { createCanvas, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import { runFfmpeg } from '../media/ffmpeg.js';
import { writeAtomically } from '../media/write-atomically.js';

/** A page as the participant saw it: its full-page screenshot, in page pixels at the viewport width. */
export type RecordedPage = { image: Image };

export type ScreenRecordingOptions = {
  /** The participant's mouse or touch samples (viewport px, scroll offset, URL per sample). */
  mice: MouseSamples;
  /** The screenshot of each URL the participant visited; a URL without one shows a blank page. */
  pages: ReadonlyMap<string, RecordedPage>;
  /** The viewport of the recorded screen, in page pixels (the demo shop: 1920×1080 or 390×844). */
  viewport: { width: number; height: number };
  startMs: number;
  durationMs: number;
  /** Output width in px (even); the height follows the viewport's aspect. */
  width: number;
  /** Draw a pointer arrow (desktop) or a touch dot (mobile). */
  pointer: 'arrow' | 'touch';
  signal?: AbortSignal;
  /** Told the share of frames drawn (0–1) as they are. */
  onProgress?: (share: number) => void;
};

/** Few frames a second: scrolling and pointer moves read well, and encoding stays quick. */
export const SCREEN_RECORDING_FPS = 5;
/** How long a click's ring stays visible. */
const CLICK_RING_MS = 400;
/** A touch dot shows while touches come in this often (mobile samples arrive only while touching). */
const TOUCH_VISIBLE_MS = 250;

/**
 * H.264 in MP4 like the demo commercial, with a keyframe every 2 s so that the replay can seek.
 * superfast rather than ultrafast: at 1280×720 a 2½-minute recording is 3.6 MB instead of 6.3 MB
 * for about a fifth more encoding time (docs/decisions/results-screens.md, issue 26).
 */
const ENCODE_ARGS = [
  ...['-c:v', 'libx264', '-preset', 'superfast', '-crf', '30'],
  ...['-g', String(2 * SCREEN_RECORDING_FPS), '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-f', 'mp4'],
];

/** The size of the output: `width` wide, the viewport's aspect, both even (yuv420p). */
export function recordingSize(viewport: { width: number; height: number }, width: number) {
  const even = (value: number) => Math.max(2, 2 * Math.round(value / 2));
  return { width: even(width), height: even((width * viewport.height) / viewport.width) };
}

/**
 * Renders a screen recording from what a participant did: per frame the screenshot of the page
 * they were on, cut at their scroll offset, with the pointer where their mouse was and a ring
 * at each click; SCREEN_RECORDING_FPS H.264 MP4 without audio. The file appears under `output`
 * only when complete.
 */
export async function makeScreenRecording(output: string, options: ScreenRecordingOptions): Promise<void> {
  const size = recordingSize(options.viewport, options.width);
  await writeAtomically(output, (temp) =>
    runFfmpeg(
      [
        ...['-f', 'rawvideo', '-pix_fmt', 'rgba', '-video_size', `${size.width}x${size.height}`],
        ...['-framerate', String(SCREEN_RECORDING_FPS), '-i', 'pipe:0', ...ENCODE_ARGS, '-y', temp],
      ],
      { stdin: screenFrames(options), signal: options.signal },
    ),
  );
}

/** Index of the last sample at or before `time`, or -1 before the first (binary search). */
export function sampleAtOrBefore(timestamps: Float64Array, time: number): number {
  let low = 0;
  let high = timestamps.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((timestamps[middle] as number) <= time) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** The last click at or before sample `index` and no older than CLICK_RING_MS before `time`. */
function recentClickAge(mice: MouseSamples, index: number, time: number): number | null {
  for (let i = index; i >= 0; i--) {
    const age = time - (mice.timestamp[i] as number);
    if (age > CLICK_RING_MS) return null;
    if (mice.click[i]) return age;
  }
  return null;
}

type FrameState = { index: number; clickAge: number | null; touching: boolean };

/** The raw RGBA frames, one per 1/SCREEN_RECORDING_FPS s; a frame like the one before is sent again. */
export function* screenFrames(options: ScreenRecordingOptions): Generator<Uint8Array> {
  const { mice, durationMs, startMs } = options;
  const size = recordingSize(options.viewport, options.width);
  const canvas = createCanvas(size.width, size.height);
  const context = canvas.getContext('2d');
  const scale = size.width / options.viewport.width;
  const count = Math.max(1, Math.round((durationMs * SCREEN_RECORDING_FPS) / 1000));
  let previousKey = '';
  let previous: Uint8Array | null = null;
  for (let frame = 0; frame < count; frame++) {
    options.onProgress?.(frame / count);
    const time = startMs + (frame * 1000) / SCREEN_RECORDING_FPS;
    const found = sampleAtOrBefore(mice.timestamp, time);
    const index = Math.max(found, 0);
    const state: FrameState = {
      index,
      clickAge: found < 0 ? null : recentClickAge(mice, index, time),
      touching: found >= 0 && time - (mice.timestamp[index] as number) <= TOUCH_VISIBLE_MS,
    };
    const key = frameKey(mice, state);
    if (previous && key === previousKey) {
      yield previous;
      continue;
    }
    drawFrame(context, options, state, scale, size);
    // A copy: the previous frame may still wait in the pipe to ffmpeg.
    previous = new Uint8Array(context.getImageData(0, 0, size.width, size.height).data);
    previousKey = key;
    yield previous;
  }
}

function frameKey(mice: MouseSamples, state: FrameState): string {
  const i = state.index;
  const click = state.clickAge === null ? '' : Math.floor(state.clickAge / 100);
  return `${mice.urlIndex[i]}|${mice.scrollY[i]}|${mice.x[i]}|${mice.y[i]}|${click}|${state.touching}`;
}

function drawFrame(
  context: SKRSContext2D,
  options: ScreenRecordingOptions,
  state: FrameState,
  scale: number,
  size: { width: number; height: number },
): void {
  const { mice } = options;
  const i = state.index;
  const url = mice.urls[mice.urlIndex[i] as number] ?? '';
  const page = options.pages.get(url);
  context.fillStyle = '#f1f3f5';
  context.fillRect(0, 0, size.width, size.height);
  const scrollY = mice.scrollY[i] ?? 0;
  if (page) {
    const sourceHeight = Math.min(options.viewport.height, Math.max(0, page.image.height - scrollY));
    if (sourceHeight > 0)
      context.drawImage(
        page.image,
        0,
        scrollY,
        options.viewport.width,
        sourceHeight,
        0,
        0,
        size.width,
        sourceHeight * scale,
      );
  }
  const x = (mice.x[i] ?? 0) * scale;
  const y = (mice.y[i] ?? 0) * scale;
  if (state.clickAge !== null) drawClickRing(context, x, y, state.clickAge, scale);
  if (options.pointer === 'arrow') drawArrow(context, x, y);
  else if (state.touching) drawTouch(context, x, y);
}

function drawClickRing(context: SKRSContext2D, x: number, y: number, age: number, scale: number): void {
  const progress = age / CLICK_RING_MS;
  context.beginPath();
  context.arc(x, y, (12 + 36 * progress) * Math.max(scale, 0.5), 0, 2 * Math.PI);
  context.strokeStyle = `rgba(230, 73, 128, ${1 - progress})`;
  context.lineWidth = 3;
  context.stroke();
}

/** A classic pointer arrow, its tip at (x, y), 16 px tall whatever the scale (readable when small). */
function drawArrow(context: SKRSContext2D, x: number, y: number): void {
  context.beginPath();
  context.moveTo(x, y);
  context.lineTo(x, y + 16);
  context.lineTo(x + 4.5, y + 12);
  context.lineTo(x + 8, y + 18.5);
  context.lineTo(x + 10.5, y + 17.3);
  context.lineTo(x + 7, y + 11);
  context.lineTo(x + 12, y + 11);
  context.closePath();
  context.fillStyle = '#111';
  context.fill();
  context.strokeStyle = '#fff';
  context.lineWidth = 1.5;
  context.stroke();
}

function drawTouch(context: SKRSContext2D, x: number, y: number): void {
  context.beginPath();
  context.arc(x, y, 11, 0, 2 * Math.PI);
  context.fillStyle = 'rgba(34, 139, 230, 0.45)';
  context.fill();
  context.strokeStyle = 'rgba(255, 255, 255, 0.9)';
  context.lineWidth = 2;
  context.stroke();
}
