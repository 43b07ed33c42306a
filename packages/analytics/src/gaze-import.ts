import { REFERENCE_HEIGHT, REFERENCE_WIDTH } from './samples.js';

/** The eye-tracker exports we read: Tobii Pro Lab, Tobii Studio, Pupil Labs, EyeLink. */
export const GAZE_FORMATS = ['tobii', 'tobii-studio', 'pupil', 'eyelink'] as const;
export type GazeFormat = (typeof GAZE_FORMATS)[number];

/** Width and height of a screen in pixels. */
export type ScreenSize = { widthPx: number; heightPx: number };

export type GazeImportOptions = {
  /**
   * The frame the positions are answered in, px: normalised coordinates are scaled to it, pixel
   * coordinates from the recording's own resolution (when the file names it) to it. By default the
   * eye tracker's 1920×1080 reference frame of our eye stream.
   */
  screen: ScreenSize;
  /**
   * The recording screen's physical size (mm), for files that give gaze only in millimetres on the
   * screen (Tobii's DACS mm columns).
   */
  screenMm?: { widthMm: number; heightMm: number };
};

export const DEFAULT_GAZE_IMPORT_OPTIONS: GazeImportOptions = {
  screen: { widthPx: REFERENCE_WIDTH, heightPx: REFERENCE_HEIGHT },
};

/** From px of one screen to px of another: `x * scale + offsetX`, `y * scale + offsetY`. */
export type ScreenFit = { scale: number; offsetX: number; offsetY: number };

/**
 * The recording's screen fitted into the answer's frame with its aspect ratio kept, centred
 * (letterboxed), as the replay fits a screen recording into the reference frame: a 1024×768
 * recording takes the middle 1440×1080 of 1920×1080, not all of it stretched.
 */
export function fitScreen(recorded: ScreenSize, frame: ScreenSize): ScreenFit {
  const scale = Math.min(frame.widthPx / recorded.widthPx, frame.heightPx / recorded.heightPx);
  return {
    scale,
    offsetX: (frame.widthPx - recorded.widthPx * scale) / 2,
    offsetY: (frame.heightPx - recorded.heightPx * scale) / 2,
  };
}

export const SAME_SCREEN: ScreenFit = { scale: 1, offsetX: 0, offsetY: 0 };

/**
 * One recording read from an export: gaze in our eye stream's shape with timestamps in ms from the
 * start of the recording (add the start's epoch ms before sending it) and positions in px of the
 * options' screen, lost samples NaN.
 */
export type ImportedRecording = {
  format: GazeFormat;
  /** The recording's name in the file (Tobii participant and recording, Pupil recording id), or null. */
  name: string | null;
  /** When the recording started (epoch ms), when the file says so unambiguously; else null. */
  startedAt: number | null;
  timestamp: Float64Array;
  x: Float32Array;
  y: Float32Array;
};

/**
 * A file we cannot read, with the 1-based line it is about (null when it is about the whole
 * file). Parsers throw it before answering anything: nothing half-read is returned.
 */
export class GazeImportError extends Error {
  readonly line: number | null;
  readonly format: GazeFormat | null;
  constructor(message: string, line: number | null = null, format: GazeFormat | null = null) {
    super(line === null ? message : `line ${line}: ${message}`);
    this.name = 'GazeImportError';
    this.line = line;
    this.format = format;
  }
}

/**
 * Which export a text is, from its first lines: an EyeLink ASC (`**` header lines, or START,
 * MSG and sample lines), a Tobii Pro Lab data export (tab-separated, a `Recording timestamp`
 * column), a Tobii Studio data export (tab-separated, a `RecordingTimestamp` column) or a Pupil Labs gaze CSV (comma-separated, Pupil Cloud's `timestamp [ns]` or Pupil
 * Core's `gaze_timestamp`). Null when none of them.
 */
