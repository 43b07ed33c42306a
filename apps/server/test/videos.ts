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

const recordedAudio = new Map<number, Promise<Buffer>>();

/**
 * Audio as a browser's MediaRecorder writes it: Opus in a live WebM (no duration, no index), made
 * by the bundled ffmpeg from a 220 Hz tone once per length and test file.
 */
export function recorderWebm(seconds: number): Promise<Buffer> {
  let made = recordedAudio.get(seconds);
  if (!made) {
    made = (async () => {
      const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'limbus-recorder-webm-'));
      try {
        const file = path.join(folder, 'voice.webm');
        await runFfmpeg([
          ...['-f', 'lavfi', '-i', `sine=frequency=220:duration=${seconds}`],
          ...['-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', '-live', '1', file],
        ]);
        return await fs.promises.readFile(file);
      } finally {
        await fs.promises.rm(folder, { recursive: true, force: true });
      }
    })();
    recordedAudio.set(seconds, made);
  }
  return made;
}
