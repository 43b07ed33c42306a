import type { Config } from '../config.js';
import { createDataFileStore, type FileStore } from './file-store.js';
import { createS3FileStore } from './s3-file-store.js';

/** The installation's store: the S3 bucket when S3_BUCKET is set, else DATA_DIR/files. */
export function createFileStore(config: Pick<Config, 'dataDir' | 's3'>): FileStore {
  return config.s3 ? createS3FileStore(config.s3) : createDataFileStore(config.dataDir);
}

/** Where the files are, for the start-up message. */
export function fileStoreLocation(config: Pick<Config, 'dataDir' | 's3'>): string {
  if (!config.s3) return `${config.dataDir}/files`;
  const { bucket, prefix, endpoint } = config.s3;
  return `s3://${bucket}/${prefix ? `${prefix}/` : ''}${endpoint ? ` at ${endpoint}` : ''}`;
}
