import { randomBytes } from 'node:crypto';
import { HEATMAP_SCREENSHOT_REFUSED } from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../http/app-error.js';
import { cleanImage, UnreadableImageError } from '../../media/clean-image.js';
import { detectImageFormat } from '../resources/resource-images.js';
import { imageDimensions } from './image-dimensions.js';

/** Screenshots of heatmap pages live in the file store, one folder per test, under random names. */
export const screenshotKey = (testId: number, name: string) => `heatmap-screenshots/${testId}/${name}`;
export const screenshotPath = (testId: number, name: string) =>
  `/api/v1/tests/${testId}/heatmap_screenshots/${name}`;

export const signedScreenshotUrl = (deps: Pick<Deps, 'signedUrls' | 'clock'>, testId: number, name: string) =>
  deps.signedUrls.sign(screenshotPath(testId, name), deps.clock());

/** A stored screenshot: its name and its size in px (null when its header could not be read). */
export type StoredScreenshot = { name: string; width: number | null; height: number | null };

/** The row's values of a screenshot: its name and size. */
export const screenshotValues = (stored: StoredScreenshot) => ({
  screenshot: stored.name,
  screenshotWidth: stored.width,
  screenshotHeight: stored.height,
});

/**
 * An uploaded screenshot with its pixels written afresh (cleanImage): what is stored holds the
 * picture only. Refuses what is not a PNG, JPEG, GIF or WebP that decodes.
 */
export async function cleanUploadedScreenshot(bytes: Buffer, field = 'file'): Promise<Buffer> {
  const refused = () => AppError.fieldError('validation', field, HEATMAP_SCREENSHOT_REFUSED);
  const format = detectImageFormat(bytes);
  if (!format) throw refused();
  try {
    return (await cleanImage(bytes, format)).bytes;
  } catch (error) {
    throw error instanceof UnreadableImageError ? refused() : error;
  }
}

/** Stores an image under a random name; refuses what is not a PNG, JPEG, GIF or WebP by its bytes. */
export async function storeScreenshot(
  deps: Pick<Deps, 'files'>,
  testId: number,
  bytes: Buffer,
  field = 'file',
): Promise<StoredScreenshot> {
  const format = detectImageFormat(bytes);
  if (!format) throw AppError.fieldError('validation', field, HEATMAP_SCREENSHOT_REFUSED);
  const name = `${randomBytes(16).toString('hex')}.${format}`;
  await deps.files.put(screenshotKey(testId, name), bytes);
  const size = imageDimensions(bytes);
  return { name, width: size?.width ?? null, height: size?.height ?? null };
}

/** A stored screenshot's name and size, or null when the file store has no such file. */
export async function readStoredScreenshot(
  deps: Pick<Deps, 'files'>,
  testId: number,
  name: string,
): Promise<StoredScreenshot | null> {
  const bytes = await deps.files.get(screenshotKey(testId, name));
  if (!bytes) return null;
  const size = imageDimensions(bytes);
  return { name, width: size?.width ?? null, height: size?.height ?? null };
}

/** Removes a screenshot no page uses any more; a failure leaves a file behind, logged, not thrown. */
export async function removeScreenshot(
  deps: Pick<Deps, 'files' | 'log'>,
  testId: number,
  name: string | null,
): Promise<void> {
  if (!name) return;
  try {
    await deps.files.delete(screenshotKey(testId, name));
    // The smaller copies the viewer asked for (screenshot-variants.ts).
    await deps.files.deletePrefix(`${screenshotKey(testId, name)}.variants`);
  } catch (error) {
    deps.log.warn({ err: error, testId, name }, 'a heatmap screenshot remains');
  }
}
