/**
 * Imports recorded participants into a test through the ingestion API (docs/ingestion.md).
 *   npm run import -- <folder or export file> --url http://127.0.0.1:3000 --key <setup key>
 *     --test <id> [--format binary|json] [--batch-size 10000] [--tracker tobii|tobii-studio|pupil|eyelink|auto]
 *     [--screen 1920x1080] [--screen-mm 531x299] [--distance-mm 600] [--started-at <ISO date or unix s>]
 * A folder holds one sub-folder per participant: participant.json ({real_id, demographic?,
 * started_at?}), emotions.csv, eyes.csv (or an eye-tracker export: Tobii Pro Lab or Tobii Studio TSV,
 * Pupil Labs gaze CSV, EyeLink ASC), mice.csv and optionally a video (.mp4, .mkv, .mov). An export file alone
 * imports a participant per recording in it. Everything is read and checked before anything is
 * sent (import-sources.ts, checkBeforeSending), and no participant is finished before every
 * participant's streams have arrived: an import that fails leaves nothing with results (runImport).
 * Every call is idempotent, so failed calls are retried with backoff and a rerun resumes: a
 * finished participant is skipped, a video continues from the server's offset.
 * With --screen-mm or --distance-mm each participant is finished with that screen geometry (the
 * rest from the defaults of docs/gaze-analytics.md); without, the setup's geometry applies.
 * Consent (docs/data-rights.md): on a test with consent terms, every participant needs one, sent
 * with it (method 'import'): --consent-file consent.json ({version, streams, purposes, given_at?})
 * or --consent-version N --consent-streams emotions,eyes,mice --consent-purposes report,norms,ai
 * [--consent-given-at <ISO date or unix s>]. Without given_at, the participant's start is the date
 * (or the import's time). A stream the consent does not grant is refused by the server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  type DecodedStream,
  encodeStream,
  findStreamProblems,
  REFERENCE_HEIGHT,
  REFERENCE_WIDTH,
} from '@limbus/analytics';
import {
  CONSENT_MESSAGES,
  CONSENT_PURPOSES,
  CONSENT_STREAM_OF_KIND,
  CONSENT_STREAMS,
  type ConsentPurpose,
  type ConsentStream,
} from '@limbus/contract';
import {
  type Columns,
  epochMs,
  ImportError,
  type ParticipantSource,
  readParticipants,
  type SourceOptions,
  trackerOption,
} from './import-sources.js';

export { ImportError };

const STREAM_MEDIA_TYPE = 'application/vnd.limbus.stream';
const UPLOAD_MEDIA_TYPE = 'application/offset+octet-stream';

export type ImportOptions = SourceOptions & {
  /** A folder of participant folders, or an eye-tracker export file. */
  input: string;
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
  /** The participants' screen and viewing distance as the finish call takes it; null: the setup's. */
  geometry: FinishGeometry | null;
  /** The consent every participant of this import gave (sent with it, method 'import'); null: none. */
  consent: ImportConsent | null;
};

/** A consent as the import sends it; without `givenAt` (epoch ms), the participant's start. */
export type ImportConsent = {
  version: number;
  streams: ConsentStream[];
  purposes: ConsentPurpose[];
  givenAt: number | null;
};

type FinishGeometry = {
  width_px: number;
  height_px: number;
  width_mm: number;
  height_mm: number;
  distance_mm: number;
};

/** The default physical screen and distance (DEFAULT_SCREEN_GEOMETRY, docs/gaze-analytics.md). */
const DEFAULT_SCREEN_MM = { widthMm: 531, heightMm: 299 };
const DEFAULT_DISTANCE_MM = 600;

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
  return encodeStream(decodedStream(columns, from, to));
}

