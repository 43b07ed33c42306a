import type { Prediction } from '@limbus/contract';
import { formatPercent } from '../../ui';
import { heatmapPng, type LabelledBox, loadImage } from '../../ui/heatmap-png';

export type Layer = 'heatmap' | 'peekthrough';

/** What the legend under the PNG says: the same as the viewer's legend of the layer. */
export function layerCaption(prediction: Prediction, layer: Layer): string {
  if (layer === 'heatmap') return `Predicted attention on ${prediction.title}`;
  const share = prediction.peekthrough_attention_share;
  return `Grey: unlikely to be seen in the first 3 to 5 seconds${
    share === null ? '' : ` (${formatPercent(share, { rounding: 'down' })} of the predicted attention)`
  }`;
}

const areaBoxes = (prediction: Prediction): LabelledBox[] =>
  prediction.areas_of_interest.map((area) => ({
    left: area.left,
    top: area.top,
    width: area.width,
    height: area.height,
    label:
      area.value === null ? area.name : `${area.name}: ${formatPercent(area.value, { rounding: 'down' })}`,
  }));

/**
 * The viewer as shown, as a PNG: the screenshot with the chosen layer at the chosen opacity
 * (1 to 100), the boxes with their shares, and the layer's legend.
 */
export async function predictionViewPng(
  prediction: Prediction,
  layer: Layer,
  opacity: number,
): Promise<Blob> {
  const overlayUrl = layer === 'heatmap' ? prediction.heatmap : prediction.peekthrough;
  if (!overlayUrl) throw new Error('The prediction has not been generated yet');
  const overlay = await loadImage(overlayUrl);
  return heatmapPng({
    screenshotUrl: prediction.image,
    size: { width: prediction.width, height: prediction.height },
    paint: (context, width, height) => context.drawImage(overlay, 0, 0, width, height),
    opacity: opacity / 100,
    boxes: areaBoxes(prediction),
    caption: layerCaption(prediction, layer),
    hasHeatScale: layer === 'heatmap',
  });
}
