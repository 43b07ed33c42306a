import { colorizeDensity, colorTable, type DensityGrid } from '@limbus/analytics';
import type { HeatmapScrollReach } from '@limbus/contract';
import { EMOTION_COLORS } from '../../ui';
import { formatPercent } from '../../ui/format';
import type { Painter } from '../../ui/heatmap-png';
import type { Density } from './density/density-of-cells';

/**
 * Draws a density's colours, computed at the grid's own resolution (a quarter of the page's in
 * each direction), stretched over the page with the canvas's smoothing: the density holds no finer
 * detail, and colouring every page pixel (a 1440 × 3000 page: 4.3 million) is 16 times the work.
 */
function drawPixels(context: CanvasRenderingContext2D, grid: DensityGrid, pixels: Uint8ClampedArray) {
  const { cols, rows, cellPx } = grid;
  const layer = document.createElement('canvas');
  layer.width = cols;
  layer.height = rows;
  const layerContext = layer.getContext('2d');
  if (!layerContext) return;
  layerContext.putImageData(
    new ImageData(new Uint8ClampedArray(pixels.buffer as ArrayBuffer), cols, rows),
    0,
    0,
  );
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(layer, 0, 0, cols * cellPx, rows * cellPx);
}

/** Colours a density grid with a table at the grid's resolution and draws it over the page. */
function drawGrid(
  context: CanvasRenderingContext2D,
  grid: DensityGrid,
  table?: Uint8ClampedArray,
  maxValue?: number,
) {
  const { cols, rows } = grid;
  drawPixels(
    context,
    grid,
    colorizeDensity({ ...grid, width: cols, height: rows, cellPx: 1 }, table, maxValue),
  );
}

/** The density in the heat colours (the spec's heatmap), coloured already (by the density worker). */
export const densityPainter =
  ({ grid, pixels }: Density): Painter =>
  (context) =>
    drawPixels(context, grid, pixels);

const rgbOf = (hex: string): [number, number, number] => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];
const emotionTable = (hex: string) =>
  colorTable(
    [
      { at: 0, rgb: rgbOf(hex) },
      { at: 1, rgb: rgbOf(hex) },
    ],
    235,
  );
/** The top 40 % of each emotion's density shows at full strength: a single colour fades too soon otherwise. */
const EMOTION_SATURATION = 0.6;
const FRUSTRATION_TABLE = emotionTable(EMOTION_COLORS.frustration);
const JOY_TABLE = emotionTable(EMOTION_COLORS.joy);

/**
 * The emotion map: gaze around frustration peaks in the frustration colour and around joy peaks
 * in the joy colour, each scaled to its own hottest spot (so the rarer emotion still shows).
 */
export const emotionPainter =
  (frustration: DensityGrid | null, joy: DensityGrid | null): Painter =>
  (context) => {
    if (joy) drawGrid(context, joy, JOY_TABLE, joy.max * EMOTION_SATURATION);
    if (frustration) drawGrid(context, frustration, FRUSTRATION_TABLE, frustration.max * EMOTION_SATURATION);
  };

/** Colours of the gaze plot's participants (distinct on screenshots, readable white numbers). */
export const PLOT_COLORS = ['#4c3bcf', '#e8457c', '#0b7285', '#e8590c', '#2b8a3e'] as const;

/** One participant's fixations: [x, y, duration, page time] packed. */
export type PlottedParticipant = { color: string; fixations: readonly number[] };

/** Circle radius (px) for a fixation of `ms`: area grows with the duration, 8 to 60 px. */
export const fixationRadius = (ms: number) => Math.min(60, Math.max(8, Math.sqrt(ms) * 1.6));

/** The gaze plot: numbered fixations in order, joined by their saccades, sized by duration. */
export const gazePlotPainter =
  (participants: readonly PlottedParticipant[]): Painter =>
  (context) => {
    for (const { color, fixations } of participants) {
      context.strokeStyle = color;
      context.lineWidth = 2;
      context.globalAlpha = 0.8;
      context.beginPath();
      for (let i = 0; i < fixations.length; i += 4)
        (i === 0 ? context.moveTo : context.lineTo).call(
          context,
          fixations[i] as number,
          fixations[i + 1] as number,
        );
      context.stroke();
      context.font = '600 14px sans-serif';
      context.textAlign = 'center';
      context.textBaseline = 'middle';
      for (let i = 0; i < fixations.length; i += 4) {
        const [x, y, duration] = [
          fixations[i] as number,
          fixations[i + 1] as number,
          fixations[i + 2] as number,
        ];
        context.globalAlpha = 0.75;
        context.fillStyle = color;
        context.beginPath();
        context.arc(x, y, fixationRadius(duration), 0, Math.PI * 2);
        context.fill();
        context.globalAlpha = 1;
        context.fillStyle = '#fff';
        context.fillText(String(i / 4 + 1), x, y);
      }
    }
    context.globalAlpha = 1;
    context.textAlign = 'start';
    context.textBaseline = 'alphabetic';
  };

/** The depths (px) where the share of visitors who saw the page drops below each mark. */
export function reachDepths(reach: HeatmapScrollReach, marks: readonly number[] = [0.75, 0.5, 0.25]) {
  return marks.flatMap((mark) => {
    const index = reach.shares.findIndex((share) => share < mark);
    return index > 0 ? [{ mark, depth: (index - 1) * reach.step_px }] : [];
  });
}

/** Colour of a share seen: warm where everyone looked, cool where few did. */
const reachColor = (share: number) => `hsla(${Math.round(240 * (1 - share))}, 85%, 50%, 0.42)`;

/** The scroll-reach map: each band coloured by the share who saw it, lines where a quarter drops off. */
export const scrollReachPainter =
  (reach: HeatmapScrollReach): Painter =>
  (context, width, height) => {
    reach.shares.forEach((share, i) => {
      const top = i * reach.step_px;
      if (top >= height) return;
      context.fillStyle = reachColor(share);
      context.fillRect(0, top, width, Math.min(reach.step_px, height - top));
    });
    context.font = '600 22px sans-serif';
    for (const { mark, depth } of reachDepths(reach)) {
      context.fillStyle = '#1a1b1e';
      context.fillRect(0, depth - 1, width, 3);
      const label = `${formatPercent(mark)} of participants saw this far`;
      context.fillRect(16, depth - 36, context.measureText(label).width + 20, 32);
      context.fillStyle = '#fff';
      context.fillText(label, 26, depth - 13);
    }
  };
