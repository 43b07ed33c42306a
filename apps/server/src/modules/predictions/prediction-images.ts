import {
  type AttentionPrediction,
  attentionMask,
  colorizeDensity,
  type DensityGrid,
  densityFromMask,
  peekthroughOverlay,
  predictAttention,
  type RgbaImage,
} from '@limbus/analytics';
import {
  PREDICTION_IMAGE_MAX_PIXELS,
  PREDICTION_IMAGE_REFUSED,
  type PredictionMedia,
} from '@limbus/contract';
import { createCanvas, ImageData, loadImage } from '@napi-rs/canvas';
import { AppError } from '../../http/app-error.js';
import { cleanImage, UnreadableImageError } from '../../media/clean-image.js';
import { detectImageFormat } from '../resources/resource-images.js';

export type ScreenshotFormat = 'png' | 'jpg';

/** Width of a card's thumbnail and the share of it shown (a 16:10 crop of the top of the page). */
const THUMB_WIDTH = 480;
const THUMB_HEIGHT = 300;

export const PREDICTION_CONTENT_TYPES: Record<ScreenshotFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
};

/** The file store key of one of a prediction's images. */
export function predictionMediaKey(id: number, kind: PredictionMedia, format: ScreenshotFormat): string {
  if (kind === 'image') return `predictions/${id}/image.${format}`;
  if (kind === 'thumb') return `predictions/${id}/thumb.jpg`;
  return `predictions/${id}/${kind}.png`;
}

export const predictionFolder = (id: number) => `predictions/${id}`;

export function mediaFormat(kind: PredictionMedia, format: ScreenshotFormat): ScreenshotFormat {
  if (kind === 'image') return format;
  return kind === 'thumb' ? 'jpg' : 'png';
}

const refused = (message = PREDICTION_IMAGE_REFUSED) => AppError.fieldError('validation', 'file', message);

/** The format of an upload by its bytes (PNG or JPEG only), whatever its name says. */
export function screenshotFormat(bytes: Uint8Array): ScreenshotFormat {
  const format = detectImageFormat(bytes);
  if (format !== 'png' && format !== 'jpg') throw refused();
  return format;
}

/** An uploaded screenshot with its pixels written afresh (cleanImage): the picture only, no metadata. */
export async function cleanUploadedPrediction(bytes: Buffer): Promise<Buffer> {
  const format = screenshotFormat(bytes);
  try {
    return (await cleanImage(bytes, format, PREDICTION_IMAGE_MAX_PIXELS)).bytes;
  } catch (error) {
    if (!(error instanceof UnreadableImageError)) throw error;
    throw refused(
      'This image could not be read, or is larger than a full page of 1920 × 12,000 px; upload it again as PNG or JPEG',
    );
  }
}

/** Decodes a screenshot into RGBA pixels; a file with the right first bytes but broken inside is refused. */
export async function decodeScreenshot(bytes: Buffer): Promise<RgbaImage> {
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(bytes);
  } catch {
    throw refused('This image could not be read; upload it again as PNG or JPEG');
  }
  const { width, height } = image;
  if (!(width > 0 && height > 0))
    throw refused('This image could not be read; upload it again as PNG or JPEG');
  if (width * height > PREDICTION_IMAGE_MAX_PIXELS)
    throw refused('This image is too large: at most a full page of 1920 × 12,000 px');
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return { width, height, data: context.getImageData(0, 0, width, height).data };
}

/** A JPEG of the top of the screenshot for the cards. */
export async function renderThumb(bytes: Buffer): Promise<Buffer> {
  const image = await loadImage(bytes);
  const scale = THUMB_WIDTH / image.width;
  const canvas = createCanvas(THUMB_WIDTH, THUMB_HEIGHT);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, THUMB_WIDTH, THUMB_HEIGHT);
  context.drawImage(image, 0, 0, THUMB_WIDTH, image.height * scale);
  return canvas.encode('jpeg', 82);
}

function pngOf(rgba: Uint8ClampedArray, width: number, height: number): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').putImageData(new ImageData(rgba, width, height), 0, 0);
  return canvas.encode('png');
}

/** The screenshot with the heatmap drawn over it: the image a download or a report shows. */
async function renderResult(screenshot: RgbaImage, heatmap: Uint8ClampedArray): Promise<Buffer> {
  const { width, height } = screenshot;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.putImageData(new ImageData(new Uint8ClampedArray(screenshot.data), width, height), 0, 0);
  const overlay = createCanvas(width, height);
  overlay.getContext('2d').putImageData(new ImageData(heatmap, width, height), 0, 0);
  context.drawImage(overlay, 0, 0);
  return canvas.encode('png');
}

export type RenderedPrediction = {
  prediction: AttentionPrediction;
  files: Record<'heatmap' | 'mask' | 'peekthrough' | 'result', Buffer>;
};

/**
 * The attention on a screenshot: the built-in model, or the ONNX model of ATTENTION_MODEL_PATH
 * when one is configured (onnxruntime is loaded only then).
 */
async function predict(screenshot: RgbaImage, modelPath: string | undefined): Promise<AttentionPrediction> {
  if (!modelPath) return predictAttention(screenshot);
  const { predictWithOnnx } = await import('./onnx-attention.js');
  return predictWithOnnx(modelPath, screenshot);
}

/** Runs the attention model on a screenshot and renders its four images as PNG. */
export async function renderPrediction(
  screenshot: RgbaImage,
  modelPath?: string | undefined,
): Promise<RenderedPrediction> {
  const prediction = await predict(screenshot, modelPath);
  const { width, height } = screenshot;
  const heatmap = colorizeDensity(prediction.density);
  const [heatmapPng, maskPng, peekthroughPng, resultPng] = await Promise.all([
    pngOf(heatmap, width, height),
    pngOf(attentionMask(prediction.density), width, height),
    pngOf(peekthroughOverlay(prediction.peekthrough), width, height),
    renderResult(screenshot, heatmap),
  ]);
  return {
    prediction,
    files: { heatmap: heatmapPng, mask: maskPng, peekthrough: peekthroughPng, result: resultPng },
  };
}

/** The attention of a stored mask, read as spec 3 reads it (luminance weights). */
export async function densityOfMask(mask: Buffer): Promise<DensityGrid> {
  return densityFromMask(await decodeScreenshot(mask));
}
