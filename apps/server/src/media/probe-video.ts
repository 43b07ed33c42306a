import { readFfmpegLog } from './ffmpeg.js';

export type VideoInfo = {
  durationMs: number;
  /** Display size: a ±90° rotation tag swaps the coded width and height, as ffmpeg's autorotate does. */
  width: number;
  height: number;
  /** Frames per second of the first video stream, or null when ffmpeg does not state one. */
  fps: number | null;
  /** The container as ffmpeg's demuxer names it ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm", "avi"). */
  container: string;
};

/** A file ffmpeg cannot read as a video (missing, not media, audio only, a still image). */
export class NotAVideoError extends Error {
  constructor(file: string, reason: string) {
    super(`Not a video: ${file}: ${reason}`);
    this.name = 'NotAVideoError';
  }
}

/**
 * Duration, size and frame rate of a video file, read from `ffmpeg -i` (the bundled build has no
 * ffprobe). When the container states no duration, the video stream is remuxed to nowhere
 * (`-c copy -f null`, no decoding) and the last timestamp plus one frame is taken.
 */
export async function probeVideo(file: string, options: { signal?: AbortSignal } = {}): Promise<VideoInfo> {
  const log = await readFfmpegLog(['-i', file], options);
  const info = parseVideoInfo(log);
  // ffmpeg names the file before its complaint ("x.bin: Invalid data found …"); say it once.
  if (typeof info === 'string') throw new NotAVideoError(file, info.replace(`${file}: `, ''));
  if (info.durationMs !== null) return { ...info, durationMs: info.durationMs };
  const lastMs = parseLastTimeMs(
    await readFfmpegLog(['-i', file, '-map', '0:v:0', '-c', 'copy', '-f', 'null', '-'], options),
  );
  if (lastMs === null) throw new NotAVideoError(file, 'its duration cannot be read');
  const frameMs = info.fps ? 1000 / info.fps : 0;
  return { ...info, durationMs: Math.round(lastMs + frameMs) };
}

/** Image and text demuxers: ffmpeg lists their input as a one-frame "video". */
const STILL_FORMAT = /^(image2|tty|[a-z0-9]+_pipe)$/;

/**
 * The first video stream's facts from an `ffmpeg -i` log (durationMs null when the container has
 * none), or a reason why the input is not a video.
 */
export function parseVideoInfo(
  log: string,
): (Omit<VideoInfo, 'durationMs'> & { durationMs: number | null }) | string {
  const input = /^Input #0, ([^\n]+?), from /m.exec(log);
  if (!input) return lastLine(log) || 'ffmpeg cannot read it';
  const formats = (input[1] ?? '').split(',');
  if (formats.some((f) => STILL_FORMAT.test(f.trim()))) return `it is a still image or text (${input[1]})`;
  const stream = videoStreamBlock(log);
  if (!stream) return 'it has no video stream';
  const size = /, (\d+)x(\d+)(?=[\s,[]|$)/m.exec(stream.line);
  const width = Number(size?.[1]);
  const height = Number(size?.[2]);
  if (!(width > 0 && height > 0)) return 'its video size cannot be read';
  const rotation = Number(/rotation of (-?\d+(?:\.\d+)?) degrees/.exec(stream.block)?.[1] ?? 0);
  const isTurned = Math.round(Math.abs(rotation) / 90) % 2 === 1;
  return {
    durationMs: parseDurationMs(log),
    width: isTurned ? height : width,
    height: isTurned ? width : height,
    fps: parseRate(/, (\d+(?:\.\d+)?)(k?) fps/.exec(stream.line)),
    container: input[1] ?? '',
  };
}

/** The first video stream's line, and its line with the indented metadata under it. */
function videoStreamBlock(log: string): { line: string; block: string } | null {
  const lines = log.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    // Cover art of audio files is a "video" stream too.
    if (!/^\s*Stream #0:\d+.*: Video: /.test(line) || line.includes('(attached pic)')) continue;
    // Its "Metadata:" and "Side data:" follow at the same indent, up to the next stream.
    const indent = line.search(/\S/);
    let end = i + 1;
    while (end < lines.length && isInStreamBlock(lines[end] ?? '', indent)) end++;
    return { line, block: lines.slice(i, end).join('\n') };
  }
  return null;
}

function isInStreamBlock(line: string, indent: number): boolean {
  return line.search(/\S/) >= indent && !/^\s*Stream #/.test(line);
}

function parseRate(match: RegExpExecArray | null): number | null {
  if (!match) return null;
  const value = Number(match[1]) * (match[2] === 'k' ? 1000 : 1);
  return value > 0 ? value : null;
}

/** The container's duration in an `ffmpeg -i` log, in ms; null when it states none (`N/A`). */
export function parseDurationMs(log: string): number | null {
  const duration = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(log);
  return duration ? clockToMs(duration[1], duration[2], duration[3]) : null;
}

/** The last `time=` of ffmpeg's progress lines, in ms. */
function parseLastTimeMs(log: string): number | null {
  const times = [...log.matchAll(/time=(\d+):(\d\d):(\d\d(?:\.\d+)?)/g)];
  const last = times.at(-1);
  return last ? clockToMs(last[1], last[2], last[3]) : null;
}

function clockToMs(h: string | undefined, m: string | undefined, s: string | undefined): number {
  return Math.round((Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1000);
}

function lastLine(text: string): string {
  return text.trim().split(/\r?\n/).at(-1) ?? '';
}
