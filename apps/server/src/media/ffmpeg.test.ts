import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FFMPEG_PATH, FfmpegError, runFfmpeg } from './ffmpeg.js';
import { probeVideo } from './probe-video.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-ffmpeg-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Raw grey 16×16 frames for `-f rawvideo -pix_fmt gray -video_size 16x16 -i pipe:0`. */
const RAW_INPUT = ['-f', 'rawvideo', '-pix_fmt', 'gray', '-video_size', '16x16', '-framerate', '25'];
const greyFrame = () => new Uint8Array(16 * 16).fill(128);

describe('runFfmpeg', () => {
  it('finds the bundled binary', () => {
    expect(fs.existsSync(FFMPEG_PATH)).toBe(true);
  });

  it('resolves when ffmpeg succeeds', async () => {
    const out = path.join(tempDir(), 'a.mp4');
    await runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x48:rate=25',
      '-t',
      '0.4',
      '-pix_fmt',
      'yuv420p',
      out,
    ]);
    expect((await probeVideo(out)).width).toBe(64);
  });

  it('rejects with the tail of stderr on a bad argument', async () => {
    const run = runFfmpeg(['-f', 'lavfi', '-i', 'testsrc', '-vf', 'nosuchfilter', '-f', 'null', '-']);
    await expect(run).rejects.toThrow(FfmpegError);
    await expect(run).rejects.toThrow(/exited with code \d+: .*nosuchfilter/s);
  });

  it('kills ffmpeg when aborted', async () => {
    const controller = new AbortController();
    // An endless source read in real time: only the abort ends it.
    const run = runFfmpeg(['-re', '-f', 'lavfi', '-i', 'testsrc=size=64x48', '-f', 'null', '-'], {
      signal: controller.signal,
    });
    const started = Date.now();
    setTimeout(() => controller.abort(), 300);
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('does not start when the signal is already aborted', async () => {
    const reason = new Error('stop');
    await expect(runFfmpeg(['-version'], { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });

  it('feeds stdin from an async iterable', async () => {
    const out = path.join(tempDir(), 'raw.mp4');
    async function* frames() {
      for (let i = 0; i < 10; i++) yield greyFrame();
    }
    await runFfmpeg([...RAW_INPUT, '-i', 'pipe:0', '-pix_fmt', 'yuv420p', out], { stdin: frames() });
    expect(await probeVideo(out)).toMatchObject({ durationMs: 400, width: 16, height: 16 });
  });

  it('feeds stdin from a Readable', async () => {
    const out = path.join(tempDir(), 'raw.mp4');
    const stdin = Readable.from(Array.from({ length: 5 }, () => Buffer.from(greyFrame())));
    await runFfmpeg([...RAW_INPUT, '-i', 'pipe:0', '-pix_fmt', 'yuv420p', out], { stdin });
    expect((await probeVideo(out)).durationMs).toBe(200);
  });

  it('stops the source without an error when ffmpeg stops reading early (EPIPE)', async () => {
    const out = path.join(tempDir(), 'one.mp4');
    let isStopped = false;
    function* endless() {
      try {
        for (;;) yield greyFrame();
      } finally {
        isStopped = true;
      }
    }
    await runFfmpeg([...RAW_INPUT, '-i', 'pipe:0', '-frames:v', '1', '-pix_fmt', 'yuv420p', out], {
      stdin: endless(),
    });
    await vi.waitFor(() => expect(isStopped).toBe(true));
  });

  it('rejects with the source error and kills ffmpeg when stdin fails', async () => {
    const out = path.join(tempDir(), 'x.mp4');
    async function* failing() {
      yield greyFrame();
      throw new Error('no more gaze');
    }
    await expect(
      runFfmpeg([...RAW_INPUT, '-i', 'pipe:0', '-pix_fmt', 'yuv420p', out], { stdin: failing() }),
    ).rejects.toThrow('no more gaze');
  });
});
