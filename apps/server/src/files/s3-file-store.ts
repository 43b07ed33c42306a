import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../config.js';
import { assertByteRange, assertSafeKey, assertSafePrefix, type FileStore } from './file-store.js';
import { deleteObjects, isInvalidRange, isNotFound, listObjects } from './s3-objects.js';

export type S3FileStoreOptions = S3Settings & {
  /** A client of its own (tests watch its requests); one from the settings when not given. */
  client?: S3Client;
  /** Keys per ListObjectsV2 page, at most 1000 (S3's limit, also DeleteObjects'). */
  listPageSize?: number;
  /** Bytes of an append buffered before they are stored as one part object. */
  appendPartBytes?: number;
  /** Part size of the multipart upload that joins parts on `move`; S3's minimum is 5 MiB. */
  movePartBytes?: number;
};

const MiB = 1024 * 1024;
const MIN_MULTIPART_PART = 5 * MiB;
/** The largest object a single CopyObject copies. */
const MAX_COPY_BYTES = 5 * 1024 * MiB;
const PARTS_DIR = '.parts';
const OFFSET_DIGITS = 15;
const PART_NAME = /^\d{15}$/;

type Part = { objectKey: string; offset: number; size: number };
type Run = { parts: Part[]; size: number };

/** A client for the settings. Checksums only where S3 requires them: S3-compatible servers differ in the newer ones. */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * The store on an S3-compatible server (AWS S3, MinIO …): the file `key` is the object
 * `<prefix>/key`, written by one PutObject, which is all-or-nothing, so a put is atomic.
 *
 * Appends: an S3 object cannot be appended to, and a resumable upload must keep what arrived and
 * know where to continue after a restart, with no state in memory. So an appended file is a run
 * of part objects `<prefix>/.parts/<key>/<offset, 15 digits>`: each append stores what arrives
 * in parts of about `appendPartBytes`, each one PutObject at its own offset, and the file is the
 * run of parts that starts at offset 0 and goes on without a gap; its size, found by listing, is
 * the offset to continue from. Keys cannot start with a dot, so no file collides with a part.
 * Reads go across the parts; `move` joins them into one object with a streaming multipart upload
 * (parts of `movePartBytes`, at least S3's 5 MiB) and then deletes them, so a finished video is
 * one ordinary object. Listing makes an append and a read of a parted file cost one request per
 * 1,000 parts more than a plain object; clients that send parts of a few MiB or more keep it low.
 *
 * A plain object wins over parts under the same key. `put` writes the object, then removes the
 * parts; an append to a plain object first copies it to part 0, then deletes the object; delete
 * removes part 0 first. Every step leaves something that reads as the old or the new file, also
 * when the process dies between two steps, and parts left behind (after a gap, or under an
 * object) are cleared by the next append, put, move or delete of the key.
 *
 * A source that fails midway keeps what arrived, as on the local store: the bytes buffered at
 * the failure are stored as a last part, which is consistent because every part is one atomic
 * PutObject at its own offset. Too large: the parts of this append are deleted last first, so
 * the file goes back to `offset` through states that are each a prefix of it.
 *
 * Unlike a renamed local file, a parted file that is moved or deleted while it is being read
 * fails the read; uploads are moved once, after their last append.
 */
export function createS3FileStore(options: S3FileStoreOptions): FileStore {
  const { bucket } = options;
  const client = options.client ?? createS3Client(options);
  const pageSize = Math.min(options.listPageSize ?? 1000, 1000);
  const appendPartBytes = options.appendPartBytes ?? 8 * MiB;
  const movePartBytes = Math.max(options.movePartBytes ?? 8 * MiB, MIN_MULTIPART_PART);
  const root = options.prefix ? `${options.prefix}/` : '';

  const objectKey = (key: string) => {
    assertSafeKey(key);
    return `${root}${key}`;
  };
  const partsPrefix = (key: string) => {
    assertSafeKey(key);
    return `${root}${PARTS_DIR}/${key}/`;
  };
  const partKey = (key: string, offset: number) =>
    `${partsPrefix(key)}${String(offset).padStart(OFFSET_DIGITS, '0')}`;

  async function head(objectKey: string): Promise<number | null> {
    try {
      return (
        (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey }))).ContentLength ?? 0
      );
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** Every part object of the key, by offset (also those after a gap). */
  async function listParts(key: string): Promise<Part[]> {
    const prefix = partsPrefix(key);
    const parts: Part[] = [];
    for await (const page of listObjects(client, { bucket, prefix, delimiter: '/', pageSize })) {
      for (const object of page) {
        const name = object.key.slice(prefix.length);
        if (PART_NAME.test(name))
          parts.push({ objectKey: object.key, offset: Number(name), size: object.size });
      }
    }
    return parts.sort((a, b) => a.offset - b.offset);
  }

  /** Removes every part of the key, part 0 first: from then on the key has no parted file. */
  async function clearParts(key: string, parts?: Part[]): Promise<void> {
    const all = parts ?? (await listParts(key));
    const [first, ...rest] = all;
    if (!first) return;
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: first.objectKey }));
    await deleteObjects(
      client,
      bucket,
      rest.map((part) => part.objectKey),
    );
  }

  async function readRun(key: string): Promise<Run | null> {
    const run = runFromStart(await listParts(key));
    return run.parts.length > 0 ? run : null;
  }

  /** The file's size and, when it is parted, its parts. */
  async function locate(key: string): Promise<{ size: number; run: Run | null } | null> {
    const size = await head(objectKey(key));
    if (size !== null) return { size, run: null };
    const run = await readRun(key);
    return run && { size: run.size, run };
  }

  async function getObject(objectKey: string, range?: { start: number; end: number }) {
    return client.send(
      new GetObjectCommand({
        Bucket: bucket,
        Key: objectKey,
        Range: range && `bytes=${range.start}-${range.end}`,
      }),
    );
  }

  /** The bytes `start`..`end` (inclusive) of a parted file, part after part. */
  async function* readParts(parts: Part[], start: number, end: number): AsyncGenerator<Uint8Array> {
    for (const part of parts) {
      const from = Math.max(start, part.offset) - part.offset;
      const to = Math.min(end, part.offset + part.size - 1) - part.offset;
      if (from > to) continue;
      const whole = from === 0 && to === part.size - 1;
      yield* bodyOf(await getObject(part.objectKey, whole ? undefined : { start: from, end: to }));
    }
  }

  async function copy(sourceKey: string, targetKey: string, size: number): Promise<void> {
    if (size <= MAX_COPY_BYTES) {
      const source = `${bucket}/${sourceKey.split('/').map(encodeURIComponent).join('/')}`;
      await client.send(new CopyObjectCommand({ Bucket: bucket, Key: targetKey, CopySource: source }));
    } else {
      await upload(targetKey, bodyOf(await getObject(sourceKey)));
    }
  }

  async function upload(targetKey: string, body: Readable): Promise<void> {
    const job = new Upload({
      client,
      params: { Bucket: bucket, Key: targetKey, Body: body },
      partSize: movePartBytes,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await job.done();
  }

  return {
    async put(key, bytes) {
      const target = objectKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: target, Body: bytes, ContentLength: bytes.length }),
      );
      await clearParts(key);
    },

    async get(key) {
      try {
        const output = await getObject(objectKey(key));
        return Buffer.from((await output.Body?.transformToByteArray()) ?? []);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
      const run = await readRun(key);
      return run && readAll(readParts(run.parts, 0, run.size - 1));
    },

    async size(key) {
      return (await locate(key))?.size ?? null;
    },

    async delete(key) {
      const target = objectKey(key);
      await clearParts(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: target }));
    },

    async deletePrefix(prefix) {
      assertSafeKey(prefix);
      for (const listed of [`${root}${PARTS_DIR}/${prefix}/`, `${root}${prefix}/`]) {
        for await (const page of listObjects(client, { bucket, prefix: listed, pageSize })) {
          await deleteObjects(
            client,
            bucket,
            page.map((object) => object.key),
          );
        }
      }
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `${root}${prefix}` }));
    },

    async list(prefix) {
      assertSafePrefix(prefix);
      const keys = new Set<string>();
      for await (const page of listObjects(client, { bucket, prefix: `${root}${prefix}`, pageSize })) {
        for (const object of page) {
          const key = object.key.slice(root.length);
          if (!key.startsWith(`${PARTS_DIR}/`)) keys.add(key);
        }
      }
      // A file still being appended to is a run of part objects: `.parts/<key>/<offset>`.
      const partsRoot = `${root}${PARTS_DIR}/`;
      for await (const page of listObjects(client, { bucket, prefix: `${partsRoot}${prefix}`, pageSize })) {
        for (const object of page) {
          const rest = object.key.slice(partsRoot.length);
          const cut = rest.lastIndexOf('/');
          if (cut > 0 && PART_NAME.test(rest.slice(cut + 1))) keys.add(rest.slice(0, cut));
        }
      }
      return [...keys].sort();
    },

    async append(key, offset, source, maxBytes) {
      const target = objectKey(key);
      const [objectSize, parts] = await Promise.all([head(target), listParts(key)]);
      const run = runFromStart(parts);
      const current = objectSize ?? run.size;
      if (current !== offset) return { status: 'offset_mismatch', size: current };
      if (objectSize !== null) {
        // A plain object becomes part 0: parts under it go first (it hides them), then the copy,
        // then the object; each step reads as the same file.
        await clearParts(key, parts);
        await copy(target, partKey(key, 0), objectSize);
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: target }));
      } else {
        const stale = parts.filter((part) => !run.parts.includes(part));
        await deleteObjects(
          client,
          bucket,
          stale.map((part) => part.objectKey),
        );
      }
      const existed = objectSize !== null || run.parts.length > 0;

      const written: string[] = [];
      let buffered: Uint8Array[] = [];
      let bufferStart = offset;
      let size = offset;
      const putPart = async (at: number, body: Buffer) => {
        const part = partKey(key, at);
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: part, Body: body, ContentLength: body.length }),
        );
        written.push(part);
      };
      const flush = async () => {
        if (size === bufferStart) return;
        await putPart(bufferStart, Buffer.concat(buffered));
        buffered = [];
        bufferStart = size;
      };
      // What arrived is stored; an append of nothing creates a missing file, as `open(…, 'a')` does.
      const finish = async () => {
        await flush();
        if (!existed && written.length === 0) await putPart(0, Buffer.alloc(0));
      };
      // Only a failing source keeps what arrived; an error of S3 itself leaves the parts stored so far.
      let hasSourceFailed = false;
      const received = async function* () {
        try {
          yield* source;
        } catch (error) {
          hasSourceFailed = true;
          throw error;
        }
      };
      try {
        for await (const chunk of received()) {
          if (size + chunk.length - offset > maxBytes) {
            for (const part of written.reverse()) {
              await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: part }));
            }
            return { status: 'too_large', size: offset };
          }
          buffered.push(chunk);
          size += chunk.length;
          if (size - bufferStart >= appendPartBytes) await flush();
        }
      } catch (error) {
        // Keep what arrived: the buffered bytes become the last part. Should that fail too, they
        // are lost and the size says where to continue.
        if (hasSourceFailed) await finish().catch(() => undefined);
        throw error;
      }
      await finish();
      return { status: 'appended', size };
    },

    async readStart(key, length) {
      const located = await locate(key);
      if (!located) return null;
      const end = Math.min(length, located.size) - 1;
      if (end < 0) return Buffer.alloc(0);
      if (located.run) return readAll(readParts(located.run.parts, 0, end));
      return Buffer.from(
        (await (await getObject(objectKey(key), { start: 0, end })).Body?.transformToByteArray()) ?? [],
      );
    },

    async move(from, to) {
      const source = objectKey(from);
      const target = objectKey(to);
      if (from === to) {
        if (!(await locate(from))) throw missingFile(from);
        return;
      }
      const objectSize = await head(source);
      if (objectSize !== null) {
        await copy(source, target, objectSize);
      } else {
        const run = await readRun(from);
        if (!run) throw missingFile(from);
        const [only] = run.parts;
        if (only && run.parts.length === 1) await copy(only.objectKey, target, only.size);
        else await upload(target, Readable.from(readParts(run.parts, 0, run.size - 1)));
      }
      await clearParts(to);
      await clearParts(from);
      if (objectSize !== null) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: source }));
    },

    async openRead(key, range) {
      if (range) assertByteRange(range);
      const target = objectKey(key);
      try {
        const output = await getObject(target, range);
        return { body: bodyOf(output), size: wholeSize(output, range) };
      } catch (error) {
        if (range && isInvalidRange(error)) {
          // The range starts at the end or later: S3 answers 416, the local store an empty stream.
          const size = await head(target);
          if (size === null || range.start < size) throw error;
          return { body: Readable.from([]), size };
        }
        if (!isNotFound(error)) throw error;
      }
      const run = await readRun(key);
      if (!run) return null;
      const start = range?.start ?? 0;
      const end = Math.min(range?.end ?? run.size, run.size - 1);
      return { body: Readable.from(readParts(run.parts, start, end)), size: run.size };
    },
  };
}

/** The parts that make the file: the run from offset 0 without a gap. */
function runFromStart(parts: Part[]): Run {
  const run: Part[] = [];
  let size = 0;
  for (const part of parts) {
    if (part.offset !== size) break;
    run.push(part);
    size += part.size;
  }
  return { parts: run, size };
}

function bodyOf(output: GetObjectCommandOutput): Readable {
  if (output.Body instanceof Readable) return output.Body;
  throw new Error('The S3 client answered a body that is not a Node stream');
}

/** The object's whole size from a GetObject answer (`Content-Range: bytes 2-4/6` for a range). */
function wholeSize(
  output: GetObjectCommandOutput,
  range: { start: number; end: number } | undefined,
): number {
  if (!range) return output.ContentLength ?? 0;
  const total = /\/(\d+)$/.exec(output.ContentRange ?? '')?.[1];
  if (total === undefined) throw new Error('The S3 server ignored the Range header');
  return Number(total);
}

async function readAll(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const all: Uint8Array[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return Buffer.concat(all);
}

function missingFile(key: string): Error {
  return Object.assign(new Error(`ENOENT: no file at ${JSON.stringify(key)}`), { code: 'ENOENT' });
}
