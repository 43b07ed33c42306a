import type { IncomingMessage } from 'node:http';
import { type Readable, Transform } from 'node:stream';
import { AppError } from './app-error.js';

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
