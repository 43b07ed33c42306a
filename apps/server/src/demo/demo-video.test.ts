import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoVideoScenes } from '@limbus/demo-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colorDistance, extractFrame, meanColor, pixelAt } from '../../test/extract-frame.js';
import { probeVideo } from '../media/probe-video.js';
import { type DemoVideoOptions, makeDemoVideo } from './demo-video.js';

const SIZE = { width: 320, height: 180 };
const OPTIONS: DemoVideoOptions = { durationMs: 6000, ...SIZE, scenes: demoVideoScenes(6000) };
/** Frame times (multiples of 40 ms) in the middle of each scene. */
const MIDDLES = OPTIONS.scenes.map((s) => Math.round((s.startMs + s.endMs) / 2 / 40) * 40);

let dir = '';
let video = '';
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-demo-video-'));
  video = path.join(dir, 'demo.mp4');
  await makeDemoVideo(video, OPTIONS);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

describe('makeDemoVideo', () => {
  it('has the requested duration, size and 25 fps', async () => {
    const info = await probeVideo(video);
    expect(Math.abs(info.durationMs - OPTIONS.durationMs)).toBeLessThanOrEqual(100);
    expect(info).toMatchObject({ ...SIZE, fps: 25 });
  });

  it('gives every scene a background of its own', async () => {
    const means = await Promise.all(MIDDLES.map(async (t) => meanColor(await extractFrame(video, t, SIZE))));
    for (let a = 0; a < means.length; a++)
      for (let b = a + 1; b < means.length; b++)
        expect(colorDistance(means[a] ?? [], means[b] ?? []), `scenes ${a} and ${b}`).toBeGreaterThan(30);
  });

  it('draws a shape at each salient point, where it has moved to by then', async () => {
    const bare = path.join(dir, 'bare.mp4');
    await makeDemoVideo(bare, { ...OPTIONS, scenes: OPTIONS.scenes.map((s) => ({ ...s, salient: [] })) });
    for (const [k, scene] of OPTIONS.scenes.entries()) {
      const t = MIDDLES[k] ?? 0;
      const [shapes, background] = await Promise.all([
        extractFrame(video, t, SIZE),
        extractFrame(bare, t, SIZE),
      ]);
      const progress = (t - scene.startMs) / (scene.endMs - scene.startMs);
      for (const p of scene.salient) {
        const x = ((p.x + progress * ((p.toX ?? p.x) - p.x)) * SIZE.width) / 1920;
        const y = ((p.y + progress * ((p.toY ?? p.y) - p.y)) * SIZE.height) / 1080;
        const distance = colorDistance(pixelAt(shapes, x, y), pixelAt(background, x, y));
        expect(distance, `${scene.name} at (${x}, ${y})`).toBeGreaterThan(60);
      }
    }
  });

  it('is deterministic and leaves no temp file', async () => {
    const again = path.join(dir, 'again.mp4');
    await makeDemoVideo(again, OPTIONS);
    expect(sha256(again)).toBe(sha256(video));
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('writes nothing when aborted or given an odd size', async () => {
    const sub = fs.mkdtempSync(path.join(dir, 'abort-'));
    const controller = new AbortController();
    const run = makeDemoVideo(path.join(sub, 'long.mp4'), {
      ...OPTIONS,
      durationMs: 600_000,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 200);
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    await expect(makeDemoVideo(path.join(sub, 'odd.mp4'), { ...OPTIONS, width: 321 })).rejects.toThrow(
      RangeError,
    );
    expect(fs.readdirSync(sub)).toEqual([]);
  });
});
