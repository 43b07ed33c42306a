import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isSafeFileKey } from '../config.js';

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
   * The keys of every file whose key starts with `prefix` (a plain string prefix: `videos/12.`
   * finds `videos/12.mp4`; '' lists the whole store), also a file still being appended to,
   * sorted. Erasure deletes and verifies with it (docs/data-rights.md).
   */
  list: (prefix: string) => Promise<string[]>;
  /**
   * Appends `source` to the file (created when missing) if `offset` is its size, for resumable
   * uploads; the bytes are durable before it answers. An offset that is not the size changes
   * nothing (a missing file stays missing) and answers the size. More than `maxBytes` in all
   * refuses the whole append: the file is left as it was (cut back to `offset`, or missing).
   * A source that fails midway (the client went away) keeps every byte that arrived before the
   * failure, and the append rejects with the source's error: the size is then the offset to
   * continue from, also for a new process. file-store.contract.ts holds every store to this.
   */
  append: (
    key: string,
    offset: number,
    source: AsyncIterable<Uint8Array>,
    maxBytes: number,
  ) => Promise<AppendResult>;
  /** The first `length` bytes of the file (fewer when it is shorter), or null when there is none. */
  readStart: (key: string, length: number) => Promise<Buffer | null>;
  /**
   * Moves a complete file to another key, replacing what is there; rejects (code ENOENT) when
   * `from` is missing. A rename here; on S3 a copy, then a delete of the source.
   */
  move: (from: string, to: string) => Promise<void>;
  /**
   * Streams the file, or the inclusive byte range `range` of it (for HTTP Range requests of
   * videos), with the file's whole size; null when there is none. A range past the end is cut
   * at the end (empty when it starts there or later); a range with end < start is refused.
   */
  openRead: (key: string, range?: ByteRange) => Promise<{ body: Readable; size: number } | null>;
};

/** Inclusive byte positions, as in an HTTP Range header. */
export type ByteRange = { start: number; end: number };

export type AppendResult =
  | { status: 'appended'; size: number }
  | { status: 'offset_mismatch'; size: number }
  | { status: 'too_large'; size: number };

export function assertSafeKey(key: string): void {
  if (!isSafeFileKey(key)) {
    throw new Error(`Unsafe file key: ${JSON.stringify(key)}`);
  }
}

/** A prefix of keys: '' (everything) or the start of a safe key (`videos/12.`, `streams/12/`). */
export function assertSafePrefix(prefix: string): void {
  if (prefix === '') return;
  const probe = prefix.endsWith('/') ? `${prefix}x` : prefix;
  if (!isSafeFileKey(probe.endsWith('.') || probe.endsWith('-') ? `${probe}x` : probe))
    throw new Error(`Unsafe file key prefix: ${JSON.stringify(prefix)}`);
}

/** Refuses a range that no HTTP Range header could mean (negative, or ending before it starts). */
export function assertByteRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Bad byte range: ${start}-${end}`);
  }
}

/**
 * Where `put` writes a file before renaming it into place: one folder of the root that no key can
 * name (a key never starts with a dot), so that the temp file of a process killed while writing
 * sits nowhere a reader or a listing of keys looks, and is found again without walking the tree.
 * Names are `<pid>-<random>`: the writer's process id tells whether the file is still being written.
 */
export const TEMP_FOLDER = '.tmp';
/**
 * A temp file older than this is abandoned even if its pid runs: a restarted container has pid 1
 * again. (The pid test assumes the folder is written from one machine, as a local directory is.)
 */
const ABANDONED_AFTER_MS = 60 * 60_000;

/**
 * The local-directory store, the default: `root` is usually DATA_DIR/files. Creating it removes
 * the temp files of writers that were killed (see TEMP_FOLDER).
 */
export function createLocalFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  const tempDir = path.join(root, TEMP_FOLDER);
  removeAbandonedTempFiles(tempDir);
  return {
    async put(key, bytes) {
      const target = resolve(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.mkdir(tempDir, { recursive: true });
      const temp = path.join(tempDir, `${process.pid}-${randomBytes(6).toString('hex')}`);
      try {
        const handle = await fs.promises.open(temp, 'w');
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.promises.rename(temp, target);
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        throw error;
      }
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
      return sizeOf(resolve(key));
    },
    async delete(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
    async deletePrefix(prefix) {
      await fs.promises.rm(resolve(prefix), { recursive: true, force: true });
    },
    async list(prefix) {
      assertSafePrefix(prefix);
      // Walk only the folder the prefix lies in: `videos/12.` walks videos/.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const keys: string[] = [];
      const walk = async (relative: string): Promise<void> => {
        let entries: fs.Dirent[];
        try {
          entries = await fs.promises.readdir(path.join(root, relative), { withFileTypes: true });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
          throw error;
        }
        for (const entry of entries) {
          if (relative === '' && entry.name === TEMP_FOLDER) continue;
          const key = relative === '' ? entry.name : `${relative}/${entry.name}`;
          if (entry.isDirectory()) {
            if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) await walk(key);
          } else if (key.startsWith(prefix)) keys.push(key);
        }
      };
      await walk(folder);
      return keys.sort();
    },
    async append(key, offset, source, maxBytes) {
      const target = resolve(key);
      const existing = await sizeOf(target);
      if ((existing ?? 0) !== offset) return { status: 'offset_mismatch', size: existing ?? 0 };
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const handle = await fs.promises.open(target, 'a');
      let size = (await handle.stat()).size;
      try {
        if (size !== offset) return { status: 'offset_mismatch', size };
        for await (const chunk of source) {
          if (size + chunk.length - offset > maxBytes) {
            if (existing === null) await fs.promises.rm(target, { force: true });
            else await handle.truncate(offset);
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
      const handle = await openIfPresent(resolve(key));
      if (!handle) return null;
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
      if (range) assertByteRange(range);
      const handle = await openIfPresent(resolve(key));
      if (!handle) return null;
      const { size } = await handle.stat();
      const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { body, size };
    },
  };
}

/**
 * Removes the temp files whose writer is gone: its process no longer runs, or the file is older
 * than any write takes. Best effort: a file it cannot remove stays for the next start.
 */
function removeAbandonedTempFiles(tempDir: string): void {
  const now = Date.now();
  let names: string[];
  try {
    names = fs.readdirSync(tempDir);
  } catch {
    return; // no folder yet
  }
  for (const name of names) {
    const file = path.join(tempDir, name);
    try {
      const writer = /^(\d+)-/.exec(name)?.[1];
      const isWriterGone = writer !== undefined && !isProcessRunning(Number(writer));
      if (isWriterGone || now - fs.statSync(file).mtimeMs > ABANDONED_AFTER_MS)
        fs.rmSync(file, { force: true });
    } catch {
      // removed meanwhile, or not ours to remove
    }
  }
}

function isProcessRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function sizeOf(file: string): Promise<number | null> {
  try {
    return (await fs.promises.stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The file opened for reading, or null when there is none. */
async function openIfPresent(file: string): Promise<fs.promises.FileHandle | null> {
  try {
    return await fs.promises.open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The store of an installation: DATA_DIR/files. */
export const createDataFileStore = (dataDir: string) => createLocalFileStore(path.join(dataDir, 'files'));
