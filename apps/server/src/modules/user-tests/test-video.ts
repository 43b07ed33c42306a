import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { MAX_TEST_VIDEO_BYTES, TEST_MESSAGES } from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../http/app-error.js';
import { NotAVideoError, probeVideo } from '../../media/probe-video.js';
import type { UploadedVideo } from './test-form.js';

export type CheckedVideo = UploadedVideo & { extension: 'mp4' | 'mov' | 'mkv' };

const notAVideo = () => AppError.fieldError('validation', 'video', TEST_MESSAGES.notAVideo);

/**
 * Reads the upload with ffmpeg: only a video stream in an MP4/MOV (one demuxer for both) or a
 * Matroska container passes, whatever the file is called. The extension follows the content;
 * the name only tells MOV from MP4.
 */
export async function checkTestVideo(video: UploadedVideo): Promise<CheckedVideo> {
  let container: string;
  try {
    ({ container } = await probeVideo(video.path));
  } catch (error) {
    if (error instanceof NotAVideoError) throw notAVideo();
    throw error;
  }
  const demuxers = container.split(',');
  if (demuxers.includes('matroska')) return { ...video, extension: 'mkv' };
  if (demuxers.includes('mov') || demuxers.includes('mp4')) {
    return { ...video, extension: /\.mov$/i.test(video.filename) ? 'mov' : 'mp4' };
  }
  throw notAVideo();
}

/** The contract's 2 GB, or the installation's smaller limit for videos (VIDEO_MAX_BYTES). */
export const maxTestVideoBytes = (deps: Pick<Deps, 'config'>) =>
  Math.min(MAX_TEST_VIDEO_BYTES, deps.config.videoMaxBytes);

/** Copies the checked video into the file store under a new key (streamed, never whole in memory). */
export async function storeTestVideo(
  deps: Pick<Deps, 'files' | 'config'>,
  video: CheckedVideo,
): Promise<string> {
  const key = `test-videos/${randomBytes(12).toString('hex')}.${video.extension}`;
  const partKey = `${key}.part`;
  const result = await deps.files.append(
    partKey,
    0,
    fs.createReadStream(video.path),
    maxTestVideoBytes(deps),
  );
  if (result.status !== 'appended') {
    await deps.files.delete(partKey);
    throw new Error(`storing a test video answered ${result.status}`);
  }
  await deps.files.move(partKey, key);
  return key;
}

/** Removes a stored video that no test names (any more); a failure only leaves a stray file. */
export async function removeTestVideo(deps: Pick<Deps, 'files' | 'log'>, key: string | null): Promise<void> {
  if (!key) return;
  try {
    await deps.files.delete(key);
  } catch (error) {
    deps.log.warn({ err: error, key }, 'a test video remains in the file store');
  }
}
