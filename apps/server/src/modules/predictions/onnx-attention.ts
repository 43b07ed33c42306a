import {
  type AttentionPrediction,
  DEFAULT_ATTENTION_OPTIONS,
  defaultFoldPx,
  gridShape,
  normalizedDensity,
  peekthroughMask,
  type RgbaImage,
} from '@limbus/analytics';
import { createCanvas, ImageData } from '@napi-rs/canvas';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { AppError } from '../../http/app-error.js';

/** Width the screenshot is scaled to (keeping its aspect) for a model whose input size is not fixed. */
export const FREE_INPUT_WIDTH = 256;

/** One session per model file, made on first use and kept: loading a model is the slow part. */
const sessions = new Map<string, Promise<InferenceSession>>();

function sessionOf(modelPath: string): Promise<InferenceSession> {
  let session = sessions.get(modelPath);
  if (!session) {
    session = InferenceSession.create(modelPath, { executionProviders: ['cpu'] });
    session.catch(() => sessions.delete(modelPath));
    sessions.set(modelPath, session);
  }
  return session;
}

/** The model's input height and width: fixed in the model, or the screenshot at FREE_INPUT_WIDTH. */
export function inputSize(
  shape: readonly (number | string)[],
  image: Pick<RgbaImage, 'width' | 'height'>,
): { width: number; height: number } {
  const [, , height, width] = shape;
  if (typeof height === 'number' && typeof width === 'number' && height > 0 && width > 0)
    return { width, height };
  return {
    width: FREE_INPUT_WIDTH,
    height: Math.max(1, Math.round((image.height * FREE_INPUT_WIDTH) / image.width)),
  };
}

/** The screenshot scaled to `size`, as float32 NCHW RGB in 0..1. */
function inputTensor(image: RgbaImage, size: { width: number; height: number }): Tensor {
  const source = createCanvas(image.width, image.height);
  source
    .getContext('2d')
    .putImageData(new ImageData(new Uint8ClampedArray(image.data), image.width, image.height), 0, 0);
  const scaled = createCanvas(size.width, size.height);
  const context = scaled.getContext('2d');
  context.drawImage(source, 0, 0, size.width, size.height);
  const rgba = context.getImageData(0, 0, size.width, size.height).data;
  const plane = size.width * size.height;
  const data = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    data[i] = (rgba[i * 4] as number) / 255;
    data[plane + i] = (rgba[i * 4 + 1] as number) / 255;
    data[2 * plane + i] = (rgba[i * 4 + 2] as number) / 255;
  }
  return new Tensor('float32', data, [1, 3, size.height, size.width]);
}

/** Bilinear sample of a `cols × rows` map at (x, y) in map cells (centres at .5). */
function sample(map: Float32Array, cols: number, rows: number, x: number, y: number): number {
  const fx = Math.min(Math.max(x - 0.5, 0), cols - 1);
  const fy = Math.min(Math.max(y - 0.5, 0), rows - 1);
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(x0 + 1, cols - 1);
  const y1 = Math.min(y0 + 1, rows - 1);
  const tx = fx - x0;
  const ty = fy - y0;
  const at = (cx: number, cy: number) => map[cy * cols + cx] as number;
  const top = at(x0, y0) * (1 - tx) + at(x1, y0) * tx;
  const bottom = at(x0, y1) * (1 - tx) + at(x1, y1) * tx;
  return top * (1 - ty) + bottom * ty;
}

const unusable = (why: string) =>
  new AppError('conflict', `The configured attention model answered ${why}; ask your administrator`);

/**
 * Predicts attention with the ONNX model at `modelPath` (ATTENTION_MODEL_PATH): its first input
 * gets the screenshot as float32 NCHW RGB 0..1 (1 × 3 × H × W; H and W as fixed in the model,
 * else the screenshot scaled to 256 px wide), its first output's last two dimensions are read
 * as a saliency map (the first map when there are more). The map is resized to the 8 px cells of
 * the default model (bilinear), negative values count as 0, and it is scaled to sum 1; the
 * peekthrough follows from it by the same rule as for the default model.
 */
export async function predictWithOnnx(modelPath: string, image: RgbaImage): Promise<AttentionPrediction> {
  const session = await sessionOf(modelPath);
  const [inputName] = session.inputNames;
  const [outputName] = session.outputNames;
  const input = session.inputMetadata[0];
  if (!inputName || !outputName || !input) throw unusable('without an input or output');
  const size = inputSize(input.isTensor ? input.shape : [], image);
  const output = (await session.run({ [inputName]: inputTensor(image, size) }))[outputName];
  const dims = output?.dims ?? [];
  const rows = dims.at(-2) ?? 0;
  const cols = dims.at(-1) ?? 0;
  if (output?.type !== 'float32' || !(rows > 0 && cols > 0)) throw unusable('no float32 map');
  const map = output.data as Float32Array;
  const shape = gridShape(image.width, image.height, DEFAULT_ATTENTION_OPTIONS.cellPx);
  const values = new Float32Array(shape.cols * shape.rows);
  for (let row = 0; row < shape.rows; row++)
    for (let col = 0; col < shape.cols; col++) {
      const x = (((col + 0.5) * shape.cellPx) / image.width) * cols;
      const y = (((row + 0.5) * shape.cellPx) / image.height) * rows;
      values[row * shape.cols + col] = sample(map, cols, rows, x, y);
    }
  const density = normalizedDensity(values, shape);
  if (!(density.total > 0)) throw unusable('an empty map');
  return {
    density,
    peekthrough: peekthroughMask(density, defaultFoldPx(image.width), DEFAULT_ATTENTION_OPTIONS.seenShare),
  };
}
