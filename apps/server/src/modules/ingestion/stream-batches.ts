import {
  type DecodedStream,
  decodeStream,
  EXPRESSIONS,
  encodeStream,
  findStreamProblems,
  StreamFormatError,
  type StreamKind,
} from '@limbus/analytics';
import { AppError } from '../../http/app-error.js';

/**
 * Stream batches as a recorder sends them: the columnar codec (application/vnd.limbus.stream) or
 * JSON columns `{timestamp: [...], joy: [...], ...}` (docs/ingestion.md). Both are checked in
 * full (findStreamProblems) before anything is stored.
 */

const JSON_COLUMNS: Record<StreamKind, readonly string[]> = {
  emotions: ['timestamp', 'joy', 'attention', 'frustration'],
  eyes: ['timestamp', 'x', 'y'],
  mice: ['timestamp', 'x', 'y', 'scroll_y', 'page_height', 'click', 'url'],
  expressions: ['timestamp', ...EXPRESSIONS],
};

const invalid = (kind: StreamKind, problems: string[]) =>
  new AppError('validation', `The ${kind} batch is not valid: ${problems.join('; ')}`, { [kind]: problems });

/** A batch body as a validated stream of `kind`; anything else answers 400 naming the problem. */
export function parseBatch(kind: StreamKind, body: unknown): DecodedStream {
  const stream = Buffer.isBuffer(body) ? decodeBinary(kind, body) : fromJson(kind, body);
  const problems = findStreamProblems(stream);
  if (problems.length > 0) throw invalid(kind, problems);
  return stream;
}

function decodeBinary(kind: StreamKind, bytes: Buffer): DecodedStream {
  let stream: DecodedStream;
  try {
    stream = decodeStream(bytes);
  } catch (error) {
    if (error instanceof StreamFormatError || error instanceof RangeError)
      throw invalid(kind, [`The batch cannot be decoded: ${error.message}`]);
    throw error;
  }
  if (stream.kind !== kind) throw invalid(kind, [`The batch holds ${stream.kind}, not ${kind}`]);
  return stream;
}

/** JSON columns; null stands for a lost sample (NaN), which only gaze positions may be. */
function fromJson(kind: StreamKind, body: unknown): DecodedStream {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw invalid(kind, ['The batch must be an object of columns']);
  const record = body as Record<string, unknown>;
  const expected = JSON_COLUMNS[kind];
  const unknown = Object.keys(record).filter((key) => !expected.includes(key));
  if (unknown.length > 0) throw invalid(kind, [`Unknown columns: ${unknown.join(', ')}`]);
  const missing = expected.filter((key) => !Array.isArray(record[key]));
  if (missing.length > 0) throw invalid(kind, [`Missing or not an array: ${missing.join(', ')}`]);
  const numbers = (name: string): number[] =>
    (record[name] as unknown[]).map((value, index) => {
      if (value === null) return Number.NaN;
      if (typeof value === 'number') return value;
      throw invalid(kind, [`${name}[${index}] is not a number`]);
    });
  const timestamp = Float64Array.from(numbers('timestamp'));
  if (kind !== 'mice') {
    // Scores and gaze positions: one number column each (findStreamProblems checks their ranges).
    const [, ...values] = expected;
    const samples = Object.fromEntries(values.map((name) => [name, Float32Array.from(numbers(name))]));
    return { kind, samples: { timestamp, ...samples } } as unknown as DecodedStream;
  }
  const urls: string[] = [];
  const indexOf = new Map<string, number>();
  const urlIndex = Uint16Array.from(
    (record.url as unknown[]).map((value, index) => {
      if (typeof value !== 'string') throw invalid(kind, [`url[${index}] is not a string`]);
      let at = indexOf.get(value);
      if (at === undefined) {
        at = urls.push(value) - 1;
        if (at > 0xffff) throw invalid(kind, ['More than 65535 distinct URLs']);
        indexOf.set(value, at);
      }
      return at;
    }),
  );
  const clicks = (record.click as unknown[]).map((value, index) => {
    if (value === true || value === 1) return 1;
    if (value === false || value === 0) return 0;
    throw invalid(kind, [`click[${index}] is ${JSON.stringify(value)}; clicks are 0 or 1`]);
  });
  return {
    kind,
    samples: {
      timestamp,
      x: Float32Array.from(numbers('x')),
      y: Float32Array.from(numbers('y')),
      scrollY: Float32Array.from(numbers('scroll_y')),
      pageHeight: Float32Array.from(numbers('page_height')),
      click: Uint8Array.from(clicks),
      urlIndex,
      urls,
    },
  };
}

/** The codec bytes of a batch as stored (the bytes received when they came in that form). */
export const batchBytes = (body: unknown, stream: DecodedStream): Uint8Array =>
  Buffer.isBuffer(body) ? body : encodeStream(stream);

/** Batches of one kind, in order, as one stream; mice URL tables are merged. */
export function concatStreams(kind: StreamKind, parts: readonly DecodedStream[]): DecodedStream {
  const total = parts.reduce((sum, part) => sum + part.samples.timestamp.length, 0);
  const timestamp = new Float64Array(total);
  const f32 = () => new Float32Array(total);
  if (kind !== 'mice') {
    const samples: Record<string, Float64Array | Float32Array> = { timestamp };
    const [, ...values] = JSON_COLUMNS[kind];
    for (const name of values) samples[name] = f32();
    let at = 0;
    for (const part of parts) {
      if (part.kind !== kind) continue;
      const columns = part.samples as unknown as Record<string, Float64Array | Float32Array>;
      for (const [name, column] of Object.entries(samples))
        column.set(columns[name] as ArrayLike<number>, at);
      at += part.samples.timestamp.length;
    }
    return { kind, samples } as unknown as DecodedStream;
  }
  const samples = {
    timestamp,
    x: f32(),
    y: f32(),
    scrollY: f32(),
    pageHeight: f32(),
    click: new Uint8Array(total),
    urlIndex: new Uint16Array(total),
    urls: [] as string[],
  };
  const indexOf = new Map<string, number>();
  let at = 0;
  for (const part of parts) {
    if (part.kind !== 'mice') continue;
    for (const name of ['timestamp', 'x', 'y', 'scrollY', 'pageHeight', 'click'] as const)
      samples[name].set(part.samples[name], at);
    const remap = part.samples.urls.map((url) => {
      let index = indexOf.get(url);
      if (index === undefined) {
        index = samples.urls.push(url) - 1;
        indexOf.set(url, index);
      }
      return index;
    });
    const { urlIndex } = part.samples;
    for (let i = 0; i < urlIndex.length; i++) samples.urlIndex[at + i] = remap[urlIndex[i] as number] ?? 0;
    at += urlIndex.length;
  }
  return { kind, samples };
}
