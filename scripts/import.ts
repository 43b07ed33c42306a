/**
 * Imports recorded participants into a test through the ingestion API (docs/ingestion.md).
 *   npm run import -- <folder> --url http://127.0.0.1:3000 --key <setup key> --test <id>
 *     [--format binary|json] [--batch-size 10000]
 * <folder> holds one sub-folder per participant: participant.json ({real_id, demographic?,
 * started_at?}), emotions.csv, eyes.csv, mice.csv and optionally a video (.mp4, .mkv, .mov).
 * Every call is idempotent, so failed calls are retried with backoff and a rerun resumes: a
 * finished participant is skipped, a video continues from the server's offset.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type DecodedStream, encodeStream } from '@limbus/analytics';

const KINDS = ['emotions', 'eyes', 'mice'] as const;
type Kind = (typeof KINDS)[number];
const COLUMNS: Record<Kind, readonly string[]> = {
  emotions: ['timestamp', 'joy', 'attention', 'frustration'],
  eyes: ['timestamp', 'x', 'y'],
  mice: ['timestamp', 'x', 'y', 'scroll_y', 'page_height', 'click', 'url'],
};
/** Columns that may be empty (a lost gaze sample). */
const OPTIONAL = new Set(['eyes.x', 'eyes.y']);
const VIDEO_EXTENSIONS = ['.mp4', '.mkv', '.mov'];
const STREAM_MEDIA_TYPE = 'application/vnd.limbus.stream';
const UPLOAD_MEDIA_TYPE = 'application/offset+octet-stream';

/** A problem the user must fix (bad file, 4xx answer): the import stops and names it. */
export class ImportError extends Error {}

/** A stream read from its CSV: numeric columns (null = empty cell) and, for mice, the urls. */
export type Columns = {
  kind: Kind;
  count: number;
  numbers: Record<string, (number | null)[]>;
  url: string[];
};

export type ImportOptions = {
  folder: string;
  url: string;
  key: string;
  testId: number;
  format: 'binary' | 'json';
  batchSize: number;
  /** Attempts per call (network errors, 5xx, 429) before giving up. */
  attempts: number;
  /** Wait before the first retry; doubles each time. */
  retryMs: number;
  /** Bytes per video PATCH. */
  videoPartBytes: number;
  log: (line: string) => void;
};

// ---------------------------------------------------------------- CSV

