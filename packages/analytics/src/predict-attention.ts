import { boxBlurGaussian } from './box-blur.js';
import { type CellFeatures, cellFeatures, type RgbaImage } from './cell-features.js';
import type { DensityGrid } from './heatmap-density.js';
import { gridShape, normalizedDensity } from './normalized-density.js';
import { type PeekthroughMask, peekthroughMask } from './peekthrough-mask.js';
import {
  DEFAULT_POSITION_PRIOR,
  defaultFoldPx,
  type PositionPriorOptions,
  positionPrior,
} from './position-prior.js';

/** Weights of the feature maps in the attention model (they sum to 1). */
export type AttentionWeights = {
  intensity: number;
  colour: number;
  text: number;
  buttons: number;
  pictures: number;
  skin: number;
};

export type AttentionOptions = PositionPriorOptions & {
  /** Cell size of the output density and of every feature map, image px. */
  cellPx: number;
  /** Standard deviation of the final blur, image px. */
  sigmaPx: number;
  /** Attention of a featureless cell, relative to a cell where every feature peaks (S = 1). */
  floor: number;
  /** Share of the first screen's attention that counts as seen in the first seconds. */
  seenShare: number;
  weights: AttentionWeights;
};

/**
 * Defaults, set from the literature and the shapes of interfaces before any scoring (see
 * docs/attention-model.md for the reasons):
 * - cells of 8 px: 1° of visual angle (≈ 36 px on a 1920-wide screen at 60 cm) spans 4.5 cells,
 *   finer than a prediction of where people look can be right about;
 * - σ 30 px: the blur of the measured gaze heatmaps (DEFAULT_DENSITY_OPTIONS.sigmaPx), so that a
 *   prediction and a measured heatmap compare like with like;
 * - floor 0.1: blank space keeps a tenth of the attention of the most salient spot at the same
 *   position, through the position prior (people glance over empty areas too);
 * - seenShare 0.75 (see peekthroughMask);
 * - weights: text and pictures (images, illustrations) 0.2 each, the main targets of fixations
 *   on web pages (Buscher et al. 2009; Shen & Zhao 2014); intensity contrast (headlines, dark or
 *   bright blocks) 0.2; colour contrast 0.15; compact saturated blobs (buttons, badges) 0.15;
 *   skin-coloured blobs (faces, hands) 0.1, low because the skin-tone rule also fires on
 *   skin-coloured things that are not people.
 */
export const DEFAULT_ATTENTION_OPTIONS: Omit<AttentionOptions, 'foldPx'> = {
  ...DEFAULT_POSITION_PRIOR,
  cellPx: 8,
  sigmaPx: 30,
  floor: 0.1,
  seenShare: 0.75,
  weights: { intensity: 0.2, colour: 0.15, text: 0.2, buttons: 0.15, pictures: 0.2, skin: 0.1 },
};

/** Centre and surround σ pairs of the contrast maps, image px: element to section scale. */
const CONTRAST_SCALES_PX: readonly (readonly [number, number])[] = [
  [8, 32],
  [16, 64],
  [32, 128],
];

/** A map whose maximum stays below this (in units of 255) is float noise, not a feature: left out. */
const MIN_FEATURE = 1e-3;

export type AttentionPrediction = {
  /** Where attention goes, sum 1, on cells of `cellPx`; colour it with colorizeDensity. */
  density: DensityGrid;
  /** Areas unlikely to be seen in the first 3–5 s (see peekthroughMask). */
  peekthrough: PeekthroughMask;
};

/**
 * Predicts where people look on a screenshot of a web page or app (RGBA, 1 image px = 1 CSS px;
 * a viewport or a full page). A bottom-up saliency model in the manner of Itti, Koch & Niebur
 * (1998), with feature maps chosen for interfaces, weighted by a position prior:
 *
 * 1. The image is measured on cells of `cellPx` (cellFeatures: luminance, colour opponency,
 *    saturation, stroke density, skin tone).
 * 2. Feature maps, each |centre − surround| of Gaussian blurs (σ in px, CONTRAST_SCALES_PX):
 *    intensity contrast on luminance and colour contrast on R − G and B − (R+G)/2, summed over
 *    three scales (8/32, 16/64, 32/128 px); text = stroke density blurred at 8 px; buttons =
 *    saturation standing out from its surround, max(0, sat₈ − sat₄₈); pictures = coarse local
 *    variation of luminance and saturation (the standard deviation within σ 16 px) spread over
 *    σ 48 px, large where images and illustrations are; skin = max(0, skin₃₂ − skin₁₂₈), compact
 *    skin-coloured areas (a skin-tone heuristic, not face detection).
 * 3. Each map is divided by its maximum and the maps are summed with `weights` into S (0–1):
 *    every kind of feature has its weight where it is strongest on the page, and no map
 *    dominates because its raw units are larger. Maps whose maximum is below 1e-3 are left out,
 *    so S = 0 on a uniform image.
 * 4. Attention = (floor + S) × positionPrior, blurred with σ `sigmaPx` and scaled to sum 1.
 *
 * Pure and deterministic; O(pixels) for the measurement, O(cells) for the rest (box-filter
 * blurs). Units: image px throughout; the density is per cell.
 */
