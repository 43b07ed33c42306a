import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type VideoGaze, videoHeatmapFrames } from '@limbus/analytics';
import { COHORTS, type Cohort } from '@limbus/contract';
import type { JobDeps } from '../../jobs/job-runner.js';
import { renderHeatmapVideo } from '../../media/heatmap-video.js';
import { probeVideo } from '../../media/probe-video.js';

/** Overlay frames: a quarter of the 1920×1080 frame is finer than the blur; 10 fps follows fixations. */
const OVERLAY = { width: 480, height: 270 };
const OVERLAY_FPS = 10;
/** The colour scale is fitted on 2 frames a second: enough for its 95th percentile, and cheap. */
const SCALE_FPS = 2;

/** Everyone's heatmap video, or a cohort's of a test with both cohorts. */
export const heatmapVideoKey = (testId: number, cohort: Cohort = 'all') =>
  `videos/test-${testId}-heatmap${cohort === 'all' ? '' : `-${cohort}`}.mp4`;

/** Removes every heatmap video of a test (its result is gone or made without the video). */
export async function deleteHeatmapVideos(deps: Pick<JobDeps, 'files'>, testId: number): Promise<void> {
  for (const cohort of COHORTS) await deps.files.delete(heatmapVideoKey(testId, cohort));
}

/**
 * Works on a local copy of the test's video (the file store may be S3): `work` gets its path and
 * duration; the copy is removed afterwards. Null when the test has no video file.
 */
export async function withTestVideo<T>(
  deps: JobDeps,
  videoKey: string,
  work: (video: { file: string; durationMs: number }) => Promise<T>,
): Promise<T> {
  const stored = await deps.files.openRead(videoKey);
  if (!stored) throw new Error(`The test's video ${videoKey} is missing from the file store`);
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'limbus-video-'));
  try {
    const file = path.join(dir, `source${path.extname(videoKey)}`);
    await pipeline(stored.body, fs.createWriteStream(file));
    const { durationMs } = await probeVideo(file);
    return await work({ file, durationMs });
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** Renders the gaze (everyone's, or a cohort's) over the test's video and stores it; answers the file key. */
export async function storeHeatmapVideo(
  deps: JobDeps,
  key: string,
  video: { file: string; durationMs: number },
  gaze: VideoGaze,
): Promise<string> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'limbus-heatmap-'));
  try {
    const output = path.join(dir, 'heatmap.mp4');
    const { frameAt } = videoHeatmapFrames(gaze, {
      ...OVERLAY,
      durationMs: video.durationMs,
      fps: SCALE_FPS,
    });
    await renderHeatmapVideo({
      source: video.file,
      output,
      durationMs: video.durationMs,
      fps: OVERLAY_FPS,
      overlay: OVERLAY,
      frameAt,
    });
    await deps.files.put(key, await fs.promises.readFile(output));
    return key;
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