/** Samples `from`..`to` of the stream as the codec's columns. */
function decodedStream(columns: Columns, from: number, to: number): DecodedStream {
  const f64 = (name: string) => Float64Array.from(columns.numbers[name]?.slice(from, to) ?? []);
  const f32 = (name: string) =>
    Float32Array.from(columns.numbers[name]?.slice(from, to) ?? [], (value) => value ?? Number.NaN);
  const timestamp = f64('timestamp');
  if (columns.kind === 'emotions')
    return {
      kind: 'emotions',
      samples: { timestamp, joy: f32('joy'), attention: f32('attention'), frustration: f32('frustration') },
    };
  if (columns.kind === 'eyes') return { kind: 'eyes', samples: { timestamp, x: f32('x'), y: f32('y') } };
  const urls: string[] = [];
  const indexOf = new Map<string, number>();
  const urlIndex = Uint16Array.from(columns.url.slice(from, to), (url) => {
    if (!indexOf.has(url)) indexOf.set(url, urls.push(url) - 1);
    return indexOf.get(url) as number;
  });
  return {
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

/**
 * What the server would refuse, found before anything is sent: a stream it would not store
 * (findStreamProblems, the ingestion's own check) or one the import's consent does not grant.
 */
export function checkBeforeSending(sources: ParticipantSource[], consent: ImportConsent | null): void {
  for (const source of sources) {
    const kinds = [
      ...source.streams.map((columns) => columns.kind),
      ...(source.video ? ['video' as const] : []),
    ];
    for (const kind of kinds) {
      const stream = CONSENT_STREAM_OF_KIND[kind];
      if (consent && !consent.streams.includes(stream))
        throw new ImportError(
          `${source.origin}: ${CONSENT_MESSAGES.streamRefused(source.realId, stream, consent.version)}; nothing was sent`,
        );
    }
    for (const columns of source.streams) {
      const problems = findStreamProblems(decodedStream(columns, 0, columns.count));
      if (problems.length > 0)
        throw new ImportError(
          `${source.origin}: the ${columns.kind} stream would be refused: ${problems.join('; ')}; nothing was sent`,
        );
    }
  }
}

/** Creates (or finds) one participant and sends its streams; answers it, not yet finished. */
async function sendParticipant(options: ImportOptions, source: ParticipantSource, summary: ImportSummary) {
  const created = await request(options, 'POST', '/ingest/participants', {
    json: {
      test_id: options.testId,
      real_id: source.realId,
      ...(source.demographic ? { demographic: source.demographic } : {}),
      ...(source.startedAt !== undefined ? { started_at: source.startedAt } : {}),
      ...(options.consent
        ? {
            consent: {
              version: options.consent.version,
              streams: options.consent.streams,
              purposes: options.consent.purposes,
              given_at:
                options.consent.givenAt !== null
                  ? Math.floor(options.consent.givenAt / 1000)
                  : (source.startedAt ?? Math.floor(Date.now() / 1000)),
              method: 'import',
            },
          }
        : {}),
    },
  });
  const participant = (await created.json()) as { id: number; state: string };
  options.log(`${source.realId} → participant ${participant.id}`);
  if (participant.state === 'finished') options.log('  already finished: streams skipped');
  else
    for (const columns of source.streams)
      summary.samples += await uploadStream(options, participant.id, columns);
  return participant;
}

/** Finishes a participant whose streams were all sent (its analysis starts), then sends its video. */
async function finishParticipant(
  options: ImportOptions,
  source: ParticipantSource,
  participant: { id: number; state: string },
  summary: ImportSummary,
): Promise<void> {
  if (participant.state === 'finished') summary.skipped++;
  else {
    await request(options, 'POST', `/ingest/participants/${participant.id}/finish`, {
      json: options.geometry ? { geometry: options.geometry } : {},
    });
    options.log(`${source.realId}: finished`);
    summary.participants++;
  }
  if (source.video) summary.videoBytes += await uploadVideo(options, participant.id, source.video);
}

/**
 * Imports the participants of `options.input` (participant folders in name order, or the
 * recordings of an export file) all or nothing: every file is read and checked, and every stream
 * checked as the server will, before the first call; then every participant's streams are sent,
 * and only when all have arrived is any participant finished. A participant that is not finished
 * has no stream, no analysis and no results, so an import that fails half-way (the network, the
 * server) leaves nothing imported; run it again to complete it (every call is idempotent).
 */
export async function runImport(options: ImportOptions): Promise<ImportSummary> {
  const sources = readParticipants(options.input, options);
  checkBeforeSending(sources, options.consent);
  const summary: ImportSummary = { participants: 0, skipped: 0, samples: 0, videoBytes: 0 };
  const sent: { id: number; state: string }[] = [];
  try {
    for (const source of sources) sent.push(await sendParticipant(options, source, summary));
  } catch (error) {
    const message = `${error instanceof Error ? error.message : String(error)}; no participant of this import was finished: those sent so far stay unfinished, without results, until it is run again`;
    throw error instanceof ImportError ? new ImportError(message) : new Error(message);
  }
  for (const [index, source] of sources.entries())
    await finishParticipant(options, source, sent[index] as { id: number; state: string }, summary);
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
      tracker: { type: 'string', default: 'auto' },
      screen: { type: 'string', default: `${REFERENCE_WIDTH}x${REFERENCE_HEIGHT}` },
      'screen-mm': { type: 'string' },
      'distance-mm': { type: 'string' },
      'started-at': { type: 'string' },
      'consent-file': { type: 'string' },
      'consent-version': { type: 'string' },
      'consent-streams': { type: 'string' },
      'consent-purposes': { type: 'string' },
      'consent-given-at': { type: 'string' },
    },
  });
  const input = positionals[0];
  if (!input || positionals.length > 1)
    throw new ImportError('Give exactly one folder or export file to import');
  if (!values.key) throw new ImportError('--key (or LIMBUS_SETUP_KEY) is required');
  const testId = Number(values.test);
  if (!Number.isInteger(testId) || testId <= 0) throw new ImportError('--test must be the id of a test');
  if (values.format !== 'binary' && values.format !== 'json')
    throw new ImportError('--format must be binary or json');
  const batchSize = Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize <= 0)
    throw new ImportError('--batch-size must be a whole number');
  const [widthPx, heightPx] = size(values.screen, '--screen');
  const mm = values['screen-mm'] === undefined ? null : size(values['screen-mm'], '--screen-mm');
  const distance = values['distance-mm'] === undefined ? null : Number(values['distance-mm']);
  if (distance !== null && !(distance > 0))
    throw new ImportError('--distance-mm must be a distance in mm, like 600');
  return {
    input,
    tracker: trackerOption(values.tracker),
    screen: { widthPx, heightPx },
    screenMm: mm && { widthMm: mm[0], heightMm: mm[1] },
    geometry:
      mm === null && distance === null
        ? null
        : {
            width_px: widthPx,
            height_px: heightPx,
            width_mm: mm?.[0] ?? DEFAULT_SCREEN_MM.widthMm,
            height_mm: mm?.[1] ?? DEFAULT_SCREEN_MM.heightMm,
            distance_mm: distance ?? DEFAULT_DISTANCE_MM,
          },
    startedAtMs: values['started-at'] === undefined ? null : epochMs(values['started-at'], '--started-at'),
    consent: consentOption(values),
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

/** One of `allowed` per comma, each once. */
function listOf<T extends string>(value: unknown, allowed: readonly T[], name: string): T[] {
  const items = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== '')
      : null;
  if (items === null) throw new ImportError(`${name} must list some of ${allowed.join(', ')}`);
  for (const item of items)
    if (!allowed.includes(item as T))
      throw new ImportError(`${name}: "${String(item)}" is none of ${allowed.join(', ')}`);
  if (new Set(items).size !== items.length) throw new ImportError(`${name} names an item twice`);
  return items as T[];
}

