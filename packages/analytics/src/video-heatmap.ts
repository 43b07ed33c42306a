import { colorizeDensity, densityGrid } from './heatmap-density.js';
import { FIXATION_RADIUS_PX, REFERENCE_HEIGHT, REFERENCE_WIDTH } from './samples.js';

/** Everyone's valid gaze on the video timeline, in time order: ms from video start, frame px. */
export type VideoGaze = { time: Float64Array; x: Float32Array; y: Float32Array };

/**
 * Merges the participants' gaze (timestamps already ms from video start, reference-frame px)
 * into one time-ordered list, dropping lost samples (NaN) and samples outside the frame.
 * O(n log n) for n samples in all.
 */
export function mergeVideoGaze(
  participants: readonly { timestamp: ArrayLike<number>; x: ArrayLike<number>; y: ArrayLike<number> }[],
): VideoGaze {
  let n = 0;
  for (const g of participants) n += g.timestamp.length;
  const time = new Float64Array(n);
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  let m = 0;
  for (const g of participants) {
    for (let i = 0; i < g.timestamp.length; i++) {
      const gx = g.x[i] as number;
      const gy = g.y[i] as number;
      if (!(gx >= 0 && gx < REFERENCE_WIDTH && gy >= 0 && gy < REFERENCE_HEIGHT)) continue;
      time[m] = g.timestamp[i] as number;
      x[m] = gx;
      y[m] = gy;
      m++;
    }
  }
  const order = Uint32Array.from({ length: m }, (_, i) => i).sort(
    (a, b) => (time[a] as number) - (time[b] as number) || a - b,
  );
  const sorted: VideoGaze = { time: new Float64Array(m), x: new Float32Array(m), y: new Float32Array(m) };
  for (let i = 0; i < m; i++) {
    const j = order[i] as number;
    sorted.time[i] = time[j] as number;
    sorted.x[i] = x[j] as number;
    sorted.y[i] = y[j] as number;
  }
  return sorted;
}

export type VideoHeatmapOptions = {
  /** Overlay size in px; the 1920×1080 frame is scaled to it. */
  width: number;
  height: number;
  /** Gaze within ± windowMs / 2 of a frame's time makes up that frame. */
  windowMs: number;
  /** Blur in reference-frame px (scaled with the overlay). */
  sigmaPx: number;
  /** Frames the colour scale is fitted to: one per 1000 / fps ms over durationMs. */
  durationMs: number;
  fps: number;
};

/**
 * Defaults: a 1 s window (about three fixations of each viewer: where people look now, without
 * the flicker of single samples) and the page heatmaps' blur (2 × the fixation radius).
 */
export const DEFAULT_VIDEO_HEATMAP_OPTIONS = { windowMs: 1000, sigmaPx: 2 * FIXATION_RADIUS_PX } as const;

/** Cells of 2 overlay px: the blur is several cells wide, so nothing visible is lost. */
const CELL_PX = 2;
/** The colour scale ends at this quantile of the frames' peaks: outliers do not wash out the rest. */
const SCALE_QUANTILE = 0.95;

/**
 * The gaze heatmap of a video, frame by frame: frame(t) is the density (densityGrid) of all gaze
 * samples with time in [t − windowMs/2, t + windowMs/2), scaled to the overlay, coloured with the
 * heatmap colour table (colorizeDensity, straight-alpha RGBA, width × height × 4). One colour
 * scale serves the whole video, fitted to the 95th percentile of the frames' peak densities, so
 * that a moment when everyone looks at one spot glows hotter than one when a single viewer does.
 * Construction computes every frame's grid once (O(frames × cells × σ)); frameAt is O(window
 * samples + cells × σ + pixels) and may be called for any time, in any order.
 */
export function videoHeatmapFrames(
  gaze: VideoGaze,
  options: Pick<VideoHeatmapOptions, 'width' | 'height' | 'durationMs' | 'fps'> &
    Partial<VideoHeatmapOptions>,
): { frameAt: (timeMs: number) => Uint8ClampedArray; maxValue: number } {
  const o = { ...DEFAULT_VIDEO_HEATMAP_OPTIONS, ...options };
  const scaleX = o.width / REFERENCE_WIDTH;
  const scaleY = o.height / REFERENCE_HEIGHT;
  const x = Float32Array.from(gaze.x, (v) => v * scaleX);
  const y = Float32Array.from(gaze.y, (v) => v * scaleY);
  const gridAt = (timeMs: number) => {
    const from = lowerBound(gaze.time, timeMs - o.windowMs / 2);
    const to = lowerBound(gaze.time, timeMs + o.windowMs / 2);
    return densityGrid({ x: x.subarray(from, to), y: y.subarray(from, to) }, o.width, o.height, {
      cellPx: CELL_PX,
      sigmaPx: o.sigmaPx * scaleX,
    });
  };
  const peaks: number[] = [];
  for (let t = 0; t < o.durationMs; t += 1000 / o.fps) peaks.push(gridAt(t).max);
  peaks.sort((a, b) => a - b);
  const maxValue = peaks[Math.min(peaks.length - 1, Math.floor(SCALE_QUANTILE * peaks.length))] ?? 0;
  return { frameAt: (timeMs) => colorizeDensity(gridAt(timeMs), undefined, maxValue), maxValue };
}

/** The first index whose value is ≥ `value` (binary search in an ascending array). */
function lowerBound(values: Float64Array, value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