/** Splits one CSV line; fields may be quoted ("a,b", "" for a quote). */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (isQuoted) {
      if (char === '"' && line[i + 1] === '"') field += line[i++];
      else if (char === '"') isQuoted = false;
      else field += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

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

// ---------------------------------------------------------------- batches

/** Samples `from`..`to` of the stream as JSON columns (the API's names). */
export function jsonBatch(columns: Columns, from: number, to: number): Record<string, unknown[]> {
  const batch: Record<string, unknown[]> = {};
  for (const [name, values] of Object.entries(columns.numbers)) batch[name] = values.slice(from, to);
  if (columns.kind === 'mice') batch.url = columns.url.slice(from, to);
  return batch;
}

/** Samples `from`..`to` of the stream in the binary codec (lost gaze = NaN). */
export function binaryBatch(columns: Columns, from: number, to: number): Uint8Array {
  const f64 = (name: string) => Float64Array.from(columns.numbers[name]?.slice(from, to) ?? []);
  const f32 = (name: string) =>
    Float32Array.from(columns.numbers[name]?.slice(from, to) ?? [], (value) => value ?? Number.NaN);
  const timestamp = f64('timestamp');
  let stream: DecodedStream;
  if (columns.kind === 'emotions')
    stream = {
      kind: 'emotions',
      samples: { timestamp, joy: f32('joy'), attention: f32('attention'), frustration: f32('frustration') },
    };
  else if (columns.kind === 'eyes')
    stream = { kind: 'eyes', samples: { timestamp, x: f32('x'), y: f32('y') } };
  else {
    const urls: string[] = [];
    const indexOf = new Map<string, number>();
    const urlIndex = Uint16Array.from(columns.url.slice(from, to), (url) => {
      if (!indexOf.has(url)) indexOf.set(url, urls.push(url) - 1);
      return indexOf.get(url) as number;
    });
    stream = {
      kind: 'mice',
      samples: {
        timestamp,
        x: f32('x'),
        y: f32('y'),
        scrollY: f32('scroll_y'),
        pageHeight: f32('page_height'),
        click: Uint8Array.from(columns.numbers.click?.slice(from, to) ?? [], (value) => (value ? 1 : 0)),
        urlIndex,
        urls,
      },
    };
  }
  return encodeStream(stream);
}

// ---------------------------------------------------------------- upload

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls the API, retrying network errors, 5xx and 429; a 4xx stops the import naming the answer. */
async function request(
  options: ImportOptions,
  method: string,
  route: string,
  init: { json?: unknown; body?: Uint8Array; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Setup ${options.key}`, ...init.headers };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  const url = `${options.url.replace(/\/$/, '')}/api/v1${route}`;
  for (let attempt = 1; ; attempt++) {
    let problem: string;
    try {
      const response = await fetch(url, { method, headers, body });
      if (response.status < 400) return response;
      const text = await response.text();
      if (response.status < 500 && response.status !== 429) {
        const message = (() => {
          try {
            return (JSON.parse(text) as { message?: string }).message ?? text;
          } catch {
            return text;
          }
        })();
        throw new ImportError(`${method} ${route} answered ${response.status}: ${message.slice(0, 500)}`);
      }
      problem = `${response.status} ${text.slice(0, 200)}`;
    } catch (error) {
      if (error instanceof ImportError) throw error;
      problem = error instanceof Error ? error.message : String(error);
    }
    if (attempt >= options.attempts)
      throw new Error(`${method} ${route} failed ${attempt} times, last: ${problem}`);
    const wait = options.retryMs * 2 ** (attempt - 1);
    options.log(`  retrying ${method} ${route} in ${wait} ms (${problem})`);
    await sleep(wait);
  }
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

/** Unix seconds of started_at given as seconds, milliseconds or an ISO date. */
function unixSeconds(value: number | string): number {
  const ms = typeof value === 'string' ? Date.parse(value) : value > 1e11 ? value : value * 1000;
  if (!Number.isFinite(ms)) throw new ImportError(`started_at "${value}" is not a date`);
  return Math.floor(ms / 1000);
}

/** Sends one stream in batches of `batchSize` with seq numbers from 0; answers the samples sent. */
async function uploadStream(options: ImportOptions, pid: number, columns: Columns): Promise<number> {
  const batches = Math.ceil(columns.count / options.batchSize);
  for (let seq = 0; seq < batches; seq++) {
    const from = seq * options.batchSize;
    const to = Math.min(columns.count, from + options.batchSize);
    const route = `/ingest/participants/${pid}/streams/${columns.kind}/batches/${seq}`;
    if (options.format === 'json')
      await request(options, 'PUT', route, { json: jsonBatch(columns, from, to) });
    else
      await request(options, 'PUT', route, {
        body: binaryBatch(columns, from, to),
        headers: { 'content-type': STREAM_MEDIA_TYPE },
      });
  }
  options.log(`  ${columns.kind}: ${columns.count} samples in ${batches} batches`);
  return columns.count;
}

/**
 * Uploads the video resumably: starts (or finds) the upload, then PATCHes from the server's
 * offset. Answers the bytes the server acknowledged in this run (0 when it had the video).
 */
async function uploadVideo(options: ImportOptions, pid: number, file: string): Promise<number> {
  const size = fs.statSync(file).size;
  const route = `/ingest/participants/${pid}/video`;
  const start = await request(options, 'POST', route, { json: { size, filename: path.basename(file) } });
  let { offset, complete } = (await start.json()) as { offset: number; complete: boolean };
  if (complete) {
    options.log('  video: already uploaded');
    return 0;
  }
  let sent = 0;
  let stalled = 0;
  const handle = await fs.promises.open(file, 'r');
  try {
    while (!complete) {
      const part = Buffer.alloc(Math.min(options.videoPartBytes, size - offset));
      await handle.read(part, 0, part.length, offset);
      try {
        const response = await request(options, 'PATCH', route, {
          body: part,
          headers: { 'content-type': UPLOAD_MEDIA_TYPE, 'upload-offset': String(offset) },
        });
        ({ offset, complete } = (await response.json()) as { offset: number; complete: boolean });
        sent += part.length;
        stalled = 0;
      } catch (error) {
        // A part that failed midway, or a 409 after one that did arrive (or while the server is
        // still writing a cut one): resume from the server's offset, after a pause; give up when
        // the offset stops moving.
        if (error instanceof ImportError && !/answered 409/.test(error.message)) throw error;
        if (++stalled > options.attempts) throw error;
        await sleep(options.retryMs);
        const head = await request(options, 'HEAD', route);
        const length = Number(head.headers.get('upload-length'));
        if (length !== size)
          throw new ImportError(`The server holds a video of ${length} bytes, not the ${size} of ${file}`);
        const held = Number(head.headers.get('upload-offset'));
        if (held > offset) stalled = 0;
        offset = held;
        complete = offset === size;
      }
      options.log(`  video: ${offset} of ${size} bytes`);
    }
  } finally {
    await handle.close();
  }
  return sent;
}

export type ImportSummary = { participants: number; skipped: number; samples: number; videoBytes: number };

/** Imports one participant folder: create (or find), batches, finish, video. */
async function importParticipant(options: ImportOptions, dir: string, summary: ImportSummary): Promise<void> {
  const meta = readParticipantFile(dir);
  const streams = KINDS.filter((kind) => fs.existsSync(path.join(dir, `${kind}.csv`))).map((kind) =>
    parseStreamCsv(
      kind,
      fs.readFileSync(path.join(dir, `${kind}.csv`), 'utf8'),
      path.join(dir, `${kind}.csv`),
    ),
  );
  const created = await request(options, 'POST', '/ingest/participants', {
    json: {
      test_id: options.testId,
      real_id: meta.real_id,
      ...(meta.demographic ? { demographic: meta.demographic } : {}),
      ...(meta.started_at !== undefined ? { started_at: unixSeconds(meta.started_at) } : {}),
    },
  });
  const participant = (await created.json()) as { id: number; state: string };
  options.log(`${meta.real_id} → participant ${participant.id}`);
  if (participant.state === 'finished') {
    options.log('  already finished: streams skipped');
    summary.skipped++;
  } else {
    for (const columns of streams) summary.samples += await uploadStream(options, participant.id, columns);
    await request(options, 'POST', `/ingest/participants/${participant.id}/finish`, { json: {} });
    options.log('  finished');
    summary.participants++;
  }
  const video = fs
    .readdirSync(dir)
    .find((name) => VIDEO_EXTENSIONS.includes(path.extname(name).toLowerCase()));
  if (video) summary.videoBytes += await uploadVideo(options, participant.id, path.join(dir, video));
}

/** Imports every participant sub-folder of `options.folder`, in name order. */
export async function runImport(options: ImportOptions): Promise<ImportSummary> {
  if (!fs.existsSync(options.folder) || !fs.statSync(options.folder).isDirectory())
    throw new ImportError(`${options.folder} is not a folder`);
  const dirs = fs
    .readdirSync(options.folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(options.folder, entry.name))
    .sort();
  if (dirs.length === 0) throw new ImportError(`${options.folder} holds no participant folders`);
  const summary: ImportSummary = { participants: 0, skipped: 0, samples: 0, videoBytes: 0 };
  for (const dir of dirs) await importParticipant(options, dir, summary);
  return summary;
}

// ---------------------------------------------------------------- command line

export function parseOptions(argv: string[], log: (line: string) => void): ImportOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:3000' },
      key: { type: 'string', default: process.env.LIMBUS_SETUP_KEY },
      test: { type: 'string' },
      format: { type: 'string', default: 'binary' },
      'batch-size': { type: 'string', default: '10000' },
    },
  });
  const folder = positionals[0];
  if (!folder || positionals.length > 1) throw new ImportError('Give exactly one folder to import');
  if (!values.key) throw new ImportError('--key (or LIMBUS_SETUP_KEY) is required');
  const testId = Number(values.test);
  if (!Number.isInteger(testId) || testId <= 0) throw new ImportError('--test must be the id of a test');
  if (values.format !== 'binary' && values.format !== 'json')
    throw new ImportError('--format must be binary or json');
  const batchSize = Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize <= 0)
    throw new ImportError('--batch-size must be a whole number');
  return {
    folder,
    url: values.url,
    key: values.key,
    testId,
    format: values.format,
    batchSize,
    attempts: 5,
    retryMs: 500,
    videoPartBytes: 8 * 1024 * 1024,
    log,
  };
}

/** Runs the CLI; answers the exit code (0 done, 1 a problem, which is printed). */
export async function main(
  argv: string[],
  out: { log: (line: string) => void; error: (line: string) => void } = console,
  overrides: Partial<ImportOptions> = {},
): Promise<number> {
  const started = Date.now();
  try {
    const options = { ...parseOptions(argv, out.log), ...overrides };
    const summary = await runImport(options);
    out.log(
      `Imported ${summary.participants} participants (${summary.skipped} already finished), ` +
        `${summary.samples} samples, ${summary.videoBytes} video bytes in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
  } catch (error) {
    out.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = await main(process.argv.slice(2));
