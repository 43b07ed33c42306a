import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '../src/media/ffmpeg.js';

/** One decoded video frame as packed RGB (3 bytes a pixel). */
export type RgbFrame = { width: number; height: number; rgb: Uint8Array };

/** The frame shown at `timeMs` of `file`, decoded by ffmpeg to rgb24 (BT.601, its default). */
export async function extractFrame(
  file: string,
  timeMs: number,
  size: { width: number; height: number },
): Promise<RgbFrame> {
  const out = path.join(os.tmpdir(), `limbus-frame-${randomBytes(6).toString('hex')}.rgb`);
  try {
    await runFfmpeg([
      ...['-ss', (timeMs / 1000).toFixed(3), '-i', file, '-frames:v', '1'],
      ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-y', out],
    ]);
    const rgb = new Uint8Array(await fs.promises.readFile(out));
    if (rgb.length !== size.width * size.height * 3)
      throw new Error(`Expected a ${size.width}×${size.height} frame, got ${rgb.length} bytes`);
    return { ...size, rgb };
  } finally {
    await fs.promises.rm(out, { force: true });
  }
}

export function pixelAt(frame: RgbFrame, x: number, y: number): [number, number, number] {
  const i = (Math.round(y) * frame.width + Math.round(x)) * 3;
  return [frame.rgb[i] ?? 0, frame.rgb[i + 1] ?? 0, frame.rgb[i + 2] ?? 0];
}

export function meanColor(frame: RgbFrame): [number, number, number] {
  const sum = [0, 0, 0];
  for (let i = 0; i < frame.rgb.length; i++) sum[i % 3] = (sum[i % 3] ?? 0) + (frame.rgb[i] ?? 0);
  const n = frame.width * frame.height;
  return [(sum[0] ?? 0) / n, (sum[1] ?? 0) / n, (sum[2] ?? 0) / n];
}

/** Euclidean distance of two RGB colours (0–441). */
export function colorDistance(a: readonly number[], b: readonly number[]): number {
  return Math.hypot((a[0] ?? 0) - (b[0] ?? 0), (a[1] ?? 0) - (b[1] ?? 0), (a[2] ?? 0) - (b[2] ?? 0));
}
