import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListObjectsV2Command,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3TestServer } from '../../test/s3-test-server.js';
import { describeFileStore } from './file-store.contract.js';
import { createS3Client, createS3FileStore, type S3FileStoreOptions } from './s3-file-store.js';

const MiB = 1024 * 1024;

let server: S3TestServer;
let client: S3Client;
/** Commands the client sent since the test began, by name. */
let sent: string[] = [];
let storeCount = 0;

beforeAll(async () => {
  server = await startS3TestServer();
  client = createS3Client(server.settings);
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName) sent.push(context.commandName);
      return next(args);
    },
    { step: 'initialize', name: 'countCommands' },
  );
});
afterAll(async () => {
  client?.destroy();
  await server?.close();
});
beforeEach(() => {
  sent = [];
});

/** Small pages and parts, so that few bytes and keys cross every boundary. */
const testOptions = (prefix: string | undefined): S3FileStoreOptions => ({
  ...server.settings,
  prefix,
  client,
  listPageSize: 2,
  appendPartBytes: 256 * 1024,
  movePartBytes: 5 * MiB,
});

/** Each store is alone under a prefix of its own in the one bucket. */
const newStore = () => {
  const options = testOptions(`run/${++storeCount}`);
  return { options, store: createS3FileStore(options), reopen: () => createS3FileStore(options) };
};

const bucketKeys = async (prefix: string) => {
  const page = await client.send(
    new ListObjectsV2Command({ Bucket: server.settings.bucket, Prefix: prefix }),
  );
  return (page.Contents ?? []).map((object) => object.Key);
};

describeFileStore('S3 file store', async () => newStore());

describe('S3 file store on the server', () => {
  it('keeps files under its prefix and appended parts under .parts until they are moved', async () => {
    const { options, store } = newStore();
    await store.put('streams/1/eyes.lmbs', Uint8Array.of(1));
    const upload = randomBytes(300 * 1024);
    const chunks = [upload.subarray(0, 256 * 1024), upload.subarray(256 * 1024)];
    await store.append('uploads/1.part', 0, Readable.from(chunks), MiB);
    expect(await bucketKeys(`${options.prefix}/`)).toEqual([
      `${options.prefix}/.parts/uploads/1.part/000000000000000`,
      `${options.prefix}/.parts/uploads/1.part/000000000262144`,
      `${options.prefix}/streams/1/eyes.lmbs`,
    ]);
    await store.move('uploads/1.part', 'videos/1.mp4');
    expect(await bucketKeys(`${options.prefix}/`)).toEqual([
      `${options.prefix}/streams/1/eyes.lmbs`,
      `${options.prefix}/videos/1.mp4`,
    ]);
  });

  it('joins the parts of an upload with a multipart upload whose parts are 5 MiB or more', async () => {
    const { store } = newStore();
    const video = randomBytes(11 * MiB);
    const chunks = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => video.subarray(n * MiB, (n + 1) * MiB));
    await store.append('uploads/1.part', 0, Readable.from(chunks), video.length);
    sent = [];
    await store.move('uploads/1.part', 'videos/1.mp4');
    expect(sent.filter((name) => name === 'UploadPartCommand')).toHaveLength(3);
    expect(sent).toContain('CompleteMultipartUploadCommand');
    expect(Buffer.compare((await store.get('videos/1.mp4')) ?? Buffer.alloc(0), video)).toBe(0);
  });

  it('runs against a server that enforces the 5 MiB minimum part size like S3', async () => {
    const { options } = newStore();
    const Bucket = server.settings.bucket;
    const Key = `${options.prefix}/small-parts`;
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    const parts = [];
    for (const PartNumber of [1, 2]) {
      const { ETag } = await client.send(
        new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: Buffer.alloc(1024) }),
      );
      parts.push({ ETag, PartNumber });
    }
    await expect(
      client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }),
      ),
    ).rejects.toMatchObject({ name: 'EntityTooSmall' });
  });

  it('lists and deletes a prefix page by page', async () => {
    const { store } = newStore();
    for (let n = 0; n < 7; n++) await store.put(`ingest/1/k${n}`, Uint8Array.of(n));
    sent = [];
    await store.deletePrefix('ingest/1');
    expect(sent.filter((name) => name === 'ListObjectsV2Command').length).toBeGreaterThanOrEqual(4);
    expect(sent.filter((name) => name === 'DeleteObjectsCommand').length).toBeGreaterThanOrEqual(4);
    for (let n = 0; n < 7; n++) expect(await store.size(`ingest/1/k${n}`)).toBeNull();
  });

  it('reads a plain object with one request', async () => {
    const { store } = newStore();
    await store.put('streams/1/eyes.lmbs', Uint8Array.of(1, 2, 3));
    sent = [];
    await store.get('streams/1/eyes.lmbs');
    await store.openRead('streams/1/eyes.lmbs', { start: 1, end: 1 });
    expect(sent).toEqual(['GetObjectCommand', 'GetObjectCommand']);
  });

  it('keeps the parts stored before S3 itself failed an append, and no bytes after them', async () => {
    const options = testOptions(`run/${++storeCount}`);
    const failing = createS3Client(server.settings);
    let puts = 0;
    failing.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'PutObjectCommand' && ++puts === 2) throw new Error('S3 is gone');
        return next(args);
      },
      { step: 'initialize', name: 'failSecondPut' },
    );
    const store = createS3FileStore({ ...options, client: failing });
    const upload = randomBytes(600 * 1024);
    const chunks = [0, 1, 2, 3, 4, 5].map((n) => upload.subarray(n * 100 * 1024, (n + 1) * 100 * 1024));
    await expect(store.append('uploads/1.part', 0, Readable.from(chunks), MiB)).rejects.toThrow(/S3 is gone/);
    failing.destroy();
    const size = await createS3FileStore(options).size('uploads/1.part');
    expect(size).toBe(300 * 1024);
    expect(
      Buffer.compare(
        (await createS3FileStore(options).get('uploads/1.part')) ?? Buffer.alloc(0),
        upload.subarray(0, size ?? 0),
      ),
    ).toBe(0);
  });

  it('works without a prefix, at the root of the bucket', async () => {
    const store = createS3FileStore({ ...testOptions(undefined) });
    await store.put('root-check/a.bin', Uint8Array.of(5));
    expect(await bucketKeys('root-check/')).toEqual(['root-check/a.bin']);
    await store.deletePrefix('root-check');
    expect(await bucketKeys('root-check/')).toEqual([]);
  });
});
