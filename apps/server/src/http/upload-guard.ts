import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { type Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from './app-error.js';

/**
 * Where uploads are received before they are checked: in the data folder, so that what a killed
 * process left is found and removed at the next start (removeStaleUploads).
 */
export async function uploadsFolder(dataDir: string): Promise<string> {
  const folder = path.join(dataDir, 'tmp', 'uploads');
  await fs.promises.mkdir(folder, { recursive: true });
  return folder;
}

/**
 * Removes what uploads left in the data folder that no upload is writing any more: nothing in it
 * changed for ten idle bounds (a live upload writes at least once in each).
 */
export async function removeStaleUploads(
  config: { dataDir: string; uploadIdleTimeoutMs: number },
  now = Date.now(),
): Promise<void> {
  const folder = path.join(config.dataDir, 'tmp', 'uploads');
  const entries = await fs.promises.readdir(folder).catch(() => [] as string[]);
  for (const entry of entries) {
    const place = path.join(folder, entry);
    if (now - (await newestChange(place)) > 10 * config.uploadIdleTimeoutMs)
      await fs.promises.rm(place, { recursive: true, force: true });
  }
}

async function newestChange(place: string): Promise<number> {
  const stat = await fs.promises.stat(place);
  if (!stat.isDirectory()) return stat.mtimeMs;
  const inside = await fs.promises.readdir(place);
  const times = await Promise.all(inside.map((entry) => newestChange(path.join(place, entry))));
  return Math.max(stat.mtimeMs, ...times);
}

/**
 * Reads a file part of a form into `target` (a file, memory) under `guardUpload`: settles when the
 * part is read, or fails with `fail()` when the form was cut off or stopped arriving for `idleMs`.
 * The one way every multipart route reads its files; the target is closed on every path.
 */
export async function receiveGuarded(
  upload: { file: Readable; body: IncomingMessage },
  target: Writable,
  idleMs: number,
  fail: () => AppError,
): Promise<void> {
  const guard = guardUpload(upload.file, upload.body, idleMs, fail);
  const piped = pipeline(upload.file, guard.progress, target);
  piped.catch(() => undefined); // when the guard fails first, the pipe's own end does not count
  try {
    await Promise.race([piped, guard.failed]);
  } finally {
    guard.release();
    target.destroy();
  }
}

/** A target for `receiveGuarded` that keeps the bytes in memory (an image within its limit). */
export function memoryTarget(): { target: Writable; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  const target = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { target, bytes: () => Buffer.concat(chunks) };
}

/**
 * Watches a file part while it is read and fails it, so that the request is answered, when its
 * form will never end: the request ended without the form's end (a cut-off upload), or nothing
 * arrived for `idleMs` (a client that stopped sending). The multipart reader itself waits for
 * more bytes for ever. Pipe the part through `progress` and race the pipe with `failed`; call
 * `release` once it is read.
 */
export function guardUpload(file: Readable, body: IncomingMessage, idleMs: number, fail: () => AppError) {
  let timer = setTimeout(stop, idleMs);
  let reject: (error: AppError) => void = () => undefined;
  // a pipe from a part the reader destroyed already may never settle (Node 24): this does
  const failed = new Promise<never>((_resolve, rejectWith) => {
    reject = rejectWith;
  });
  // all of the body has been parsed once its end is read: a file still open then was cut off
  const onBodyEnd = () => setImmediate(() => file.readableEnded || stop());
  let released = false;
  function stop() {
    if (released) return;
    release();
    // the reader may have destroyed the part already, silently: the pipe fails through `progress`
    const error = fail();
    if (!file.destroyed) file.destroy(error);
    progress.destroy(error);
    reject(error);
  }
  function release() {
    released = true;
    clearTimeout(timer);
    body.off('end', onBodyEnd);
  }
  if (body.readableEnded || file.destroyed) onBodyEnd();
  else body.once('end', onBodyEnd);
  const progress = new Transform({
    transform(chunk, _encoding, done) {
      clearTimeout(timer);
      if (!released) timer = setTimeout(stop, idleMs);
      done(null, chunk);
    },
  });
  return { progress, failed, release };
}

/** What a broken form answers: the client's fault (400), named for the field of its file. */
export const brokenForm = (field: string, noun: string) =>
  AppError.fieldError(
    'validation',
    field,
    `The upload stopped before the end of the form; please upload ${noun} again`,
  );
