import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeFileStore } from './file-store.contract.js';
import { createLocalFileStore } from './file-store.js';

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
});
