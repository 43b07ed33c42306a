import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3TestServer } from '../../test/s3-test-server.js';
import { createFileStore, fileStoreLocation } from './create-file-store.js';
import { createS3Client } from './s3-file-store.js';

let server: S3TestServer;
let dataDir: string;
beforeAll(async () => {
  server = await startS3TestServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-data-'));
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('createFileStore', () => {
  it('keeps files in DATA_DIR/files without S3 settings', async () => {
    const config = { dataDir, s3: undefined };
    await (await createFileStore(config)).put('streams/1/eyes.lmbs', Uint8Array.of(1, 2));
    expect([...fs.readFileSync(path.join(dataDir, 'files', 'streams/1/eyes.lmbs'))]).toEqual([1, 2]);
    expect(fileStoreLocation(config)).toBe(`${dataDir}/files`);
  });

  it('keeps files in the S3 bucket under the prefix when S3 is configured', async () => {
    const config = { dataDir, s3: { ...server.settings, prefix: 'install-1' } };
    await (await createFileStore(config)).put('streams/1/eyes.lmbs', Uint8Array.of(1, 2));
    const client = createS3Client(server.settings);
    const listed = await client.send(new ListObjectsV2Command({ Bucket: server.settings.bucket }));
    client.destroy();
    expect(listed.Contents?.map((object) => object.Key)).toEqual(['install-1/streams/1/eyes.lmbs']);
    expect(fileStoreLocation(config)).toBe(`s3://limbus-test/install-1/ at ${server.settings.endpoint}`);
  });
});
