import { randomBytes } from 'node:crypto';
import {
  RESOURCE_IMAGE_PATH,
  RESOURCE_IMAGE_REFUSED,
  type ResourceImage,
  type ResourceImageFormat,
} from '@limbus/contract';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import { cleanImage, UnreadableImageError } from '../../media/clean-image.js';

const FOLDER = 'resource-images';

export const CONTENT_TYPES: Record<ResourceImageFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, at) => bytes[offset + at] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The format of an image by its first bytes (magic numbers), whatever its name or declared type
 * says; null for anything else (SVG too: it can carry scripts).
 */
export function detectImageFormat(bytes: Uint8Array): ResourceImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

export const imageKey = (name: string) => `${FOLDER}/${name}`;
export const imageUrl = (name: string) => `${RESOURCE_IMAGE_PATH}${name}`;

/**
 * Stores an uploaded image, its pixels written afresh (cleanImage), under a random name; refuses
 * what is not a PNG, JPEG, GIF or WebP that decodes.
 */
export async function storeResourceImage(files: FileStore, bytes: Buffer): Promise<ResourceImage> {
  const refused = () => AppError.fieldError('validation', 'file', RESOURCE_IMAGE_REFUSED);
  const format = detectImageFormat(bytes);
  if (!format) throw refused();
  const clean = await cleanImage(bytes, format).catch((error: unknown) => {
    throw error instanceof UnreadableImageError ? refused() : error;
  });
  const name = `${randomBytes(16).toString('hex')}.${clean.format}`;
  await files.put(imageKey(name), clean.bytes);
  return { name, url: imageUrl(name) };
}
