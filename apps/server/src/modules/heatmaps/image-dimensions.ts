import { detectImageFormat } from '../resources/resource-images.js';

/** An image's size in pixels. */
export type ImageDimensions = { width: number; height: number };

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  bytes.length >= at + text.length && [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0));

/**
 * The pixel size of a PNG, JPEG, GIF or WebP (by its content, as uploads are checked), read from
 * its header without decoding it (a full-page screenshot is megabytes); null when the header
 * cannot be read. JPEG: the first start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC); WebP:
 * VP8, VP8L or VP8X.
 */
export function imageDimensions(bytes: Uint8Array): ImageDimensions | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);
  switch (detectImageFormat(bytes)) {
    case 'png':
      return bytes.length >= 24 && ascii(bytes, 12, 'IHDR')
        ? size(view.getUint32(16), view.getUint32(20))
        : null;
    case 'gif':
      return bytes.length >= 10 ? size(view.getUint16(6, true), view.getUint16(8, true)) : null;
    case 'webp':
      return bytes.length >= 30 ? webpSize(bytes, view) : null;
    case 'jpg':
      return jpegSize(bytes, view);
    default:
      return null;
  }
}

function webpSize(bytes: Uint8Array, view: DataView): ImageDimensions | null {
  const uint24 = (at: number) =>
    (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16);
  if (ascii(bytes, 12, 'VP8X')) return { width: uint24(24) + 1, height: uint24(27) + 1 };
  if (ascii(bytes, 12, 'VP8L') && bytes[20] === 0x2f) {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (ascii(bytes, 12, 'VP8 ') && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    const width = view.getUint16(26, true) & 0x3fff;
    const height = view.getUint16(28, true) & 0x3fff;
    return width > 0 && height > 0 ? { width, height } : null;
  }
  return null;
}

function jpegSize(bytes: Uint8Array, view: DataView): ImageDimensions | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] as number;
    // Fill bytes, and markers without a length (TEM, RSTn).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      const height = view.getUint16(at + 5);
      const width = view.getUint16(at + 7);
      return width > 0 && height > 0 ? { width, height } : null;
    }
    at += 2 + view.getUint16(at + 2);
  }
  return null;
}
