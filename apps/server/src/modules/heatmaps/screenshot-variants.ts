import { HEATMAP_SCREENSHOT_WIDTHS, type ResourceImageFormat } from '@limbus/contract';
import { createCanvas, type Image, loadImage } from '@napi-rs/canvas';
import type { Deps } from '../../deps.js';
import { notFound } from '../../http/app-error.js';
import { CONTENT_TYPES } from '../resources/resource-images.js';
import { screenshotKey } from './heatmap-screenshots.js';
import { imageDimensions } from './image-dimensions.js';

/** WebP quality of the copies: screenshots' text stays legible at 80. */
const VARIANT_QUALITY = 80;

/** Where the smaller copies of a screenshot are kept: a folder beside it, removed with it. */
export const screenshotVariantsPrefix = (testId: number, name: string) =>
  `${screenshotKey(testId, name)}.variants`;
const variantKey = (testId: number, name: string, width: number) =>
  `${screenshotVariantsPrefix(testId, name)}/${width}.webp`;

async function scaledCopy(image: Image, width: number): Promise<Buffer> {
  const height = Math.max(1, Math.round((image.height * width) / image.width));
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').drawImage(image, 0, 0, width, height);
  return canvas.encode('webp', VARIANT_QUALITY);
}

/**
 * Makes and keeps the smaller copies (HEATMAP_SCREENSHOT_WIDTHS narrower than the screenshot) of
 * a screenshot just stored, so that reading one is a file read. Called where a screenshot is
 * stored (upload, capture job, demo seed); a copy that cannot be made is logged and left to the
 * screenshot itself, never failing the store.
 */
export async function storeScreenshotVariants(
  deps: Pick<Deps, 'files' | 'log'>,
  testId: number,
  name: string,
  bytes: Buffer,
): Promise<void> {
  const size = imageDimensions(bytes);
  const widths = HEATMAP_SCREENSHOT_WIDTHS.filter((width) => size && width < size.width);
  if (widths.length === 0) return;
  try {
    const image = await loadImage(bytes);
    for (const width of widths)
      await deps.files.put(variantKey(testId, name, width), await scaledCopy(image, width));
  } catch (error) {
    deps.log.warn({ err: error, testId, name }, 'no smaller copies of a heatmap screenshot');
  }
}

/**
 * A stored screenshot, or with `width` its copy that wide (WebP). A screenshot no wider than
 * `width`, or one whose header cannot be read, is answered as it is. A screenshot stored before
 * copies were made gets its copy made here, once, and kept; one that cannot be made answers the
 * screenshot itself.
 */
export async function readScreenshot(
  deps: Pick<Deps, 'files' | 'log'>,
  testId: number,
  name: string,
  width?: number,
): Promise<{ bytes: Buffer; type: string }> {
  if (width !== undefined) {
    const kept = await deps.files.get(variantKey(testId, name, width));
    if (kept) return { bytes: kept, type: CONTENT_TYPES.webp };
  }
  const bytes = await deps.files.get(screenshotKey(testId, name));
  if (!bytes) throw notFound('The screenshot');
  const original = { bytes, type: CONTENT_TYPES[name.split('.').pop() as ResourceImageFormat] };
  const size = imageDimensions(bytes);
  if (width === undefined || !size || size.width <= width) return original;
  try {
    const scaled = await scaledCopy(await loadImage(bytes), width);
    await deps.files.put(variantKey(testId, name, width), scaled);
    return { bytes: scaled, type: CONTENT_TYPES.webp };
  } catch (error) {
    deps.log.warn({ err: error, testId, name }, 'no smaller copy of a heatmap screenshot');
    return original;
  }
}
