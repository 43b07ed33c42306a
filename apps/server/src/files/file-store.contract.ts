import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FileStore } from './file-store.js';

/** A fresh, empty store, and a second instance on the same storage (a restarted process). */
export type StoreUnderTest = { store: FileStore; reopen: () => FileStore };

const MiB = 1024 * 1024;

const bytes = (...values: number[]) => Uint8Array.from(values);
const list = (buffer: Uint8Array | null) => (buffer ? [...buffer] : null);
const sha = (buffer: Uint8Array | null) => buffer && createHash('sha256').update(buffer).digest('hex');

async function readAll(body: AsyncIterable<Uint8Array> | undefined): Promise<number[]> {
  if (!body) throw new Error('no file');
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return [...Buffer.concat(chunks)];
}

/** A request body arriving in chunks of `chunkBytes`. */
async function* chunked(buffer: Uint8Array, chunkBytes = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < buffer.length; start += chunkBytes) {
    yield buffer.subarray(start, start + chunkBytes);
  }
}

/** A body whose client goes away after sending `chunks`. */
async function* interrupted(...chunks: Uint8Array[]): AsyncGenerator<Uint8Array> {
  yield* chunks;
  throw new Error('the client went away');
}

const UNSAFE_KEYS = ['../x', 'a/../../x', '/etc/passwd', 'a//b', '', 'a/./b', '.parts/a', 'a/.hidden'];

/**
 * What every FileStore does, run against each implementation (file-store.test.ts for the local
 * directory, s3-file-store.test.ts for S3) so that they cannot drift apart.
 */
