import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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
};

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
  };
}

/** The store of an installation: DATA_DIR/files. */
export const createDataFileStore = (dataDir: string) => createLocalFileStore(path.join(dataDir, 'files'));
