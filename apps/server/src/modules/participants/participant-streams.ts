import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  type DecodedStream,
  decodeStream,
  encodeStream,
  findStreamProblems,
  type StreamKind,
} from '@limbus/analytics';
import type { Deps } from '../../deps.js';
import { AppError } from '../../http/app-error.js';
import { findStreamRow, type StreamRow, upsertStreamRow } from './participants.repository.js';

/**
 * The stream store: each sample stream of a participant is one brotli-compressed file of the
 * columnar codec (docs/recorded-data.md) at `streams/<participantId>/<kind>.lmbs.br`, and one
 * participant_streams row that names it, written only once the file is complete.
 */

type StreamDeps = Pick<Deps, 'db' | 'files'>;

const brotliCompress = promisify(zlib.brotliCompress);
const brotliDecompress = promisify(zlib.brotliDecompress);

/**
 * Brotli quality 3: on a 30-minute recording's gaze stream 7% larger than quality 5 (484 vs
 * 454 KB) at less than half the time (22 vs 53 ms), which keeps ingestion above 1 M samples/s
 * while the compact answer stays far inside its 1.5 MB budget (bench/ingestion.ts,
 * bench/participant-endpoint.ts). Compression runs on the libuv pool, not the event loop.
 */
const BROTLI_QUALITY = 3;

export const streamFileKey = (participantId: number, kind: StreamKind) =>
  `streams/${participantId}/${kind}.lmbs.br`;

/** A validated stream, encoded and compressed, ready to be written. */
export type PreparedStream = {
  kind: StreamKind;
  compressed: Buffer;
  sampleCount: number;
  firstTimestamp: number | null;
  lastTimestamp: number | null;
};

/**
 * Validates (`findStreamProblems`), encodes and compresses a stream without writing anything;
 * a stream with problems is refused with a validation error keyed by its kind that names them.
 */
export async function prepareStream(stream: DecodedStream): Promise<PreparedStream> {
  const problems = findStreamProblems(stream);
  if (problems.length > 0) {
    throw new AppError('validation', `The ${stream.kind} stream is not valid: ${problems.join('; ')}`, {
      [stream.kind]: problems,
    });
  }
  const encoded = encodeStream(stream);
  const compressed = await brotliCompress(encoded, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: encoded.length,
    },
  });
  const { timestamp } = stream.samples;
  return {
    kind: stream.kind,
    compressed,
    sampleCount: timestamp.length,
    firstTimestamp: timestamp.length > 0 ? (timestamp[0] as number) : null,
    lastTimestamp: timestamp.length > 0 ? (timestamp[timestamp.length - 1] as number) : null,
  };
}

/** Puts the file atomically, THEN upserts its row: the database never names a half-written file. */
export async function writePreparedStream(
  deps: StreamDeps,
  participantId: number,
  prepared: PreparedStream,
): Promise<void> {
  const fileKey = streamFileKey(participantId, prepared.kind);
  await deps.files.put(fileKey, prepared.compressed);
  await upsertStreamRow(deps.db, {
    participantId,
    kind: prepared.kind,
    fileKey,
    sampleCount: prepared.sampleCount,
    byteSize: prepared.compressed.length,
    firstTimestamp: prepared.firstTimestamp,
    lastTimestamp: prepared.lastTimestamp,
  });
}

/** Validates, stores and registers one stream of a participant (replacing the one of its kind). */
export async function saveStream(
  deps: StreamDeps,
  participantId: number,
  stream: DecodedStream,
): Promise<void> {
  await writePreparedStream(deps, participantId, await prepareStream(stream));
}

export type StoredStreamBytes = {
  row: StreamRow;
  /** The stored brotli-compressed bytes. */
  bytes: Buffer;
  /** A strong validator of the stored bytes (SHA-1, base64url). */
  hash: string;
};

/** The compressed bytes of a participant's stream of `kind`, or null when it has none. */
export async function loadStreamBytes(
  deps: StreamDeps,
  participantId: number,
  kind: StreamKind,
): Promise<StoredStreamBytes | null> {
  const row = await findStreamRow(deps.db, participantId, kind);
  if (!row) return null;
  const bytes = await deps.files.get(row.fileKey);
  // The row is written after the file, so a row without its file is a fault of the store.
  if (!bytes) throw new Error(`The stream file ${row.fileKey} is missing`);
  return { row, bytes, hash: createHash('sha1').update(bytes).digest('base64url') };
}

/** The decoded stream of `kind`, or null when the participant has none. */
export async function loadStream(
  deps: StreamDeps,
  participantId: number,
  kind: StreamKind,
): Promise<DecodedStream | null> {
  const row = await findStreamRow(deps.db, participantId, kind);
  return row ? readStream(deps, row) : null;
}

/** The decoded stream that a participant_streams row names. */
export async function readStream(deps: Pick<Deps, 'files'>, row: StreamRow): Promise<DecodedStream> {
  const bytes = await deps.files.get(row.fileKey);
  // The row is written after the file, so a row without its file is a fault of the store.
  if (!bytes) throw new Error(`The stream file ${row.fileKey} is missing`);
  return decodeStream(await brotliDecompress(bytes));
}

/** The raw codec bytes of stored brotli bytes (for clients that do not accept brotli). */
export async function decompressStream(bytes: Buffer): Promise<Buffer> {
  return brotliDecompress(bytes);
}

/**
 * Removes the files of removed participants. Runs after the rows are gone (committed), so a
 * failure leaves unreferenced files behind, never rows without files: it is logged, not thrown.
 */
export async function removeParticipantFiles(
  deps: Pick<Deps, 'files' | 'log'>,
  removed: { id: number; video: string | null }[],
): Promise<void> {
  for (const participant of removed) {
    try {
      await deps.files.deletePrefix(`streams/${participant.id}`);
      if (participant.video) await deps.files.delete(participant.video);
    } catch (error) {
      deps.log.warn({ err: error, participantId: participant.id }, 'files of a removed participant remain');
    }
  }
}
