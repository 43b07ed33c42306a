import { createCanvas, type Image, loadImage } from '@napi-rs/canvas';

export type UploadedImageFormat = 'png' | 'jpg' | 'gif' | 'webp';
export type CleanImageFormat = 'png' | 'jpg' | 'webp';

/** What is decoded at the most: a full page of 1920 × 20,000 px (a pixel bomb is refused before). */
export const CLEAN_IMAGE_MAX_PIXELS = 1920 * 20_000;
const QUALITY = 92;

export class UnreadableImageError extends Error {}

/**
 * An uploaded image as pixels only: decoded and written afresh, so that nothing but the picture
 * is stored — no second file behind it (a GIF that is also an SVG or a script), no metadata
 * (EXIF holds a phone's location: personal data), no trailing bytes. PNG stays PNG, JPEG and WebP
 * stay what they were at a high quality, and a GIF becomes a PNG of its first frame (the canvas
 * writes no GIF). An image that does not decode, or is larger than `maxPixels`, is refused.
 */
export async function cleanImage(
  bytes: Buffer,
  format: UploadedImageFormat,
  maxPixels = CLEAN_IMAGE_MAX_PIXELS,
): Promise<{ bytes: Buffer; format: CleanImageFormat; width: number; height: number }> {
  const image = await decode(bytes);
  const { width, height } = image;
  if (width * height > maxPixels) throw new UnreadableImageError(`more than ${maxPixels} pixels`);
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  const clean: CleanImageFormat = format === 'gif' ? 'png' : format;
  const written =
    clean === 'png'
      ? await canvas.encode('png')
      : await canvas.encode(clean === 'jpg' ? 'jpeg' : 'webp', QUALITY);
  return { bytes: written, format: clean, width, height };
}

async function decode(bytes: Buffer): Promise<Image> {
  try {
    const image = await loadImage(bytes);
    if (image.width > 0 && image.height > 0) return image;
  } catch {
    // refused below
  }
  throw new UnreadableImageError('the image could not be decoded');
}