export function describeFileStore(name: string, makeStore: () => Promise<StoreUnderTest>): void {
  describe(`${name}: files by key`, () => {
    it('writes, reads, sizes and deletes files by key', async () => {
      const { store } = await makeStore();
      expect(await store.get('streams/1/eyes.lmbs')).toBeNull();
      await store.put('streams/1/eyes.lmbs', bytes(1, 2, 3));
      expect(list(await store.get('streams/1/eyes.lmbs'))).toEqual([1, 2, 3]);
      expect(await store.size('streams/1/eyes.lmbs')).toBe(3);
      await store.put('streams/1/eyes.lmbs', bytes(9));
      expect(list(await store.get('streams/1/eyes.lmbs'))).toEqual([9]);
      await store.put('streams/1/empty.lmbs', bytes());
      expect(list(await store.get('streams/1/empty.lmbs'))).toEqual([]);
      expect(await store.size('streams/1/empty.lmbs')).toBe(0);
      await store.delete('streams/1/eyes.lmbs');
      expect(await store.size('streams/1/eyes.lmbs')).toBeNull();
      expect(await store.size('streams/1/empty.lmbs')).toBe(0);
    });

    it('answers null for a missing key, and deleting one is no error', async () => {
      const { store } = await makeStore();
      expect(await store.get('videos/none.mp4')).toBeNull();
      expect(await store.size('videos/none.mp4')).toBeNull();
      expect(await store.readStart('videos/none.mp4', 16)).toBeNull();
      expect(await store.openRead('videos/none.mp4')).toBeNull();
      expect(await store.openRead('videos/none.mp4', { start: 0, end: 9 })).toBeNull();
      await store.delete('videos/none.mp4');
      await store.deletePrefix('videos/none');
    });

    it('replaces a file whole: a reader finds the old or the new bytes, never a mix', async () => {
      const { store } = await makeStore();
      const big = new Uint8Array(8 * MiB).fill(7);
      await Promise.all([store.put('videos/a.mp4', big), store.put('videos/a.mp4', bytes(1))]);
      const size = await store.size('videos/a.mp4');
      expect([1, big.length]).toContain(size);
      expect(sha(await store.get('videos/a.mp4'))).toBe(size === 1 ? sha(bytes(1)) : sha(big));
    });

    it('refuses keys that could leave its directory or reach its hidden parts, in every call', async () => {
      const { store } = await makeStore();
      for (const key of UNSAFE_KEYS) {
        const calls = [
          () => store.put(key, bytes(1)),
          () => store.get(key),
          () => store.size(key),
          () => store.delete(key),
          () => store.deletePrefix(key),
          () => store.append(key, 0, chunked(bytes(1)), 10),
          () => store.readStart(key, 4),
          () => store.move(key, 'a/b'),
          () => store.move('a/b', key),
          () => store.openRead(key),
        ];
        for (const call of calls) await expect(call()).rejects.toThrow(/Unsafe file key/);
      }
    });

    it('deletes every file under a prefix, over many pages, and nothing beside it', async () => {
      const { store } = await makeStore();
      const inside = ['streams/1/eyes.lmbs', ...[0, 1, 2, 3, 4, 5, 6].map((n) => `streams/1/n/k${n}.lmbs`)];
      for (const key of inside) await store.put(key, bytes(1, 2));
      expect(await store.append('streams/1/upload.part', 0, chunked(bytes(1, 2, 3), 1), 10)).toEqual({
        status: 'appended',
        size: 3,
      });
      const beside = ['streams/10/eyes.lmbs', 'streams/1.lmbs', 'streams/2/eyes.lmbs'];
      for (const key of beside) await store.put(key, bytes(3));
      await store.append('streams/10/upload.part', 0, chunked(bytes(4, 5), 1), 10);

      await store.deletePrefix('streams/1');
      for (const key of [...inside, 'streams/1/upload.part']) expect(await store.size(key)).toBeNull();
      for (const key of beside) expect(list(await store.get(key))).toEqual([3]);
      expect(list(await store.get('streams/10/upload.part'))).toEqual([4, 5]);
    });

    it('lists the keys that start with a prefix, a file being appended to too, sorted', async () => {
      const { store } = await makeStore();
      for (const key of ['videos/12.mp4', 'videos/120.mp4', 'streams/12/eyes.lmbs', 'streams/12/n/a.lmbs'])
        await store.put(key, bytes(1));
      await store.append('uploads/12.part', 0, chunked(bytes(1, 2, 3), 1), 10);
      expect(await store.list('videos/12.')).toEqual(['videos/12.mp4']);
      expect(await store.list('streams/12/')).toEqual(['streams/12/eyes.lmbs', 'streams/12/n/a.lmbs']);
      expect(await store.list('uploads/12')).toEqual(['uploads/12.part']);
      expect(await store.list('')).toEqual([
        'streams/12/eyes.lmbs',
        'streams/12/n/a.lmbs',
        'uploads/12.part',
        'videos/12.mp4',
        'videos/120.mp4',
      ]);
      expect(await store.list('nothing/')).toEqual([]);
      await expect(store.list('../x')).rejects.toThrow();
    });
  });

  describe(`${name}: reading`, () => {
    it('reads the start of a file, fewer bytes when it is shorter', async () => {
      const { store } = await makeStore();
      await store.put('videos/1.mp4', bytes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9));
      expect(list(await store.readStart('videos/1.mp4', 4))).toEqual([0, 1, 2, 3]);
      expect(list(await store.readStart('videos/1.mp4', 16))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(list(await store.readStart('videos/1.mp4', 0))).toEqual([]);
      await store.put('videos/empty.mp4', bytes());
      expect(list(await store.readStart('videos/empty.mp4', 16))).toEqual([]);
    });

    it('streams a whole file or an inclusive byte range, with the whole size', async () => {
      const { store } = await makeStore();
      await store.put('videos/1.mp4', bytes(0, 1, 2, 3, 4, 5));
      const whole = await store.openRead('videos/1.mp4');
      expect(whole?.size).toBe(6);
      expect(await readAll(whole?.body)).toEqual([0, 1, 2, 3, 4, 5]);
      const part = await store.openRead('videos/1.mp4', { start: 2, end: 4 });
      expect(part?.size).toBe(6);
      expect(await readAll(part?.body)).toEqual([2, 3, 4]);
      const first = await store.openRead('videos/1.mp4', { start: 0, end: 0 });
      expect(await readAll(first?.body)).toEqual([0]);
    });

    it('cuts a range at the end of the file, and one that starts there or later is empty', async () => {
      const { store } = await makeStore();
      await store.put('videos/1.mp4', bytes(0, 1, 2, 3, 4, 5));
      const tail = await store.openRead('videos/1.mp4', { start: 4, end: 99 });
      expect(tail?.size).toBe(6);
      expect(await readAll(tail?.body)).toEqual([4, 5]);
      for (const start of [6, 50]) {
        const past = await store.openRead('videos/1.mp4', { start, end: start + 10 });
        expect(past?.size).toBe(6);
        expect(await readAll(past?.body)).toEqual([]);
      }
      await store.put('videos/empty.mp4', bytes());
      const empty = await store.openRead('videos/empty.mp4');
      expect(empty?.size).toBe(0);
      expect(await readAll(empty?.body)).toEqual([]);
      const emptyRange = await store.openRead('videos/empty.mp4', { start: 0, end: 9 });
      expect(emptyRange?.size).toBe(0);
      expect(await readAll(emptyRange?.body)).toEqual([]);
    });

    it('refuses a range that ends before it starts', async () => {
      const { store } = await makeStore();
      await store.put('videos/1.mp4', bytes(0, 1, 2));
      await expect(store.openRead('videos/1.mp4', { start: 2, end: 1 })).rejects.toThrow(RangeError);
      await expect(store.openRead('videos/1.mp4', { start: -1, end: 1 })).rejects.toThrow(RangeError);
    });
  });

  describe(`${name}: resumable appends`, () => {
    it('appends at the offset that is the size, creating the file', async () => {
      const { store } = await makeStore();
      expect(await store.append('uploads/1.part', 0, chunked(bytes(1, 2, 3), 2), 100)).toEqual({
        status: 'appended',
        size: 3,
      });
      expect(await store.append('uploads/1.part', 3, chunked(bytes(4, 5), 1), 100)).toEqual({
        status: 'appended',
        size: 5,
      });
      expect(list(await store.get('uploads/1.part'))).toEqual([1, 2, 3, 4, 5]);
      expect(await store.size('uploads/1.part')).toBe(5);
      expect(list(await store.readStart('uploads/1.part', 4))).toEqual([1, 2, 3, 4]);
      const across = await store.openRead('uploads/1.part', { start: 1, end: 3 });
      expect(across?.size).toBe(5);
      expect(await readAll(across?.body)).toEqual([2, 3, 4]);
      expect(await readAll((await store.openRead('uploads/1.part'))?.body)).toEqual([1, 2, 3, 4, 5]);
      const past = await store.openRead('uploads/1.part', { start: 5, end: 9 });
      expect(await readAll(past?.body)).toEqual([]);
    });

    it('an append of nothing creates an empty file', async () => {
      const { store } = await makeStore();
      expect(await store.append('uploads/1.part', 0, chunked(bytes()), 100)).toEqual({
        status: 'appended',
        size: 0,
      });
      expect(await store.size('uploads/1.part')).toBe(0);
      expect(list(await store.get('uploads/1.part'))).toEqual([]);
      expect(await readAll((await store.openRead('uploads/1.part'))?.body)).toEqual([]);
      expect(await store.append('uploads/1.part', 0, chunked(bytes(7)), 100)).toEqual({
        status: 'appended',
        size: 1,
      });
      expect(list(await store.get('uploads/1.part'))).toEqual([7]);
    });

    it('an offset that is not the size changes nothing and answers the size', async () => {
      const { store } = await makeStore();
      expect(await store.append('uploads/1.part', 5, chunked(bytes(1)), 100)).toEqual({
        status: 'offset_mismatch',
        size: 0,
      });
      expect(await store.size('uploads/1.part')).toBeNull();
      await store.append('uploads/1.part', 0, chunked(bytes(1, 2, 3)), 100);
      for (const offset of [0, 1, 4]) {
        expect(await store.append('uploads/1.part', offset, chunked(bytes(9)), 100)).toEqual({
          status: 'offset_mismatch',
          size: 3,
        });
      }
      expect(list(await store.get('uploads/1.part'))).toEqual([1, 2, 3]);
    });

    it('refuses the whole append past maxBytes and leaves the file as it was', async () => {
      const { store } = await makeStore();
      expect(await store.append('uploads/1.part', 0, chunked(bytes(1, 2, 3, 4, 5, 6), 2), 5)).toEqual({
        status: 'too_large',
        size: 0,
      });
      expect(await store.size('uploads/1.part')).toBeNull();
      await store.append('uploads/1.part', 0, chunked(bytes(1, 2, 3)), 100);
      expect(await store.append('uploads/1.part', 3, chunked(bytes(4, 5, 6, 7, 8, 9), 1), 5)).toEqual({
        status: 'too_large',
        size: 3,
      });
      expect(list(await store.get('uploads/1.part'))).toEqual([1, 2, 3]);
      expect(await store.append('uploads/1.part', 3, chunked(bytes(4, 5, 6, 7, 8), 1), 5)).toEqual({
        status: 'appended',
        size: 8,
      });
      expect(list(await store.get('uploads/1.part'))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    });

    it('refuses a large append that goes past maxBytes late, keeping none of it', async () => {
      const { store } = await makeStore();
      const first = randomBytes(300 * 1024);
      await store.append('uploads/1.part', 0, chunked(first), 10 * MiB);
      const second = randomBytes(3 * MiB);
      expect(await store.append('uploads/1.part', first.length, chunked(second), 3 * MiB - 1)).toEqual({
        status: 'too_large',
        size: first.length,
      });
      expect(sha(await store.get('uploads/1.part'))).toBe(sha(first));
    });

    it('keeps what arrived from a source that fails; the upload goes on there after a restart', async () => {
      const { store, reopen } = await makeStore();
      await store.append('uploads/1.part', 0, chunked(bytes(1, 2)), 100);
      await expect(
        store.append('uploads/1.part', 2, interrupted(bytes(3, 4, 5), bytes(6)), 100),
      ).rejects.toThrow(/went away/);
      const restarted = reopen();
      expect(await restarted.size('uploads/1.part')).toBe(6);
      expect(await restarted.append('uploads/1.part', 2, chunked(bytes(3)), 100)).toEqual({
        status: 'offset_mismatch',
        size: 6,
      });
      expect(await restarted.append('uploads/1.part', 6, chunked(bytes(7, 8)), 100)).toEqual({
        status: 'appended',
        size: 8,
      });
      expect(list(await restarted.get('uploads/1.part'))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    });

    it('a source that fails before its first byte keeps the file as it was', async () => {
      const { store } = await makeStore();
      await expect(store.append('uploads/1.part', 0, interrupted(), 100)).rejects.toThrow(/went away/);
      expect(await store.size('uploads/1.part')).toBe(0);
      await store.append('uploads/1.part', 0, chunked(bytes(1)), 100);
      await expect(store.append('uploads/1.part', 1, interrupted(), 100)).rejects.toThrow(/went away/);
      expect(list(await store.get('uploads/1.part'))).toEqual([1]);
    });

    it('continues a file written by put, and put replaces an appended file', async () => {
      const { store } = await makeStore();
      await store.put('uploads/1.part', bytes(1, 2, 3));
      expect(await store.append('uploads/1.part', 3, chunked(bytes(4, 5), 1), 100)).toEqual({
        status: 'appended',
        size: 5,
      });
      expect(list(await store.get('uploads/1.part'))).toEqual([1, 2, 3, 4, 5]);
      await store.put('uploads/1.part', bytes(9, 8));
      expect(list(await store.get('uploads/1.part'))).toEqual([9, 8]);
      expect(await store.size('uploads/1.part')).toBe(2);
      expect(await store.append('uploads/1.part', 2, chunked(bytes(7)), 100)).toEqual({
        status: 'appended',
        size: 3,
      });
      expect(list(await store.get('uploads/1.part'))).toEqual([9, 8, 7]);
      await store.delete('uploads/1.part');
      expect(await store.size('uploads/1.part')).toBeNull();
      expect(await store.append('uploads/1.part', 0, chunked(bytes(6)), 100)).toEqual({
        status: 'appended',
        size: 1,
      });
      expect(list(await store.get('uploads/1.part'))).toEqual([6]);
      // An upload starts as an empty file written by put (video-upload.ts).
      await store.put('uploads/2.part', bytes());
      expect(await store.append('uploads/2.part', 0, chunked(bytes(1, 2)), 100)).toEqual({
        status: 'appended',
        size: 2,
      });
      expect(list(await store.get('uploads/2.part'))).toEqual([1, 2]);
    });
  });

  describe(`${name}: moving`, () => {
    it('moves a file, replacing the target, and refuses a missing source', async () => {
      const { store } = await makeStore();
      await store.put('uploads/1.part', bytes(1, 2, 3));
      await store.put('videos/1.mp4', bytes(9));
      await store.move('uploads/1.part', 'videos/1.mp4');
      expect(await store.size('uploads/1.part')).toBeNull();
      expect(list(await store.get('videos/1.mp4'))).toEqual([1, 2, 3]);
      await expect(store.move('uploads/none.part', 'videos/2.mp4')).rejects.toMatchObject({ code: 'ENOENT' });
      expect(await store.size('videos/2.mp4')).toBeNull();
      await store.move('videos/1.mp4', 'videos/1.mp4');
      expect(list(await store.get('videos/1.mp4'))).toEqual([1, 2, 3]);
    });

    it('moves a resumed upload of several MiB, sent in parts, into one file', async () => {
      const { store, reopen } = await makeStore();
      const video = randomBytes(11 * MiB + 12_345);
      const cuts = [0, 2 * MiB + 1, 2 * MiB + 700_000, 6 * MiB - 3, video.length];
      let interruptedOnce = false;
      for (let index = 0; index + 1 < cuts.length; index++) {
        const [start = 0, end = 0] = [cuts[index], cuts[index + 1]];
        const part = video.subarray(start, end);
        if (!interruptedOnce) {
          // The first part breaks off midway and is resumed from the size, as a client does.
          interruptedOnce = true;
          const arrived = part.subarray(0, 1_000_000);
          await expect(
            store.append('uploads/1.part', start, interrupted(arrived), video.length),
          ).rejects.toThrow();
          const size = (await reopen().size('uploads/1.part')) ?? -1;
          expect(size).toBe(start + arrived.length);
          await store.append('uploads/1.part', size, chunked(video.subarray(size, end)), video.length - size);
          continue;
        }
        expect(
          await store.append('uploads/1.part', start, chunked(part, 256 * 1024), video.length - start),
        ).toEqual({
          status: 'appended',
          size: end,
        });
      }
      expect(await store.size('uploads/1.part')).toBe(video.length);
      expect(list(await store.readStart('uploads/1.part', 16))).toEqual([...video.subarray(0, 16)]);
      const seam = await store.openRead('uploads/1.part', { start: 2 * MiB - 5, end: 2 * MiB + 700_010 });
      expect(sha(Buffer.from(await readAll(seam?.body)))).toBe(
        sha(video.subarray(2 * MiB - 5, 2 * MiB + 700_011)),
      );

      await store.move('uploads/1.part', 'videos/1.mp4');
      expect(await store.size('uploads/1.part')).toBeNull();
      expect(await store.size('videos/1.mp4')).toBe(video.length);
      expect(sha(await store.get('videos/1.mp4'))).toBe(sha(video));
      const tail = await store.openRead('videos/1.mp4', { start: video.length - 3, end: video.length + 10 });
      expect(await readAll(tail?.body)).toEqual([...video.subarray(video.length - 3)]);
    });
  });
}
