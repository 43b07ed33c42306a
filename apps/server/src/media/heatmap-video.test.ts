import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { colorizeDensity, densityGrid } from '@limbus/analytics';
import { demoVideoScenes } from '@limbus/demo-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colorDistance, extractFrame, pixelAt } from '../../test/extract-frame.js';
import { makeDemoVideo } from '../demo/demo-video.js';
import { readFfmpegLog, runFfmpeg } from './ffmpeg.js';
import { outputSize, renderHeatmapVideo } from './heatmap-video.js';
import { NotAVideoError, probeVideo } from './probe-video.js';

const SIZE = { width: 320, height: 180 };
const OVERLAY = { width: 160, height: 90 };
const DURATION_MS = 3000;
/** Everyone looks here (overlay px) from 1.0 s to 2.4 s; the video shows flat background there. */
const GAZE = { x: 120, y: 70, fromMs: 1000, toMs: 2400 };

/** 300 gaze points within a few px of GAZE, spread on a deterministic spiral. */
const points = {
  x: Float32Array.from({ length: 300 }, (_, i) => GAZE.x + (i % 7) * Math.cos(i)),
  y: Float32Array.from({ length: 300 }, (_, i) => GAZE.y + (i % 7) * Math.sin(i)),
};
const none = { x: new Float32Array(0), y: new Float32Array(0) };

/** The real path of the job: density grid of the gaze at that time, coloured by the heat table. */
const heatAt = (timeMs: number) => {
  const isLooking = timeMs >= GAZE.fromMs && timeMs < GAZE.toMs;
  const grid = densityGrid(isLooking ? points : none, OVERLAY.width, OVERLAY.height, {
    cellPx: 2,
    sigmaPx: 4,
  });
  return colorizeDensity(grid);
};

let dir = '';
let source = '';
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-heatmap-video-'));
  source = path.join(dir, 'source.mp4');
  await makeDemoVideo(source, { durationMs: DURATION_MS, ...SIZE, scenes: demoVideoScenes(DURATION_MS) });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('renderHeatmapVideo', () => {
  it('blends the heatmap over the video where and when people looked', async () => {
    const output = path.join(dir, 'heatmap.mp4');
    const times: number[] = [];
    const frameAt = (t: number) => {
      times.push(t);
      return heatAt(t);
    };
    await renderHeatmapVideo({ source, output, durationMs: DURATION_MS, fps: 10, overlay: OVERLAY, frameAt });
    expect(times).toEqual(Array.from({ length: 30 }, (_, k) => k * 100));
    const info = await probeVideo(output);
    expect(Math.abs(info.durationMs - DURATION_MS)).toBeLessThanOrEqual(100);
    expect(info).toMatchObject(SIZE);

    const scale = SIZE.width / OVERLAY.width;
    const spot = { x: GAZE.x * scale, y: GAZE.y * scale };
    const far = { x: 30, y: 160 };
    const compare = async (t: number, at: { x: number; y: number }) => {
      const [blended, plain] = await Promise.all([
        extractFrame(output, t, SIZE),
        extractFrame(source, t, SIZE),
      ]);
      return colorDistance(pixelAt(blended, at.x, at.y), pixelAt(plain, at.x, at.y));
    };
    expect(await compare(1700, spot)).toBeGreaterThan(100);
    expect(await compare(1700, far)).toBeLessThan(20);
    expect(await compare(600, spot)).toBeLessThan(20);
    expect(await compare(2800, spot)).toBeLessThan(20);
  });

  it('caps the width at 1280 px and keeps the audio', async () => {
    const wide = path.join(dir, 'wide.mp4');
    await runFfmpeg([
      ...['-f', 'lavfi', '-i', 'color=c=navy:size=1600x900:rate=25', '-f', 'lavfi', '-i', 'sine'],
      ...['-t', '0.5', '-pix_fmt', 'yuv420p', '-c:a', 'aac', wide],
    ]);
    const output = path.join(dir, 'wide-heatmap.mp4');
    await renderHeatmapVideo({
      source: wide,
      output,
      durationMs: 500,
      fps: 10,
      overlay: OVERLAY,
      frameAt: heatAt,
    });
    expect(await probeVideo(output)).toMatchObject({ width: 1280, height: 720 });
    expect(await readFfmpegLog(['-i', output])).toMatch(/Stream #0:\d.*: Audio: aac/);
  });

  it('writes nothing for a frame of the wrong size, a source that is not a video, or an abort', async () => {
    const sub = fs.mkdtempSync(path.join(dir, 'fail-'));
    const output = path.join(sub, 'out.mp4');
    const base = { source, output, durationMs: DURATION_MS, fps: 10, overlay: OVERLAY };
    await expect(renderHeatmapVideo({ ...base, frameAt: () => new Uint8Array(10) })).rejects.toThrow(
      /frameAt must return 57600 bytes/,
    );
    const text = path.join(dir, 'text.txt');
    fs.writeFileSync(text, 'hello');
    await expect(renderHeatmapVideo({ ...base, source: text, frameAt: heatAt })).rejects.toThrow(
      NotAVideoError,
    );
    const controller = new AbortController();
    const slowFrameAt = (t: number) => {
      if (t >= 500) controller.abort();
      return heatAt(t);
    };
    await expect(
      renderHeatmapVideo({ ...base, frameAt: slowFrameAt, signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(fs.readdirSync(sub)).toEqual([]);
  });
});

describe('outputSize', () => {
  it('keeps sizes up to 1280 px wide and scales wider ones down, both even', () => {
    expect(outputSize(960, 540)).toEqual({ width: 960, height: 540 });
    expect(outputSize(1920, 1080)).toEqual({ width: 1280, height: 720 });
    expect(outputSize(2560, 1600)).toEqual({ width: 1280, height: 800 });
    expect(outputSize(641, 359)).toEqual({ width: 642, height: 360 });
  });
});
