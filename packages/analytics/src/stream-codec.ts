import {
  type EmotionSamples,
  EXPRESSIONS,
  type ExpressionSamples,
  type EyeSamples,
  type MouseSamples,
} from './samples.js';

/**
 * The columnar binary form of one sample stream, as stored in the file store and sent to our
 * client. Little-endian:
 *
 *   "LMBS" · version u8 · kind u8 · reserved u16 · count u32 · first timestamp f64 ·
 *   urls byte length u32 · urls (UTF-8 JSON array; mice only, else empty) · columns
 *
 * Columns are Int32 deltas from the previous value (the first from 0), which a general-purpose
 * compressor (brotli, applied by the server) shrinks well:
 * - timestamps in microseconds after the first timestamp (exact to 1 µs);
 * - positions (x, y, scrollY, pageHeight) in tenths of a pixel; a lost gaze sample (NaN) is
 *   stored as LOST and does not move the delta base;
 * - emotion and expression scores as Uint16 of score × 65535 (scores are in [0, 1]);
 * - click as Uint8, url index as Uint16.
 */

export type StreamKind = 'emotions' | 'eyes' | 'mice' | 'expressions';
export type DecodedStream =
  | { kind: 'emotions'; samples: EmotionSamples }
  | { kind: 'eyes'; samples: EyeSamples }
  | { kind: 'mice'; samples: MouseSamples }
  | { kind: 'expressions'; samples: ExpressionSamples };

export class StreamFormatError extends Error {}

const MAGIC = 0x53424d4c; // "LMBS" read as little-endian u32
const VERSION = 1;
const KIND_CODES: Record<StreamKind, number> = { emotions: 1, eyes: 2, mice: 3, expressions: 4 };
const HEADER_BYTES = 24;
const LOST = -0x80000000;
const POSITION_SCALE = 10;
const SCORE_SCALE = 65535;

const COLUMN_BYTES: Record<StreamKind, number> = {
  emotions: 4 + 3 * 2,
  eyes: 4 + 2 * 4,
  mice: 4 + 4 * 4 + 1 + 2,
  expressions: 4 + EXPRESSIONS.length * 2,
};

export function encodeStream(stream: DecodedStream): Uint8Array {
  const count = stream.samples.timestamp.length;
  const urls =
    stream.kind === 'mice' ? new TextEncoder().encode(JSON.stringify(stream.samples.urls)) : new Uint8Array();
  const bytes = new Uint8Array(HEADER_BYTES + urls.length + count * COLUMN_BYTES[stream.kind]);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint8(4, VERSION);
  view.setUint8(5, KIND_CODES[stream.kind]);
  view.setUint32(8, count, true);
  const first = count > 0 ? (stream.samples.timestamp[0] as number) : 0;
  view.setFloat64(12, first, true);
  view.setUint32(20, urls.length, true);
  bytes.set(urls, HEADER_BYTES);
  const writer = { view, offset: HEADER_BYTES + urls.length };
  writeTimestamps(writer, stream.samples.timestamp, first);
  if (stream.kind === 'emotions') {
    for (const column of [stream.samples.joy, stream.samples.attention, stream.samples.frustration]) {
      writeScores(writer, column);
    }
  } else if (stream.kind === 'expressions') {
    for (const name of EXPRESSIONS) writeScores(writer, stream.samples[name]);
  } else if (stream.kind === 'eyes') {
    writePositions(writer, stream.samples.x);
    writePositions(writer, stream.samples.y);
  } else {
    const { x, y, scrollY, pageHeight, click, urlIndex } = stream.samples;
    for (const column of [x, y, scrollY, pageHeight]) writePositions(writer, column);
    bytes.set(click, writer.offset);
    writer.offset += count;
    for (const index of urlIndex) {
      view.setUint16(writer.offset, index, true);
      writer.offset += 2;
    }
  }
  return bytes;
}

type Cursor = { view: DataView; offset: number };

function writeTimestamps(writer: Cursor, timestamps: Float64Array, first: number): void {
  let previous = 0;
  for (const timestamp of timestamps) {
    const micros = Math.round((timestamp - first) * 1000);
    writer.view.setInt32(writer.offset, micros - previous, true);
    writer.offset += 4;
    previous = micros;
  }
}

