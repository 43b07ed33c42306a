import {
  CAPTURE_DEVICES,
  PREDICTION_IMAGE_MAX_BYTES,
  PREDICTION_IMAGE_MAX_PIXELS,
  type PredictionCapture,
} from '@limbus/contract';
import type { CaptureSettings } from '../../config.js';
import { AppError } from '../../http/app-error.js';
import { CaptureError } from '../heatmaps/capture-address.js';
import { CAPTURE_MAX_HEIGHT, type CaptureShot, capturePage } from '../heatmaps/heatmap-capture.js';

/** The shot of a capture: the device's viewport, the first screen or the full page within the upload limits. */
export function predictionShot({ device, view }: Pick<PredictionCapture, 'device' | 'view'>): CaptureShot {
  const { width, height } = CAPTURE_DEVICES[device];
  return {
    viewport: { width, height },
    isMobile: device === 'mobile',
    fullPage: view === 'full_page',
    maxHeight: Math.min(CAPTURE_MAX_HEIGHT, Math.floor(PREDICTION_IMAGE_MAX_PIXELS / width)),
    maxBytes: PREDICTION_IMAGE_MAX_BYTES,
  };
}

/**
 * Captures the page for a prediction with the heatmaps' capture (its address checks on the page,
 * every redirect and sub-request); why it failed is answered as a 400 on `url`.
 */
export function capturerFor(settings: CaptureSettings) {
  return async (input: PredictionCapture): Promise<Buffer> => {
    try {
      return await capturePage(input.url, settings, async () => {}, { shot: predictionShot(input) });
    } catch (error) {
      if (error instanceof CaptureError) throw AppError.fieldError('validation', 'url', error.message);
      throw error;
    }
  };
}
