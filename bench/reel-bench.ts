/**
 * Evidence reel render (issue 29): a reel of 8 clips of 7 s (3 s before the peak, 4 s after, the
 * default) with their title cards, from a 1280×720 30 fps screen recording of 90 s with spoken
 * audio (the AAC path), gaze at 120 Hz, mouse and 10 Hz emotions drawn into every frame. Timed:
 * renderEvidenceReel from the sources to the finished MP4 (what the make_evidence_reel job spends
 * between reading the samples and storing the file). Budget < 20 s on 2 cores. One render after a
 * short warm-up reel: a render takes seconds, and the figure is a wall time on a shared machine.
 * Usage: npx tsx bench/run.ts reel, or npx tsx bench/reel-bench.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sampleFrame } from '@limbus/analytics';
import { type ReelClip, reelDurationMs, renderEvidenceReel } from '../apps/server/src/media/evidence-reel.js';
import { runFfmpeg } from '../apps/server/src/media/ffmpeg.js';
import { probeVideo } from '../apps/server/src/media/probe-video.js';
import { syntheticRecording } from '../apps/server/test/synthetic-streams.js';
import { writeResult } from './machine.js';
import type { BenchRow } from './row.js';

const BUDGET_S = 20;
const CLIPS = 8;
const BEFORE_MS = 3000;
const AFTER_MS = 4000;
const SOURCE_S = 90;
const STARTED_MS = Date.UTC(2026, 0, 12, 9, 30);

/** A 1280×720 30 fps H.264 recording with a tone for a voice, as a screen recorder writes it. */
async function screenRecording(file: string): Promise<void> {
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${SOURCE_S}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=220:duration=${SOURCE_S}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', '-y', file],
  ]);
}

function clips(source: string): ReelClip[] {
  const data = syntheticRecording({
    startMs: STARTED_MS,
    durationMs: SOURCE_S * 1000,
    eyeHz: 120,
    mouseSamples: SOURCE_S * 60,
    emotionHz: 10,
  });
  const emotions = data.emotions.samples;
  return Array.from({ length: CLIPS }, (_, k) => {
    const peakMs = 5000 + k * 10_000;
    return {
      source,
      startMs: peakMs - BEFORE_MS,
      endMs: peakMs + AFTER_MS,
      peakMs,
      recordingStartMs: STARTED_MS,
      peakEmotion: (['frustration', 'joy', 'attention'] as const)[k % 3] ?? 'joy',
      overlay: { eyes: data.eyes.samples, mice: data.mice.samples },
      sampleFrame: sampleFrame('desktop', null),
      emotions: {
        timestamp: emotions.timestamp,
        frustration: emotions.frustration,
        joy: emotions.joy,
        attention: emotions.attention,
      },
      caption: `Sighs at the discount field and scrolls back up to read the delivery terms (${k + 1})`,
      pseudonym: `P0${k + 1}`,
      badge: `${CLIPS} of 12 participants`,
      withVoice: true,
    };
  });
}

export async function reelBench(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-reel-bench-'));
  try {
    const source = path.join(dir, 'recording.mp4');
    await screenRecording(source);
    const all = clips(source);
    const title = 'The discount field frustrates at checkout';
    const note = '2 participants left out (no consent)';
    await renderEvidenceReel({ title, note, clips: all.slice(0, 1), output: path.join(dir, 'warm-up.mp4') });
    const output = path.join(dir, 'reel.mp4');
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await renderEvidenceReel({ title, note, clips: all, output });
    const seconds = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    const info = await probeVideo(output);
    const expectedMs = reelDurationMs(all);
    if (Math.abs(info.durationMs - expectedMs) > 500)
      throw new Error(`the reel lasts ${info.durationMs} ms, not ${expectedMs} ms`);
    const bytes = fs.statSync(output).size;
    writeResult('reel', {
      clips: CLIPS,
      clipMs: BEFORE_MS + AFTER_MS,
      reelMs: info.durationMs,
      renderSeconds: seconds,
      // ffmpeg runs in child processes: this process's CPU is the drawing of the overlay frames
      drawingCpuSeconds: (cpu.user + cpu.system) / 1e6,
      bytes,
      loadAverage1Min: os.loadavg()[0],
    });
    return [
      {
        name: `evidence reel, ${CLIPS} clips of ${(BEFORE_MS + AFTER_MS) / 1000} s with title cards and voice → 1280×720 H.264/AAC MP4`,
        value: `${seconds.toFixed(1)} s for ${(info.durationMs / 1000).toFixed(0)} s of reel (drawing ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s cpu in this process, ${(bytes / 1024 / 1024).toFixed(1)} MB, load ${os.loadavg()[0]?.toFixed(1)})`,
        budget: `< ${BUDGET_S} s`,
        isMet: seconds < BUDGET_S,
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const row of await reelBench())
    console.log(`${row.isMet ? 'ok  ' : 'MISS'} ${row.name}: ${row.value} (budget ${row.budget})`);
}
