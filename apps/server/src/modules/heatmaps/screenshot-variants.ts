import type { ResourceImageFormat } from '@limbus/contract';
import { createCanvas, loadImage } from '@napi-rs/canvas';
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

/**
 * A stored screenshot, or with `width` a copy scaled down to that width (WebP, made with
 * @napi-rs/canvas on the first request and kept in the file store). A screenshot no wider than
 * `width`, or one whose header cannot be read, is answered as it is.
 */
export async function readScreenshot(
  deps: Pick<Deps, 'files'>,
  testId: number,
  name: string,
  width?: number,
): Promise<{ bytes: Buffer; type: string }> {
  const original = { type: CONTENT_TYPES[name.split('.').pop() as ResourceImageFormat] };
  if (width !== undefined) {
    const kept = await deps.files.get(variantKey(testId, name, width));
    if (kept) return { bytes: kept, type: CONTENT_TYPES.webp };
  }
  const bytes = await deps.files.get(screenshotKey(testId, name));
  if (!bytes) throw notFound('The screenshot');
  const size = imageDimensions(bytes);
  if (width === undefined || !size || size.width <= width) return { bytes, ...original };
  const image = await loadImage(bytes);
  const height = Math.max(1, Math.round((size.height * width) / size.width));
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').drawImage(image, 0, 0, width, height);
  const scaled = await canvas.encode('webp', VARIANT_QUALITY);
  await deps.files.put(variantKey(testId, name, width), scaled);
  return { bytes: scaled, type: CONTENT_TYPES.webp };
}