export function predictAttention(
  image: RgbaImage,
  options: Partial<AttentionOptions> = {},
): AttentionPrediction {
  const o: AttentionOptions = {
    ...DEFAULT_ATTENTION_OPTIONS,
    foldPx: defaultFoldPx(image.width),
    ...options,
  };
  const f = cellFeatures(image, o.cellPx);
  const shape = gridShape(image.width, image.height, o.cellPx);
  const saliency = combineFeatures(featureMaps(f), o.weights);
  const prior = positionPrior(shape, o);
  const raw = new Float32Array(prior.length);
  for (let i = 0; i < raw.length; i++) raw[i] = (o.floor + (saliency[i] as number)) * (prior[i] as number);
  const density = normalizedDensity(boxBlurGaussian(raw, f.cols, f.rows, o.sigmaPx / o.cellPx), shape);
  return { density, peekthrough: peekthroughMask(density, o.foldPx, o.seenShare) };
}

type FeatureMaps = Record<keyof AttentionWeights, Float32Array>;

/** The six feature maps of step 2 of predictAttention, on the cells of `f`. */
function featureMaps(f: CellFeatures): FeatureMaps {
  const blur = cachedBlur(f.cols, f.rows, f.cellPx);
  const contrast = (values: Float32Array): Float32Array => {
    const out = new Float32Array(values.length);
    for (const [centre, surround] of CONTRAST_SCALES_PX) {
      const c = blur(values, centre);
      const s = blur(values, surround);
      for (let i = 0; i < out.length; i++)
        out[i] = (out[i] as number) + Math.abs((c[i] as number) - (s[i] as number));
    }
    return out;
  };
  return {
    intensity: contrast(f.lum),
    colour: add(contrast(f.rg), contrast(f.by)),
    text: blur(f.edge, 8),
    buttons: positiveDifference(blur(f.sat, 8), blur(f.sat, 48)),
    pictures: blur(add(localDeviation(f.lum, blur, 16), localDeviation(f.sat, blur, 16)), 48),
    skin: positiveDifference(blur(f.skin, 32), blur(f.skin, 128)),
  };
}

/**
 * Gaussian blur (σ in image px) of grids of `cols × rows` cells of `cellPx`, remembering each
 * map's blurs so that the scales the contrast maps share are blurred once (the blurred maps are
 * shared: never change them in place).
 */
function cachedBlur(cols: number, rows: number, cellPx: number) {
  const cache = new Map<Float32Array, Map<number, Float32Array>>();
  return (values: Float32Array, sigmaPx: number): Float32Array => {
    let bySigma = cache.get(values);
    if (!bySigma) {
      bySigma = new Map();
      cache.set(values, bySigma);
    }
    let out = bySigma.get(sigmaPx);
    if (!out) {
      out = boxBlurGaussian(values, cols, rows, sigmaPx / cellPx);
      bySigma.set(sigmaPx, out);
    }
    return out;
  };
}

/** S of step 3: Σ weight × map / max(map), leaving out maps whose max is below MIN_FEATURE. */
function combineFeatures(maps: FeatureMaps, weights: AttentionWeights): Float32Array {
  const names = Object.keys(weights) as (keyof AttentionWeights)[];
  const out = new Float32Array(maps.intensity.length);
  for (const name of names) {
    const map = maps[name];
    let max = 0;
    for (let i = 0; i < map.length; i++) if ((map[i] as number) > max) max = map[i] as number;
    if (!(max >= MIN_FEATURE)) continue;
    const k = weights[name] / max;
    for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) + k * (map[i] as number);
  }
  return out;
}

/** Variances below this (a quarter of a grey level, squared) are float rounding of a flat area. */
const MIN_VARIANCE = 1e-6;

/** Standard deviation of `values` within a Gaussian window of σ `sigmaPx`: √(E[v²] − E[v]²). */
function localDeviation(
  values: Float32Array,
  blur: (v: Float32Array, sigmaPx: number) => Float32Array,
  sigmaPx: number,
): Float32Array {
  const squares = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) squares[i] = (values[i] as number) * (values[i] as number);
  const mean = blur(values, sigmaPx);
  const meanSquares = blur(squares, sigmaPx);
  const out = new Float32Array(values.length);
  for (let i = 0; i < out.length; i++) {
    const m = mean[i] as number;
    const variance = (meanSquares[i] as number) - m * m;
    out[i] = variance > MIN_VARIANCE ? Math.sqrt(variance) : 0;
  }
  return out;
}

/** max(0, a − b) cell by cell. */
function positiveDifference(a: Float32Array, b: Float32Array): Float32Array {
  return a.map((v, i) => Math.max(0, v - (b[i] as number)));
}

/** a + b cell by cell. */
function add(a: Float32Array, b: Float32Array): Float32Array {
  return a.map((v, i) => v + (b[i] as number));
}
