import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalFileStore } from './file-store.js';

const roots: string[] = [];
const newStore = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-files-'));
  roots.push(root);
  return { root, store: createLocalFileStore(root) };
};
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('local file store', () => {
  it('writes, reads, sizes and deletes files by key', async () => {
    const { store } = newStore();
    expect(await store.get('streams/1/eyes.lmbs')).toBeNull();
    await store.put('streams/1/eyes.lmbs', Uint8Array.of(1, 2, 3));
    expect([...((await store.get('streams/1/eyes.lmbs')) ?? [])]).toEqual([1, 2, 3]);
    expect(await store.size('streams/1/eyes.lmbs')).toBe(3);
    await store.put('streams/1/eyes.lmbs', Uint8Array.of(9));
    expect([...((await store.get('streams/1/eyes.lmbs')) ?? [])]).toEqual([9]);
    await store.deletePrefix('streams/1');
    expect(await store.size('streams/1/eyes.lmbs')).toBeNull();
  });

  it('leaves no partial file visible: only the complete file is under its key', async () => {
    const { root, store } = newStore();
    const big = new Uint8Array(8 * 1024 * 1024).fill(7);
    await Promise.all([store.put('videos/a.mp4', big), store.put('videos/a.mp4', Uint8Array.of(1))]);
    const size = await store.size('videos/a.mp4');
    expect([1, big.length]).toContain(size);
    expect(fs.readdirSync(path.join(root, 'videos'))).toEqual(['a.mp4']);
  });

  it('refuses keys that could leave its directory', async () => {
    const { store } = newStore();
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '', 'a/./b']) {
      await expect(store.put(key, Uint8Array.of(1))).rejects.toThrow(/Unsafe file key/);
    }
  });
});

describe('local file store streaming reads', () => {
  const readAll = async (body: AsyncIterable<Uint8Array>) => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of body) chunks.push(chunk);
    return [...Buffer.concat(chunks)];
  };

  it('streams a whole file or an inclusive byte range, with the whole size', async () => {
    const { store } = newStore();
    await store.put('videos/1.mp4', Uint8Array.of(0, 1, 2, 3, 4, 5));
    const whole = await store.openRead('videos/1.mp4');
    expect(whole?.size).toBe(6);
    expect(await readAll(whole?.body ?? [])).toEqual([0, 1, 2, 3, 4, 5]);
    const part = await store.openRead('videos/1.mp4', { start: 2, end: 4 });
    expect(part?.size).toBe(6);
    expect(await readAll(part?.body ?? [])).toEqual([2, 3, 4]);
    expect(await store.openRead('videos/none.mp4')).toBeNull();
  });
});