/** The consent of --consent-file or of the --consent-* flags (not both); null when none is given. */
export function consentOption(values: {
  'consent-file'?: string | undefined;
  'consent-version'?: string | undefined;
  'consent-streams'?: string | undefined;
  'consent-purposes'?: string | undefined;
  'consent-given-at'?: string | undefined;
}): ImportConsent | null {
  const flags = ['consent-version', 'consent-streams', 'consent-purposes', 'consent-given-at'] as const;
  const given = flags.filter((flag) => values[flag] !== undefined);
  const file = values['consent-file'];
  if (file !== undefined && given.length > 0)
    throw new ImportError(`Give the consent as --consent-file or as --${given[0]} and its flags, not both`);
  let raw: Record<string, unknown>;
  if (file !== undefined) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      throw new ImportError(`--consent-file: ${file} cannot be read`);
    }
    try {
      raw = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new ImportError(`--consent-file: ${file} is not JSON`);
    }
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
      throw new ImportError(
        `--consent-file: ${file} must hold an object {version, streams, purposes, given_at?}`,
      );
  } else if (given.length > 0) {
    raw = {
      version: values['consent-version'],
      streams: values['consent-streams'] ?? '',
      purposes: values['consent-purposes'] ?? '',
      given_at: values['consent-given-at'],
    };
  } else return null;
  const version = Number(raw.version);
  if (!Number.isInteger(version) || version <= 0)
    throw new ImportError('The consent needs the version of the terms: a whole number, like 1');
  const givenAt = raw.given_at;
  return {
    version,
    streams: listOf(raw.streams, CONSENT_STREAMS, 'The consent streams'),
    purposes: listOf(raw.purposes, CONSENT_PURPOSES, 'The consent purposes'),
    givenAt:
      givenAt === undefined || givenAt === null
        ? null
        : epochMs(givenAt as string | number, 'The consent given_at'),
  };
}

/** Width and height of "1920x1080". */
function size(value: string, name: string): [number, number] {
  const m = /^(\d+(?:\.\d+)?)[x×](\d+(?:\.\d+)?)$/.exec(value.trim());
  if (!m) throw new ImportError(`${name} must be WIDTHxHEIGHT, like 1920x1080, not "${value}"`);
  return [Number(m[1]), Number(m[2])];
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
