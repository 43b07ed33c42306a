import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sampleFrame } from '@limbus/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colorDistance, extractFrame, pixelAt } from '../../test/extract-frame.js';
import {
  REEL_LANE,
  REEL_SIZE,
  type ReelClip,
  reelDurationMs,
  renderEvidenceReel,
  TITLE_CARD_MS,
} from './evidence-reel.js';
import { readFfmpegLog, runFfmpeg } from './ffmpeg.js';
import { probeVideo } from './probe-video.js';

const FRUSTRATION = [0xe8, 0x45, 0x7c];
/** The frustration curve stays at this value, so it is a line across the lane at a known height. */
const LEVEL = 0.75;

let dir = '';
let source = '';
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-evidence-reel-'));
  source = path.join(dir, 'source.mp4');
  // 6 s of 640×400 test pattern with a tone: a screen recording with spoken audio.
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc=size=640x400:rate=15:duration=6'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=6'],
    ...[
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      '-y',
      source,
    ],
  ]);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The samples' clock: the recording starts at this epoch ms. */
const STARTED = 1_700_000_000_000;

function clip(overrides: Partial<ReelClip> = {}): ReelClip {
  const timestamp = Float64Array.from([0, 6000], (t) => STARTED + t);
  const flat = (value: number) => Float32Array.from([value, value]);
  return {
    source,
    startMs: 1000,
    endMs: 4000,
    peakMs: 2500,
    recordingStartMs: STARTED,
    peakEmotion: 'frustration',
    overlay: {
      eyes: {
        timestamp: Float64Array.from([1000, 2000], (t) => STARTED + t),
        x: Float32Array.of(400, 960),
        y: Float32Array.of(300, 540),
      },
      mice: null,
    },
    sampleFrame: sampleFrame('desktop', null),
    emotions: { timestamp, frustration: flat(LEVEL), joy: flat(0.1), attention: flat(0.3) },
    caption: 'Sighs at the discount field',
    pseudonym: 'P01',
    badge: '2 of 5 participants',
    withVoice: true,
    ...overrides,
  };
}

const hasAudio = async (file: string) =>
  /Stream #0:\d+.*: Audio: aac/.test(await readFfmpegLog(['-i', file]));

describe('renderEvidenceReel', () => {
  it('writes an H.264 1280×720 MP4 of title cards and clips with the emotion lane drawn in', async () => {
    const output = path.join(dir, 'reel.mp4');
    const clips = [clip(), clip({ startMs: 2000, endMs: 4500, pseudonym: 'P02' })];
    const fractions: number[] = [];
    await renderEvidenceReel({
      title: 'Discount field frustrates',
      note: '1 participant left out (no consent)',
      clips,
      output,
      onProgress: (f) => fractions.push(f),
    });

    const info = await probeVideo(output);
    expect(info).toMatchObject(REEL_SIZE);
    expect(reelDurationMs(clips)).toBe(2 * TITLE_CARD_MS + 3000 + 2500);
    expect(Math.abs(info.durationMs - reelDurationMs(clips))).toBeLessThanOrEqual(200);
    expect(await readFfmpegLog(['-i', output])).toMatch(/Video: h264/);
    expect(await hasAudio(output)).toBe(true);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));

    // Inside the first clip: the frustration line across the lane at its level.
    const frame = await extractFrame(output, TITLE_CARD_MS + 500, REEL_SIZE);
    const lineY = REEL_LANE.y + REEL_LANE.height * (1 - LEVEL);
    const column = REEL_LANE.x + REEL_LANE.width * 0.8;
    const nearest = Math.min(
      ...[-2, -1, 0, 1, 2].map((dy) => colorDistance(pixelAt(frame, column, lineY + dy), FRUSTRATION)),
    );
    expect(nearest).toBeLessThan(60);
    // The title card before it has no lane.
    const card = await extractFrame(output, 500, REEL_SIZE);
    expect(colorDistance(pixelAt(card, column, lineY), FRUSTRATION)).toBeGreaterThan(100);
  });

  it('leaves the sound out when no clip may have voice', async () => {
    const output = path.join(dir, 'silent.mp4');
    await renderEvidenceReel({ title: 'Quiet', note: '', clips: [clip({ withVoice: false })], output });
    expect(await hasAudio(output)).toBe(false);
  });

  it('refuses a reel without clips and leaves no file', async () => {
    const output = path.join(dir, 'none.mp4');
    await expect(renderEvidenceReel({ title: 'x', note: '', clips: [], output })).rejects.toThrow(
      /at least one clip/,
    );
    expect(fs.existsSync(output)).toBe(false);
  });
});
