import {
  aucJudd,
  correlationCoefficient,
  type DensityGrid,
  densityFromMask,
  densityGrid,
  fixationMap,
  nss,
  type Points,
} from '@limbus/analytics';

/** Cells of the comparison: the predictions' mask is read on 8 px cells, the measured gaze binned alike. */
const CELL_PX = 8;
/** The blur of the measured heatmaps, so that both maps are alike in kind. */
const SIGMA_PX = 30;

export type Comparison = {
  measured: DensityGrid;
  predicted: DensityGrid;
  /** Measured minus predicted share per cell (row-major); positive where people looked more. */
  difference: Float32Array;
  auc: number;
  nss: number;
  cc: number;
};

/**
 * The measured gaze against the predicted mask (same image, same cells): AUC-Judd, NSS and CC as
 * the evaluation command computes them (docs/attention-model.md), and the difference of shares.
 */
export function compareMeasured(
  points: Points,
  mask: { width: number; height: number; data: Uint8ClampedArray },
): Comparison {
  const predicted = densityFromMask(mask, CELL_PX);
  const measured = densityGrid(points, mask.width, mask.height, { cellPx: CELL_PX, sigmaPx: SIGMA_PX });
  const fixated = fixationMap(points, predicted);
  const difference = new Float32Array(predicted.values.length);
  const measuredTotal = measured.total || 1;
  const predictedTotal = predicted.total || 1;
  for (let i = 0; i < difference.length; i++)
    difference[i] = (measured.values[i] ?? 0) / measuredTotal - (predicted.values[i] ?? 0) / predictedTotal;
  return {
    measured,
    predicted,
    difference,
    auc: aucJudd(predicted.values, fixated),
    nss: nss(predicted.values, fixated),
    cc: correlationCoefficient(predicted.values, measured.values),
  };
}

/** RGBA of a cell grid: the measured heat from transparent blue to opaque red. */
export function heatPixels(grid: DensityGrid): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(grid.values.length * 4);
  const max = grid.max || 1;
  grid.values.forEach((value, i) => {
    const t = Math.min(1, value / max);
    rgba.set(
      [
        Math.round(255 * t),
        Math.round(80 * (1 - Math.abs(2 * t - 1))),
        Math.round(255 * (1 - t)),
        Math.round(200 * Math.sqrt(t)),
      ],
      i * 4,
    );
  });
  return rgba;
}

/** RGBA of the difference: red where people looked more than predicted, blue where less. */
export function differencePixels(difference: Float32Array): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(difference.length * 4);
  let max = 0;
  for (const value of difference) max = Math.max(max, Math.abs(value));
  difference.forEach((value, i) => {
    const t = max > 0 ? value / max : 0;
    const alpha = Math.round(220 * Math.sqrt(Math.abs(t)));
    rgba.set(t >= 0 ? [220, 38, 38, alpha] : [37, 99, 235, alpha], i * 4);
  });
  return rgba;
}
