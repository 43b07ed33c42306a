import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import type { S3Settings } from '../src/config.js';
import { createS3Client } from '../src/files/s3-file-store.js';

export type S3TestServer = {
  /** Settings for `createS3FileStore`: path-style, credentials S3RVER/S3RVER, a fresh bucket. */
  settings: S3Settings;
  close: () => Promise<void>;
};

const STARTUP_TIMEOUT_MS = 20_000;

/**
 * A real S3-compatible server for tests, with nothing to install: s3rver in a child Node process
 * (test/s3rver-process.mjs says why not in-process) on a free loopback port, storing in a temp
 * directory, with one bucket created through the S3 API.
 */
export async function startS3TestServer(bucket = 'limbus-test'): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-s3-'));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', path.join(import.meta.dirname, 's3rver-process.mjs'), directory],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin?.end();
      await exited;
    }
    fs.rmSync(directory, { recursive: true, force: true });
  };
  try {
    const port = await readPort(child);
    const settings: S3Settings = {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      prefix: undefined,
    };
    const client = createS3Client(settings);
    try {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
    } finally {
      client.destroy();
    }
    return { settings, close: stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function readPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('s3rver did not start in time')), STARTUP_TIMEOUT_MS);
    const done = (action: () => void) => {
      clearTimeout(timer);
      action();
    };
    child.once('error', (error) => done(() => reject(error)));
    child.once('exit', (code) => done(() => reject(new Error(`s3rver exited with code ${code}`))));
    if (!child.stdout) return done(() => reject(new Error('s3rver has no output')));
    createInterface({ input: child.stdout }).once('line', (line) => {
      done(() => {
        const port = (JSON.parse(line) as { port?: unknown }).port;
        if (typeof port === 'number') resolve(port);
        else reject(new Error(`s3rver said ${line}`));
      });
    });
  });
}
