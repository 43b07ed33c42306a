import { runFfmpeg } from '../media/ffmpeg.js';
import { writeAtomically } from '../media/write-atomically.js';
import {
  createYuvFrame,
  fillDiagonalGradient,
  fillShape,
  type Rgb,
  type YuvFrame,
} from '../media/yuv-frame.js';

/** A salient point in the 1920×1080 reference frame; with `toX`/`toY` it moves there over the scene. */
export type DemoSalientPoint = { x: number; y: number; toX?: number; toY?: number; weight: number };

export type DemoVideoScene = {
  name: string;
  startMs: number;
  endMs: number;
  salient: readonly DemoSalientPoint[];
};

export type DemoVideoOptions = {
  durationMs: number;
  /** Output size in px, both even (yuv420p). */
  width: number;
  height: number;
  scenes: readonly DemoVideoScene[];
  /** Stops ffmpeg; nothing is left under `output`. */
  signal?: AbortSignal;
};

export const DEMO_VIDEO_FPS = 25;

const REFERENCE_WIDTH = 1920;
const REFERENCE_HEIGHT = 1080;
/** Shape radius for weight 1 in reference px; it grows with √weight so area follows weight. */
const BASE_RADIUS = 50;

type SceneStyle = { from: Rgb; to: Rgb; ink: readonly Rgb[] };

/**
 * One look per scene, in order of the demo commercial (night logo, dawn, rain, studio, price,
 * park); longer scene lists cycle. Inks contrast with their background so that gaze that follows
 * the salient points lands on something visible.
 */
const SCENE_STYLES: readonly SceneStyle[] = [
  sceneStyle('#140a28', '#502382', ['#ffc828', '#ffffff']),
  sceneStyle('#ffbe6e', '#be503c', ['#19235a', '#fffad7']),
  sceneStyle('#4b5f73', '#192332', ['#ffe100', '#ebf0ff']),
  sceneStyle('#ebebf0', '#a5aab4', ['#c81e2d', '#1e1e1e', '#006ec8']),
  sceneStyle('#cd1e32', '#6e0a1e', ['#ffffff', '#ffd700']),
  sceneStyle('#64c35f', '#1e693c', ['#78461e', '#ffffff', '#ffd700']),
];
const GAP_STYLE = sceneStyle('#101010', '#101010', []);

/**
 * H.264 in MP4 for browsers, tagged BT.601 like the frames we paint; seekable every 2 s. Flat
 * synthetic frames gain little from veryfast's analysis, which costs twice the CPU (≈ 5 s against
 * 2.5 s for 60 s at 960×540); CABAC keeps ultrafast's file ~15 % smaller at no cost.
 */
const ENCODE_ARGS = [
  ...['-c:v', 'libx264', '-preset', 'ultrafast', '-x264-params', 'cabac=1', '-crf', '28'],
  ...['-g', String(2 * DEMO_VIDEO_FPS)],
  ...['-pix_fmt', 'yuv420p', '-colorspace', 'smpte170m', '-color_primaries', 'smpte170m'],
  ...['-color_trc', 'smpte170m', '-color_range', 'tv', '-movflags', '+faststart', '-f', 'mp4'],
];

/**
 * Renders the demo commercial: each scene a gradient background with a shape at each salient
 * point (moving when the point moves, sized by weight, scaled from 1920×1080 to the output),
 * 25 fps H.264 yuv420p MP4 without audio, identical for identical options. Frames are painted in
 * Node and streamed to ffmpeg; the file appears under `output` only when complete.
 */
export async function makeDemoVideo(output: string, options: DemoVideoOptions): Promise<void> {
  if (!(options.durationMs >= 1000 / DEMO_VIDEO_FPS))
    throw new RangeError(`durationMs must be at least one frame, got ${options.durationMs}`);
  createYuvFrame(options.width, options.height); // validates the size before ffmpeg starts
  await writeAtomically(output, (temp) =>
    runFfmpeg(
      [
        ...['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-video_size', `${options.width}x${options.height}`],
        ...['-framerate', String(DEMO_VIDEO_FPS), '-i', 'pipe:0', ...ENCODE_ARGS, '-y', temp],
      ],
      { stdin: demoFrames(options), signal: options.signal },
    ),
  );
}

/** The raw yuv420p frames of the demo video, one per 1/25 s. */
export function* demoFrames(options: DemoVideoOptions): Generator<Uint8Array> {
  const { width, height, scenes } = options;
  const count = Math.round((options.durationMs * DEMO_VIDEO_FPS) / 1000);
  const backgrounds = new Map<number, Uint8Array>();
  // Frames of a scene without motion are all alike: painted once and sent again (never mutated).
  const stills = new Map<number, Uint8Array>();
  for (let i = 0; i < count; i++) {
    const t = (i * 1000) / DEMO_VIDEO_FPS;
    const index = scenes.findIndex((s) => t >= s.startMs && t < s.endMs);
    const still = stills.get(index);
    if (still) {
      yield still;
      continue;
    }
    const style = index < 0 ? GAP_STYLE : (SCENE_STYLES[index % SCENE_STYLES.length] ?? GAP_STYLE);
    let background = backgrounds.get(index);
    if (!background) {
      background = createYuvFrame(width, height).data;
      fillDiagonalGradient({ width, height, data: background }, style.from, style.to);
      backgrounds.set(index, background);
    }
    // A fresh copy each time: the previous frame may still wait in the pipe to ffmpeg.
    const frame: YuvFrame = { width, height, data: background.slice() };
    const scene = scenes[index];
    if (scene) paintSalientPoints(frame, scene, style, t);
    if (!scene?.salient.some(isMoving)) stills.set(index, frame.data);
    yield frame.data;
  }
}

function isMoving(p: DemoSalientPoint): boolean {
  return (p.toX ?? p.x) !== p.x || (p.toY ?? p.y) !== p.y;
}

function paintSalientPoints(frame: YuvFrame, scene: DemoVideoScene, style: SceneStyle, t: number): void {
  const sx = frame.width / REFERENCE_WIDTH;
  const sy = frame.height / REFERENCE_HEIGHT;
  // Same linear motion as the demo participants' gaze pursuit (generate-video-participant.ts).
  const progress = Math.min(1, Math.max(0, (t - scene.startMs) / Math.max(1, scene.endMs - scene.startMs)));
  scene.salient.forEach((p, k) => {
    const x = p.x + progress * ((p.toX ?? p.x) - p.x);
    const y = p.y + progress * ((p.toY ?? p.y) - p.y);
    const radius = BASE_RADIUS * Math.sqrt(Math.max(0, p.weight)) * Math.min(sx, sy);
    const ink = style.ink[k % style.ink.length] ?? [255, 255, 255];
    fillShape(frame, { kind: k % 2 === 0 ? 'disc' : 'square', cx: x * sx, cy: y * sy, radius }, ink);
  });
}

function sceneStyle(from: string, to: string, ink: readonly string[]): SceneStyle {
  return { from: hexToRgb(from), to: hexToRgb(to), ink: ink.map(hexToRgb) };
}

function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
