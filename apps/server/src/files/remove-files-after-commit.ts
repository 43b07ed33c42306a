import type { FastifyBaseLogger } from 'fastify';
import type { FileStore } from './file-store.js';

/**
 * Deletes the files of rows whose deletion has committed: a failure leaves a file no row names
 * behind (logged with `what remains`, not thrown), never a row without its file.
 */
export async function removeFilesAfterCommit(
  deps: { files: FileStore; log: FastifyBaseLogger },
  keys: readonly string[],
  whatRemains: string,
): Promise<void> {
  for (const key of keys) {
    try {
      await deps.files.delete(key);
    } catch (error) {
      deps.log.warn({ err: error, key }, whatRemains);
    }
  }
}
