/**
 * What scripts/import.ts sends, read from disk before anything is sent: the participants of a
 * folder (one sub-folder each: participant.json, emotions.csv, eyes.csv or an eye-tracker export,
 * mice.csv, a video) or of one eye-tracker export file (a participant per recording in it). Every
 * file is checked first; a problem stops the import naming the file and line.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  GAZE_FORMATS,
  type GazeFormat,
  GazeImportError,
  type ImportedRecording,
  parseGazeExport,
  type ScreenSize,
  splitCsvLine,
} from '@limbus/analytics';

export const KINDS = ['emotions', 'eyes', 'mice'] as const;
export type Kind = (typeof KINDS)[number];
const COLUMNS: Record<Kind, readonly string[]> = {
  emotions: ['timestamp', 'joy', 'attention', 'frustration'],
  eyes: ['timestamp', 'x', 'y'],
  mice: ['timestamp', 'x', 'y', 'scroll_y', 'page_height', 'click', 'url'],
};
/** Columns that may be empty (a lost gaze sample). */
const OPTIONAL = new Set(['eyes.x', 'eyes.y']);
/** A problem the user must fix (bad file, 4xx answer): the import stops and names it. */
export class ImportError extends Error {}

/** A stream read from its CSV: numeric columns (null = empty cell) and, for mice, the urls. */
export type Columns = {
  kind: Kind;
  count: number;
  numbers: Record<string, (number | null)[]>;
  url: string[];
};

/** Reads a stream's CSV, checking the header, every row's fields and that time never goes back. */
export function parseStreamCsv(kind: Kind, text: string, fileName = `${kind}.csv`): Columns {
  const lines = text.split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? '').map((name) => name.trim());
  const columns = COLUMNS[kind];
  if (header.join(',') !== columns.join(','))
    throw new ImportError(
      `${fileName}: the header must be "${columns.join(',')}", not "${header.join(',')}"`,
    );
  const numbers: Record<string, (number | null)[]> = {};
  const numeric = columns.filter((name) => name !== 'url');
  for (const name of numeric) numbers[name] = [];
  const url: string[] = [];
  let count = 0;
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index] as string;
    if (line.trim() === '') continue;
    const where = `${fileName} line ${index + 1}`;
    const fields = splitCsvLine(line);
    if (fields.length !== columns.length)
      throw new ImportError(`${where}: expected ${columns.length} fields, found ${fields.length}`);
    for (const [column, name] of columns.entries()) {
      const raw = (fields[column] as string).trim();
      if (name === 'url') url.push(raw);
      else if (raw === '' && OPTIONAL.has(`${kind}.${name}`)) numbers[name]?.push(null);
      else {
        const value = raw === '' ? Number.NaN : Number(raw);
        if (!Number.isFinite(value)) throw new ImportError(`${where}: ${name} is not a number ("${raw}")`);
        numbers[name]?.push(value);
      }
    }
    const timestamps = numbers.timestamp as number[];
    if (count > 0 && (timestamps[count] as number) < (timestamps[count - 1] as number))
      throw new ImportError(`${where}: the timestamp goes back in time`);
    count++;
  }
  return { kind, count, numbers, url };
}

type ParticipantFile = {
  real_id: string;
  demographic?: Record<string, unknown>;
  started_at?: number | string;
};

function readParticipantFile(dir: string): ParticipantFile {
  const file = path.join(dir, 'participant.json');
  if (!fs.existsSync(file)) throw new ImportError(`${file} is missing`);
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as ParticipantFile;
  if (typeof json.real_id !== 'string' || json.real_id === '')
    throw new ImportError(`${file}: real_id is missing`);
  return json;
}

/** Epoch ms of a start given as unix seconds, milliseconds or an ISO date. */
export function epochMs(value: number | string, what = 'started_at'): number {
  const ms = typeof value === 'string' && !/^\d+(\.\d+)?$/.test(value) ? Date.parse(value) : Number(value);
  const scaled = typeof value === 'string' && Number.isNaN(ms) ? ms : ms > 1e11 ? ms : ms * 1000;
  if (!Number.isFinite(scaled)) throw new ImportError(`${what} "${value}" is not a date`);
  return scaled;
}

const VIDEO_EXTENSIONS = ['.mp4', '.mkv', '.mov'];
/** Files of a participant folder that may be an eye-tracker export (their header tells which). */
const EXPORT_EXTENSIONS = ['.tsv', '.txt', '.asc', '.csv'];

/** How to read eye-tracker exports. */
export type SourceOptions = {
  /** The export's format, or null to tell it from the file's first lines. */
  tracker: GazeFormat | null;
  /** The frame gaze is stored in (px); the eye stream's 1920×1080 reference frame by default. */
  screen: ScreenSize;
  /** The recording screen in mm, for Tobii exports with gaze in mm only. */
  screenMm: { widthMm: number; heightMm: number } | null;
  /** Start (epoch ms) for exports that do not say when they started (EyeLink, Pupil Core). */
  startedAtMs: number | null;
};

/** One participant to send. */
export type ParticipantSource = {
  /** Where it comes from, for the log and errors. */
  origin: string;
  realId: string;
  demographic?: Record<string, unknown>;
  /** Unix seconds, when known. */
  startedAt?: number;
  streams: Columns[];
  video: string | null;
};

