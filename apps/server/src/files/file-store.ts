import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where large files live (sample streams, videos, images): outside the database. Keys are
 * relative paths of safe segments ("streams/12/eyes.lmbs"). Every write is atomic: readers see
 * the old file or the whole new one, never a half-written file, also when the process dies.
 */
export type FileStore = {
  put: (key: string, bytes: Uint8Array) => Promise<void>;
  /** The file's bytes, or null when there is none. */
  get: (key: string) => Promise<Buffer | null>;
  size: (key: string) => Promise<number | null>;
  delete: (key: string) => Promise<void>;
  /** Removes every file whose key starts with `prefix/`. */
  deletePrefix: (prefix: string) => Promise<void>;
  /**
   * Appends `source` to the file (created when missing) if `offset` is its size, for resumable
   * uploads; the bytes are synced before it answers. More than `maxBytes` in all refuses the
   * whole append (the file is cut back to `offset`). An interrupted source keeps what arrived.
   */
  append: (
    key: string,
    offset: number,
    source: AsyncIterable<Uint8Array>,
    maxBytes: number,
  ) => Promise<AppendResult>;
  /** The first `length` bytes of the file (fewer when it is shorter), or null when there is none. */
  readStart: (key: string, length: number) => Promise<Buffer | null>;
  /** Moves a complete file to another key atomically (rename). */
  move: (from: string, to: string) => Promise<void>;
  /**
   * Streams the file, or the inclusive byte range `range` of it (for HTTP Range requests of
   * videos), with the file's whole size; null when there is none.
   */
  openRead: (key: string, range?: ByteRange) => Promise<{ body: Readable; size: number } | null>;
};

/** Inclusive byte positions, as in an HTTP Range header. */
export type ByteRange = { start: number; end: number };

export type AppendResult =
  | { status: 'appended'; size: number }
  | { status: 'offset_mismatch'; size: number }
  | { status: 'too_large'; size: number };

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw new Error(`Unsafe file key: ${JSON.stringify(key)}`);
  }
}

/** The local-directory store, the default: `root` is usually DATA_DIR/files. */
export function createLocalFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const target = resolve(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.tmp-${randomBytes(6).toString('hex')}`;
      const handle = await fs.promises.open(temp, 'w');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(temp, target);
    },
    async get(key) {
      try {
        return await fs.promises.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async size(key) {
      try {
        return (await fs.promises.stat(resolve(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
    async deletePrefix(prefix) {
      await fs.promises.rm(resolve(prefix), { recursive: true, force: true });
    },
    async append(key, offset, source, maxBytes) {
      const target = resolve(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const handle = await fs.promises.open(target, 'a');
      let size = (await handle.stat()).size;
      try {
        if (size !== offset) return { status: 'offset_mismatch', size };
        for await (const chunk of source) {
          if (size + chunk.length - offset > maxBytes) {
            await handle.truncate(offset);
            return { status: 'too_large', size: offset };
          }
          await handle.write(chunk);
          size += chunk.length;
        }
        return { status: 'appended', size };
      } finally {
        await handle.sync();
        await handle.close();
      }
    },
    async readStart(key, length) {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(resolve(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async move(from, to) {
      const target = resolve(to);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(resolve(from), target);
    },
    async openRead(key, range) {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(resolve(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      const { size } = await handle.stat();
      const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { body, size };
    },
  };
}

/** The store of an installation: DATA_DIR/files. */
export const createDataFileStore = (dataDir: string) => createLocalFileStore(path.join(dataDir, 'files'));
