import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { attentionShareInBox, predictAttention, type RgbaImage } from '@limbus/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brightnessModel } from '../../../test/onnx-model.js';
import { loadConfig } from '../../config.js';
import { inputSize, predictWithOnnx } from './onnx-attention.js';
import { decodeScreenshot, renderPrediction } from './prediction-images.js';

/** A `width × height` image, black except the white rectangle `box`. */
function imageWithWhite(
  width: number,
  height: number,
  box: { left: number; top: number; width: number; height: number },
): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const inside = x >= box.left && x < box.left + box.width && y >= box.top && y < box.top + box.height;
      data.fill(inside ? 255 : 0, (y * width + x) * 4, (y * width + x) * 4 + 3);
      data[(y * width + x) * 4 + 3] = 255;
    }
  return { width, height, data };
}

describe('the ONNX attention model (ATTENTION_MODEL_PATH)', () => {
  let folder: string;
  let modelPath: string;
  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'limbus-onnx-'));
    modelPath = path.join(folder, 'brightness.onnx');
    fs.writeFileSync(modelPath, brightnessModel());
  });
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('follows the model: all attention goes to the bright half, unlike the built-in model', async () => {
    const rightHalf = { left: 200, top: 0, width: 200, height: 300 };
    const image = imageWithWhite(400, 300, rightHalf);
    const onnx = (await renderPrediction(image, modelPath)).prediction;
    expect(onnx.density.total).toBeCloseTo(1, 5);
    expect(attentionShareInBox(onnx.density, rightHalf)).toBeGreaterThan(0.97);
    expect(attentionShareInBox(predictAttention(image).density, rightHalf)).toBeLessThan(0.8);
  });

  it('puts the peak on a bright block at the bottom right and renders the same four images', async () => {
    const block = { left: 280, top: 200, width: 80, height: 60 };
    const image = imageWithWhite(400, 300, block);
    const { files } = await renderPrediction(image, modelPath);
    const prediction = await predictWithOnnx(modelPath, image);
    const { density } = prediction;
    const peak = density.values.indexOf(density.max);
    const [x, y] = [(peak % density.cols) * density.cellPx, Math.floor(peak / density.cols) * density.cellPx];
    expect(x).toBeGreaterThanOrEqual(block.left);
    expect(x).toBeLessThan(block.left + block.width);
    expect(y).toBeGreaterThanOrEqual(block.top);
    expect(y).toBeLessThan(block.top + block.height);
    for (const png of Object.values(files)) {
      const decoded = await decodeScreenshot(png);
      expect([decoded.width, decoded.height]).toEqual([400, 300]);
    }
    expect(prediction.peekthrough.hiddenAttentionShare).toBeLessThan(0.3);
  });

  it('feeds a fixed input size as declared, and a free one at 256 px wide', () => {
    expect(inputSize([1, 3, 240, 320], { width: 1920, height: 6000 })).toEqual({ width: 320, height: 240 });
    expect(inputSize([1, 3, 'h', 'w'], { width: 1920, height: 1080 })).toEqual({ width: 256, height: 144 });
  });

  it('is checked at start: an .onnx file that exists', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: folder };
    expect(loadConfig({ ...base, ATTENTION_MODEL_PATH: modelPath }).attentionModelPath).toBe(modelPath);
    expect(loadConfig(base).attentionModelPath).toBeUndefined();
    expect(() => loadConfig({ ...base, ATTENTION_MODEL_PATH: path.join(folder, 'missing.onnx') })).toThrow(
      /ATTENTION_MODEL_PATH: no file at/,
    );
    expect(() => loadConfig({ ...base, ATTENTION_MODEL_PATH: path.join(folder, 'model.bin') })).toThrow(
      /ATTENTION_MODEL_PATH: an \.onnx file/,
    );
  });
});