export function detectGazeFormat(text: string): GazeFormat | null {
  const head = text.slice(0, 8192).replace(/^\uFEFF/, '');
  const first = head.split(/\r?\n/, 1)[0] ?? '';
  if (/^\*\* /m.test(head) || /^(START|MSG|SAMPLES)\s/m.test(head)) return 'eyelink';
  if (first.includes('\t') && /(^|\t)"?Recording timestamp/.test(first)) return 'tobii';
  if (first.includes('\t') && /(^|\t)"?RecordingTimestamp"?(\t|$)/.test(first)) return 'tobii-studio';
  if (/(^|,)"?(timestamp \[ns\]|gaze_timestamp)"?(,|$)/.test(first)) return 'pupil';
  return null;
}

/**
 * Calls `fn` with each line (without its line break) and its 1-based number; stops when `fn`
 * answers false. Reads the text in place: exports run to hundreds of megabytes.
 */
export function forEachLine(text: string, fn: (line: string, number: number) => boolean | undefined): void {
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let number = 1;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
    if (fn(line, number) === false) return;
    start = end + 1;
    number++;
  }
}

/**
 * Reads a table export: its first line through `readHeader`, then calls `onRow` with the fields of
 * every non-empty line after it (cut by `split`) and the line's 1-based number. Answers the
 * header, or null for an empty file.
 */
export function forEachTableRow<Header>(
  text: string,
  split: (line: string) => string[],
  readHeader: (line: string) => Header,
  onRow: (fields: string[], header: Header, line: number) => void,
): Header | null {
  let header: Header | null = null;
  forEachLine(text, (line, number) => {
    if (header === null) header = readHeader(line);
    else if (line.trim() !== '') onRow(split(line), header, number);
    return true;
  });
  return header;
}

/** The recording of `key` being read, made by `make` the first time the key is met. */
export function recordingOf<R>(recordings: Map<string, R>, key: string, make: () => R): R {
  let recording = recordings.get(key);
  if (!recording) {
    recording = make();
    recordings.set(key, recording);
  }
  return recording;
}

export const splitTabs = (line: string) => line.split('\t');

/** Growable columns of one recording while a file is read. */
export class RecordingBuilder {
  count = 0;
  private t = new Float64Array(1024);
  private xs = new Float32Array(1024);
  private ys = new Float32Array(1024);

  /**
   * Adds a sample (time ms, px, NaN when lost) read from `line`; the time, read from the field
   * `timeField`, must not go back.
   */
  add(time: number, x: number, y: number, line: number, format: GazeFormat, timeField: string): void {
    if (this.count > 0 && time < (this.t[this.count - 1] as number))
      throw new GazeImportError(
        `${timeField} goes back in time (${time} ms, after ${this.t[this.count - 1]} ms on the row before)`,
        line,
        format,
      );
    if (this.count === this.t.length) {
      const grow = <T extends Float64Array | Float32Array>(a: T, b: T): T => {
        b.set(a);
        return b;
      };
      this.t = grow(this.t, new Float64Array(2 * this.count));
      this.xs = grow(this.xs, new Float32Array(2 * this.count));
      this.ys = grow(this.ys, new Float32Array(2 * this.count));
    }
    this.t[this.count] = time;
    this.xs[this.count] = x;
    this.ys[this.count] = y;
    this.count++;
  }

  /** The time of the last sample added, or NaN. */
  get lastTime(): number {
    return this.count > 0 ? (this.t[this.count - 1] as number) : Number.NaN;
  }

  /** The recording, with timestamps made relative to `origin` (ms). */
  build(
    format: GazeFormat,
    name: string | null,
    startedAt: number | null,
    origin: number,
  ): ImportedRecording {
    const timestamp = this.t.slice(0, this.count);
    for (let i = 0; i < timestamp.length; i++) timestamp[i] = (timestamp[i] as number) - origin;
    return {
      format,
      name,
      startedAt,
      timestamp,
      x: this.xs.slice(0, this.count),
      y: this.ys.slice(0, this.count),
    };
  }
}

/**
 * A number written in a file: decimal point or (Tobii exports in many locales) decimal comma;
 * NaN for an empty field or anything else.
 */
export function parseDecimal(field: string): number {
  const s = field.trim();
  if (s === '') return Number.NaN;
  const normal = s.includes(',') && !s.includes('.') ? s.replace(',', '.') : s;
  return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(normal) ? Number(normal) : Number.NaN;
}