/** The participants of a folder of participant folders or of an eye-tracker export file. */
export function readParticipants(input: string, options: SourceOptions): ParticipantSource[] {
  if (!fs.existsSync(input)) throw new ImportError(`${input} does not exist`);
  if (fs.statSync(input).isFile()) return readExportFile(input, options);
  const dirs = fs
    .readdirSync(input, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(input, entry.name))
    .sort();
  if (dirs.length === 0) throw new ImportError(`${input} holds no participant folders`);
  return dirs.map((dir) => readParticipantFolder(dir, options));
}

/** A participant folder: participant.json, its CSV streams or export, its video. */
function readParticipantFolder(dir: string, options: SourceOptions): ParticipantSource {
  const meta = readParticipantFile(dir);
  const names = fs.readdirSync(dir).sort();
  const streams = KINDS.filter((kind) => names.includes(`${kind}.csv`)).map((kind) =>
    parseStreamCsv(
      kind,
      fs.readFileSync(path.join(dir, `${kind}.csv`), 'utf8'),
      path.join(dir, `${kind}.csv`),
    ),
  );
  const exports = names.filter(
    (name) =>
      EXPORT_EXTENSIONS.includes(path.extname(name).toLowerCase()) &&
      !KINDS.some((kind) => name === `${kind}.csv`),
  );
  const startedAtMs = meta.started_at !== undefined ? epochMs(meta.started_at) : undefined;
  let exportStart: number | null = null;
  if (exports.length > 1)
    throw new ImportError(`${dir} holds several eye-tracker exports: ${exports.join(', ')}`);
  const exportName = exports[0];
  if (exportName !== undefined) {
    const file = path.join(dir, exportName);
    if (streams.some((s) => s.kind === 'eyes'))
      throw new ImportError(`${dir} holds both eyes.csv and the eye-tracker export ${exportName}: keep one`);
    const recordings = readExport(file, options);
    if (recordings.length !== 1)
      throw new ImportError(
        `${file} holds ${recordings.length} recordings (${recordings.map((r) => r.name).join(', ')}): a participant folder takes one; import the file itself to make a participant of each`,
      );
    const recording = recordings[0] as ImportedRecording;
    exportStart = startOf(file, recording, startedAtMs ?? null, options);
    streams.push(eyeColumns(recording, exportStart));
  }
  const start = startedAtMs ?? exportStart ?? undefined;
  const video = names.find((name) => VIDEO_EXTENSIONS.includes(path.extname(name).toLowerCase()));
  return {
    origin: dir,
    realId: meta.real_id,
    ...(meta.demographic ? { demographic: meta.demographic } : {}),
    ...(start !== undefined ? { startedAt: Math.floor(start / 1000) } : {}),
    streams,
    video: video === undefined ? null : path.join(dir, video),
  };
}

/** An export file: a participant per recording, named by the recording (or the file). */
function readExportFile(file: string, options: SourceOptions): ParticipantSource[] {
  const recordings = readExport(file, options);
  const stem = path.basename(file, path.extname(file));
  return recordings.map((recording, k) => {
    const start = startOf(file, recording, null, options);
    return {
      origin: recording.name ? `${file} (${recording.name})` : file,
      realId: recording.name ?? (recordings.length > 1 ? `${stem}-${k + 1}` : stem),
      startedAt: Math.floor(start / 1000),
      streams: [eyeColumns(recording, start)],
      video: null,
    };
  });
}

function readExport(file: string, options: SourceOptions): ImportedRecording[] {
  try {
    return parseGazeExport(fs.readFileSync(file, 'utf8'), {
      screen: options.screen,
      ...(options.tracker ? { format: options.tracker } : {}),
      ...(options.screenMm ? { screenMm: options.screenMm } : {}),
    });
  } catch (error) {
    if (error instanceof GazeImportError) throw new ImportError(`${file}: ${error.message}`);
    throw error;
  }
}

/** Epoch ms a recording started: participant.json's, else the file's, else --started-at. */
function startOf(
  file: string,
  recording: ImportedRecording,
  given: number | null,
  options: SourceOptions,
): number {
  const start = given ?? recording.startedAt ?? options.startedAtMs;
  if (start === null)
    throw new ImportError(
      `${file}: the ${recording.format} export does not say when it started: give started_at in participant.json or --started-at`,
    );
  return start;
}

/** A recording as our eye stream's columns: epoch ms, px, null where lost. */
function eyeColumns(recording: ImportedRecording, startMs: number): Columns {
  const position = (v: number) => (Number.isNaN(v) ? null : v);
  return {
    kind: 'eyes',
    count: recording.timestamp.length,
    numbers: {
      timestamp: Array.from(recording.timestamp, (t) => startMs + t),
      x: Array.from(recording.x, position),
      y: Array.from(recording.y, position),
    },
    url: [],
  };
}

/** A tracker name of the command line, or null for "tell it from the file". */
export function trackerOption(value: string | undefined): GazeFormat | null {
  if (value === undefined || value === 'auto') return null;
  if (!(GAZE_FORMATS as readonly string[]).includes(value))
    throw new ImportError(`--tracker must be ${GAZE_FORMATS.join(', ')} or auto`);
  return value as GazeFormat;
}
