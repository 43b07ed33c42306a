import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from './ffmpeg.js';
import { NotAVideoError, parseVideoInfo, probeVideo } from './probe-video.js';

let dir = '';
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-probe-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('probeVideo', () => {
  it('reads duration, size and frame rate of a video', async () => {
    const file = path.join(dir, 'clip.mp4');
    await runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25',
      '-t',
      '2',
      '-pix_fmt',
      'yuv420p',
      file,
    ]);
    expect(await probeVideo(file)).toEqual({
      durationMs: 2000,
      width: 320,
      height: 240,
      fps: 25,
      container: expect.stringContaining('mp4'),
    });
  });

  it('rejects a text file clearly', async () => {
    const file = path.join(dir, 'notes.txt');
    fs.writeFileSync(file, 'not a video at all\n');
    await expect(probeVideo(file)).rejects.toThrow(NotAVideoError);
    await expect(probeVideo(file)).rejects.toThrow(/^Not a video: .*notes\.txt: it is a still image or text/);
  });

  it('rejects random bytes, a missing file, audio and a still image', async () => {
    const noise = path.join(dir, 'noise.bin');
    fs.writeFileSync(noise, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)));
    await expect(probeVideo(noise)).rejects.toThrow(/^Not a video: /);
    await expect(probeVideo(path.join(dir, 'missing.mp4'))).rejects.toThrow(/No such file or directory/);
    const audio = path.join(dir, 'tone.m4a');
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine', '-t', '0.5', audio]);
    await expect(probeVideo(audio)).rejects.toThrow(/it has no video stream/);
    const image = path.join(dir, 'still.png');
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=32x32', '-frames:v', '1', image]);
    await expect(probeVideo(image)).rejects.toThrow(/still image/);
  });
});

describe('parseVideoInfo', () => {
  const log = (stream: string, extra = '', duration = '00:01:00.04') =>
    [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'phone.mp4':",
      `  Duration: ${duration}, start: 0.000000, bitrate: 129 kb/s`,
      `    Stream #0:0(und): ${stream}`,
      '    Metadata:',
      '      handler_name    : VideoHandler',
      extra,
      '    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono, fltp, 73 kb/s',
      'At least one output file must be specified',
    ].join('\n');

  it('takes the size after the pixel format, not the codec tag', () => {
    const line =
      'Video: h264 (High) (avc1 / 0x31637661), yuv420p(tv, bt709), 1920x1080 [SAR 1:1 DAR 16:9], 45 kb/s, 29.97 fps, 29.97 tbr, 30k tbn';
    expect(parseVideoInfo(log(line))).toEqual({
      durationMs: 60040,
      width: 1920,
      height: 1080,
      fps: 29.97,
      container: 'mov,mp4,m4a,3gp,3g2,mj2',
    });
  });

  it('swaps width and height of a video turned by 90°', () => {
    const line = 'Video: h264 (avc1 / 0x31637661), yuv420p, 1280x720, 25 fps, 25 tbr';
    const turned = '    Side data:\n      displaymatrix: rotation of -90.00 degrees';
    expect(parseVideoInfo(log(line, turned))).toMatchObject({ width: 720, height: 1280 });
  });

  it('answers null for a missing frame rate or duration', () => {
    const line = 'Video: vp8, yuv420p, 640x360, SAR 1:1 DAR 16:9, 1k tbr, 1k tbn';
    expect(parseVideoInfo(log(line, '', 'N/A'))).toEqual({
      durationMs: null,
      width: 640,
      height: 360,
      fps: null,
      container: 'mov,mp4,m4a,3gp,3g2,mj2',
    });
  });

  it('skips cover art', () => {
    const line = 'Video: mjpeg, yuvj420p(pc), 500x500, 90k tbr, 90k tbn (attached pic)';
    expect(parseVideoInfo(log(line))).toBe('it has no video stream');
  });
});