function writePositions(writer: Cursor, column: Float32Array): void {
  let previous = 0;
  for (const value of column) {
    if (Number.isNaN(value)) {
      writer.view.setInt32(writer.offset, LOST, true);
    } else {
      const scaled = Math.round(value * POSITION_SCALE);
      writer.view.setInt32(writer.offset, scaled - previous, true);
      previous = scaled;
    }
    writer.offset += 4;
  }
}

function writeScores(writer: Cursor, column: Float32Array): void {
  for (const value of column) {
    writer.view.setUint16(writer.offset, Math.round(Math.min(1, Math.max(0, value)) * SCORE_SCALE), true);
    writer.offset += 2;
  }
}

export function decodeStream(bytes: Uint8Array): DecodedStream {
  if (bytes.length < HEADER_BYTES) throw new StreamFormatError('The stream is shorter than its header');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC) throw new StreamFormatError('This is not a Limbus sample stream');
  if (view.getUint8(4) !== VERSION) throw new StreamFormatError(`Unknown stream version ${view.getUint8(4)}`);
  const kind = (Object.keys(KIND_CODES) as StreamKind[]).find(
    (name) => KIND_CODES[name] === view.getUint8(5),
  );
  if (!kind) throw new StreamFormatError(`Unknown stream kind ${view.getUint8(5)}`);
  const count = view.getUint32(8, true);
  const first = view.getFloat64(12, true);
  const urlBytes = view.getUint32(20, true);
  const expected = HEADER_BYTES + urlBytes + count * COLUMN_BYTES[kind];
  if (bytes.length !== expected) {
    throw new StreamFormatError(
      `The stream has ${bytes.length} bytes where its header announces ${expected}`,
    );
  }
  const reader = { view, offset: HEADER_BYTES + urlBytes };
  const timestamp = readTimestamps(reader, count, first);
  if (kind === 'emotions') {
    const [joy, attention, frustration] = [0, 1, 2].map(() => readScores(reader, count)) as [
      Float32Array,
      Float32Array,
      Float32Array,
    ];
    return { kind, samples: { timestamp, joy, attention, frustration } };
  }
  if (kind === 'eyes') {
    return { kind, samples: { timestamp, x: readPositions(reader, count), y: readPositions(reader, count) } };
  }
  if (kind === 'expressions') {
    const samples = { timestamp } as ExpressionSamples;
    for (const name of EXPRESSIONS) samples[name] = readScores(reader, count);
    return { kind, samples };
  }
  const urls = parseUrls(bytes.subarray(HEADER_BYTES, HEADER_BYTES + urlBytes));
  const [x, y, scrollY, pageHeight] = [0, 1, 2, 3].map(() => readPositions(reader, count)) as [
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  const click = new Uint8Array(bytes.subarray(reader.offset, reader.offset + count));
  reader.offset += count;
  const urlIndex = new Uint16Array(count);
  for (let i = 0; i < count; i++) {
    const index = view.getUint16(reader.offset + i * 2, true);
    if (index >= urls.length) throw new StreamFormatError(`Sample ${i} names URL ${index} of ${urls.length}`);
    urlIndex[i] = index;
  }
  return { kind, samples: { timestamp, x, y, scrollY, pageHeight, click, urlIndex, urls } };
}

function readTimestamps(reader: Cursor, count: number, first: number): Float64Array {
  const column = new Float64Array(count);
  let micros = 0;
  for (let i = 0; i < count; i++) {
    micros += reader.view.getInt32(reader.offset, true);
    reader.offset += 4;
    column[i] = first + micros / 1000;
  }
  return column;
}

function readPositions(reader: Cursor, count: number): Float32Array {
  const column = new Float32Array(count);
  let scaled = 0;
  for (let i = 0; i < count; i++) {
    const delta = reader.view.getInt32(reader.offset, true);
    reader.offset += 4;
    if (delta === LOST) {
      column[i] = Number.NaN;
    } else {
      scaled += delta;
      column[i] = scaled / POSITION_SCALE;
    }
  }
  return column;
}

function readScores(reader: Cursor, count: number): Float32Array {
  const column = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    column[i] = reader.view.getUint16(reader.offset, true) / SCORE_SCALE;
    reader.offset += 2;
  }
  return column;
}

function parseUrls(bytes: Uint8Array): string[] {
  if (bytes.length === 0) return [];
  try {
    const urls: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (Array.isArray(urls) && urls.every((url) => typeof url === 'string')) return urls;
  } catch {
    // reported below
  }
  throw new StreamFormatError('The URL table of the stream is corrupt');
}
