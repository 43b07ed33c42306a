import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '../src/media/ffmpeg.js';

let made: Promise<Buffer> | undefined;

/** A real, tiny MP4 (1 s, 160×120, made by the bundled ffmpeg once per test file). */
export function tinyMp4(): Promise<Buffer> {
  made ??= (async () => {
    const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'limbus-tiny-mp4-'));
    try {
      const file = path.join(folder, 'tiny.mp4');
      await runFfmpeg([
        ...['-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10'],
        ...['-pix_fmt', 'yuv420p', file],
      ]);
      return await fs.promises.readFile(file);
    } finally {
      await fs.promises.rm(folder, { recursive: true, force: true });
    }
  })();
  return made;
}
