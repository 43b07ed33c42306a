import type { Config } from '../config.js';
import { createDataFileStore, type FileStore } from './file-store.js';

/**
 * The installation's store: the S3 bucket when S3_BUCKET is set, else DATA_DIR/files. The S3 SDK
 * is loaded only then: it costs a quarter of a second at every start (and in every test file).
 */
export async function createFileStore(config: Pick<Config, 'dataDir' | 's3'>): Promise<FileStore> {
  if (!config.s3) return createDataFileStore(config.dataDir);
  const { createS3FileStore } = await import('./s3-file-store.js');
  return createS3FileStore(config.s3);
}

/** Where the files are, for the start-up message. */
export function fileStoreLocation(config: Pick<Config, 'dataDir' | 's3'>): string {
  if (!config.s3) return `${config.dataDir}/files`;
  const { bucket, prefix, endpoint } = config.s3;
  return `s3://${bucket}/${prefix ? `${prefix}/` : ''}${endpoint ? ` at ${endpoint}` : ''}`;
}
