import { runFfmpeg } from './ffmpeg.js';
import { probeVideo } from './probe-video.js';
import { writeAtomically } from './write-atomically.js';

/** Wider sources are scaled down to this width (aspect kept): plenty to see where people looked. */
export const HEATMAP_VIDEO_MAX_WIDTH = 1280;

export type RenderHeatmapVideoOptions = {
  /** The test's video. */
  source: string;
  output: string;
  /** Time span covered by overlay frames, ms from the start of the video (clamped to the video). */
  durationMs: number;
  /** Overlay frames per second; frame k shows time k / fps. */
  fps: number;
  /** Size of the frames `frameAt` returns; they are stretched to the video's size. */
  overlay: { width: number; height: number };
  /**
   * The overlay at `timeMs`: RGBA with straight (not premultiplied) alpha, overlay.width ×
   * overlay.height × 4 bytes, as colorizeDensity of @limbus/analytics gives. Called in time order,
   * once per frame; the array is copied, so it may be reused for the next frame.
   */
  frameAt: (timeMs: number) => Uint8Array | Uint8ClampedArray;
  signal?: AbortSignal;
};

/**
 * Blends a stream of RGBA overlay frames over a video: frames are piped to ffmpeg as raw RGBA as
 * fast as it takes them (one frame in memory, not the video), scaled to the video's size and
 * alpha-blended onto it. Output: H.264 yuv420p MP4 (faststart) at the source's size (at most
 * HEATMAP_VIDEO_MAX_WIDTH wide) and duration, the source's audio kept; the file appears under
 * `output` only when complete. After `durationMs` the source shows without overlay.
 */
export async function renderHeatmapVideo(options: RenderHeatmapVideoOptions): Promise<void> {
  const { overlay, fps, signal } = options;
  if (!(isPositiveInteger(overlay.width) && isPositiveInteger(overlay.height)))
    throw new RangeError(`The overlay needs a positive integer size, got ${overlay.width}×${overlay.height}`);
  if (!(fps > 0 && fps <= 120)) throw new RangeError(`fps must be in (0, 120], got ${fps}`);
  const source = await probeVideo(options.source, { signal });
  const size = outputSize(source.width, source.height);
  const frameCount = Math.max(1, Math.ceil((Math.min(options.durationMs, source.durationMs) * fps) / 1000));
  const graph = [
    `[0:v]setpts=PTS-STARTPTS,scale=${size.width}:${size.height}[video]`,
    `[1:v]scale=${size.width}:${size.height}[heat]`,
    '[video][heat]overlay=eof_action=pass:format=yuv420[out]',
  ].join(';');
  await writeAtomically(options.output, (temp) =>
    runFfmpeg(
      [
        ...['-i', options.source],
        ...['-f', 'rawvideo', '-pix_fmt', 'rgba', '-video_size', `${overlay.width}x${overlay.height}`],
        ...['-framerate', String(fps), '-i', 'pipe:0'],
        ...['-filter_complex', graph, '-map', '[out]', '-map', '0:a:0?'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-g', '50', '-pix_fmt', 'yuv420p'],
        ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-f', 'mp4', '-y', temp],
      ],
      { stdin: overlayFrames(options, frameCount), signal },
    ),
  );
}

/** The source's size capped to HEATMAP_VIDEO_MAX_WIDTH, both even (yuv420p). */
export function outputSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, HEATMAP_VIDEO_MAX_WIDTH / width);
  const even = (v: number) => Math.max(2, 2 * Math.round((v * scale) / 2));
  return { width: even(width), height: even(height) };
}

function* overlayFrames(options: RenderHeatmapVideoOptions, count: number): Generator<Uint8Array> {
  const bytes = options.overlay.width * options.overlay.height * 4;
  for (let k = 0; k < count; k++) {
    const frame = options.frameAt((k * 1000) / options.fps);
    if (frame.length !== bytes)
      throw new RangeError(`frameAt must return ${bytes} bytes (RGBA), got ${frame.length}`);
    // Copied: the pipe may hold the array until ffmpeg has read it, and callers reuse buffers.
    // (A Uint8ClampedArray would not be accepted by the pipe as is.)
    const copy = new Uint8Array(bytes);
    copy.set(frame);
    yield copy;
  }
  // overlay takes its input's end to be the last frame's time, so that frame would never show:
  // a transparent frame at durationMs closes the last interval.
  yield new Uint8Array(bytes);
}

function isPositiveInteger(value: number): boolean {
  return Number.isInteger(value) && value > 0;
}
