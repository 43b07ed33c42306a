import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeFileStore } from './file-store.contract.js';
import { createLocalFileStore, TEMP_FOLDER } from './file-store.js';

const roots: string[] = [];
const newRoot = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-files-'));
  roots.push(root);
  return root;
};
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describeFileStore('local file store', async () => {
  const root = newRoot();
  return { store: createLocalFileStore(root), reopen: () => createLocalFileStore(root) };
});

describe('local file store on disk', () => {
  it('leaves no partial file visible: only the complete file is under its key', async () => {
    const root = newRoot();
    const store = createLocalFileStore(root);
    const big = new Uint8Array(8 * 1024 * 1024).fill(7);
    await Promise.all([store.put('videos/a.mp4', big), store.put('videos/a.mp4', Uint8Array.of(1))]);
    expect([1, big.length]).toContain(await store.size('videos/a.mp4'));
    expect(fs.readdirSync(path.join(root, 'videos'))).toEqual(['a.mp4']);
  });

  it('writes through a temp folder outside the keys; a new store removes what killed writers left there', async () => {
    const root = newRoot();
    const store = createLocalFileStore(root);
    await store.put('streams/1/eyes.lmbs', Uint8Array.of(1, 2));
    const temp = path.join(root, TEMP_FOLDER);
    expect(fs.readdirSync(temp)).toEqual([]);
    // A writer that is gone (no process has pid 2^22 + 1 on Linux), one still writing (this
    // process), one whose pid runs again but far too long ago for any write, and a stranger.
    const gone = path.join(temp, `${2 ** 22 + 1}-0a1b2c`);
    const writing = path.join(temp, `${process.pid}-3d4e5f`);
    const stale = path.join(temp, `${process.pid}-6a7b8c`);
    const stranger = path.join(temp, 'notes.txt');
    for (const file of [gone, writing, stale, stranger]) fs.writeFileSync(file, 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);
    const reopened = createLocalFileStore(root);
    expect(fs.readdirSync(temp).sort()).toEqual([path.basename(writing), 'notes.txt'].sort());
    expect([...((await reopened.get('streams/1/eyes.lmbs')) ?? [])]).toEqual([1, 2]);
  });

  it('removes its temp file when a put fails', async () => {
    const root = newRoot();
    const store = createLocalFileStore(root);
    fs.mkdirSync(path.join(root, 'videos', 'a.mp4'), { recursive: true }); // a folder where the file goes
    fs.writeFileSync(path.join(root, 'videos', 'a.mp4', 'x'), 'x');
    await expect(store.put('videos/a.mp4', Uint8Array.of(1))).rejects.toThrow();
    expect(fs.readdirSync(path.join(root, TEMP_FOLDER))).toEqual([]);
  });
});
