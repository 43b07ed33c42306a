import { type Box, HEAT_GRADIENT } from '@limbus/analytics';

/** Draws an overlay onto a canvas of the page's size (page px). */
export type Painter = (context: CanvasRenderingContext2D, width: number, height: number) => void;

const LEGEND_HEIGHT = 64;
/** The overlay's opacity on the gaze heatmaps' screen. */
const GAZE_OVERLAY_OPACITY = 0.75;

/** A box as drawn in the PNG, with the label written in its corner. */
export type LabelledBox = Box & { label: string };

export function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The screenshot could not be loaded'));
    image.src = url;
  });
}

/**
 * The view as shown, as a PNG: the screenshot, the heatmap at the opacity of the screen, the
 * areas of interest with their names and shares, and below them a legend saying what was drawn.
 */
export async function heatmapPng(options: {
  screenshotUrl: string;
  size: { width: number; height: number };
  paint: Painter;
  /** The overlay's opacity as on the screen, 0 to 1. */
  opacity?: number;
  boxes: readonly LabelledBox[];
  caption: string;
  /** The heat scale is drawn only under the heatmap itself. */
  hasHeatScale: boolean;
}): Promise<Blob> {
  const { boxes } = options;
  const { width, height } = options.size;
  const image = await loadImage(options.screenshotUrl);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height + LEGEND_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the image');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, width, height);
  const overlay = document.createElement('canvas');
  overlay.width = width;
  overlay.height = height;
  const overlayContext = overlay.getContext('2d');
  if (overlayContext) options.paint(overlayContext, width, height);
  context.globalAlpha = options.opacity ?? GAZE_OVERLAY_OPACITY;
  context.drawImage(overlay, 0, 0);
  context.globalAlpha = 1;
  context.font = '600 18px sans-serif';
  for (const box of boxes) {
    context.lineWidth = 3;
    context.strokeStyle = '#fff';
    context.strokeRect(box.left, box.top, box.width, box.height);
    const label = fittedLabel(box.label, box.width - 12, (text) => context.measureText(text).width);
    context.fillStyle = '#1a1b1e';
    context.fillRect(box.left, box.top, context.measureText(label).width + 12, 28);
    context.fillStyle = '#fff';
    context.fillText(label, box.left + 6, box.top + 20);
  }
  const top = height + 20;
  context.fillStyle = '#1a1b1e';
  context.font = '16px sans-serif';
  if (options.hasHeatScale) {
    const gradient = context.createLinearGradient(24, 0, 264, 0);
    for (const { at, rgb } of HEAT_GRADIENT) gradient.addColorStop(at, `rgb(${rgb.join(',')})`);
    context.fillStyle = gradient;
    context.fillRect(24, top, 240, 20);
    context.fillStyle = '#1a1b1e';
    context.fillText(`Fewer → most  ·  ${options.caption}`, 280, top + 16);
  } else context.fillText(options.caption, 24, top + 16);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The PNG could not be made'))),
      'image/png',
    ),
  );
}

/**
 * The label cut to fit its box (issue 26: labels of adjacent boxes ran into each other): the whole
 * label when it fits; else the name is cut with '…' and the value after the last ': ' (a box's
 * share) kept, as that is what the label is for; in a box too small for that, the value alone.
 */
export function fittedLabel(label: string, maxWidth: number, widthOf: (text: string) => number): string {
  if (widthOf(label) <= maxWidth) return label;
  const split = label.lastIndexOf(': ');
  const [name, value] = split < 0 ? [label, ''] : [label.slice(0, split), label.slice(split)];
  for (let length = name.length - 1; length >= 1; length--) {
    const cut = `${name.slice(0, length)}…${value}`;
    if (widthOf(cut) <= maxWidth) return cut;
  }
  return value ? value.slice(2) : `${name.slice(0, 1)}…`;
}
