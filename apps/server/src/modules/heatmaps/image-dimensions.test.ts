import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { imageDimensions } from './image-dimensions.js';

const canvasOf = (width: number, height: number) => {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#4c3bcf';
  context.fillRect(0, 0, width / 2, height / 2);
  return canvas;
};

/** A 1×1 GIF89a whose logical screen says `width × height`. */
const gifOf = (width: number, height: number) => {
  const bytes = Buffer.from('R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=', 'base64');
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  return bytes;
};

describe('imageDimensions', () => {
  it('reads the size of a PNG, a JPEG and a WebP (lossy and lossless) from their headers', async () => {
    const canvas = canvasOf(321, 1234);
    expect(imageDimensions(await canvas.encode('png'))).toEqual({ width: 321, height: 1234 });
    expect(imageDimensions(await canvas.encode('jpeg', 80))).toEqual({ width: 321, height: 1234 });
    expect(imageDimensions(await canvas.encode('webp', 80))).toEqual({ width: 321, height: 1234 });
    expect(imageDimensions(await canvas.encode('webp', 100))).toEqual({ width: 321, height: 1234 });
  });

  it('reads a GIF’s logical screen', () => {
    expect(imageDimensions(gifOf(1920, 4000))).toEqual({ width: 1920, height: 4000 });
  });

  it('answers null for what is not an image or is cut short', async () => {
    expect(imageDimensions(Buffer.from('not an image at all, just some text'))).toBeNull();
    expect(imageDimensions(new Uint8Array())).toBeNull();
    const jpeg = await canvasOf(40, 30).encode('jpeg');
    expect(imageDimensions(jpeg.subarray(0, 20))).toBeNull();
    expect(imageDimensions((await canvasOf(40, 30).encode('png')).subarray(0, 20))).toBeNull();
  });
});
