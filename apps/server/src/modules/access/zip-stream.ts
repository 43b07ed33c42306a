import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

const encoder = new TextEncoder();

/**
 * A ZIP written while it is read: files are added one after the other, each from text chunks or
 * bytes as they come, and the archive's bytes go out through `body` with its backpressure (a
 * slow client pauses the writer), so that a large recording is never held whole in memory.
 */
export type ZipStream = {
  body: Readable;
  /** A file of text, compressed, from chunks as they come. */
  addText: (name: string, chunks: AsyncIterable<string> | Iterable<string>) => Promise<void>;
  /** A file of bytes stored as they are (videos are compressed already). */
  addBytes: (name: string, chunks: AsyncIterable<Uint8Array>) => Promise<void>;
  /** Ends the archive; `body` ends once its last bytes are read. */
  finish: () => Promise<void>;
  /** Stops on a fault: `body` fails with it (the client sees a broken download, never a short 'complete' one). */
  fail: (error: Error) => void;
};

export function createZipStream(): ZipStream {
  const body = new PassThrough();
  let needsDrain = false;
  let failure: Error | null = null;
  const zip = new Zip((error, chunk, isFinal) => {
    if (error) {
      failure = error;
      body.destroy(error);
      return;
    }
    if (!body.write(chunk)) needsDrain = true;
    if (isFinal) body.end();
  });
  const drained = async () => {
    if (failure) throw failure;
    if (!needsDrain || body.destroyed) return;
    needsDrain = false;
    await Promise.race([once(body, 'drain'), once(body, 'close')]);
  };
  const gone = () => body.destroyed;
  return {
    body,
    async addText(name, chunks) {
      const file = new ZipDeflate(name, { level: 6 });
      zip.add(file);
      for await (const chunk of chunks) {
        if (gone()) return;
        file.push(encoder.encode(chunk), false);
        await drained();
      }
      file.push(new Uint8Array(0), true);
      await drained();
    },
    async addBytes(name, chunks) {
      const file = new ZipPassThrough(name);
      zip.add(file);
      for await (const chunk of chunks) {
        if (gone()) return;
        file.push(chunk, false);
        await drained();
      }
      file.push(new Uint8Array(0), true);
      await drained();
    },
    async finish() {
      if (gone()) return;
      zip.end();
      await drained();
    },
    fail(error) {
      failure = error;
      zip.terminate();
      body.destroy(error);
    },
  };
}
