import { describe, expect, it } from 'vitest';
import { colorizeDensity } from './heatmap-density.js';
import { positionPriorDensity } from './position-prior.js';
import { predictAttention } from './predict-attention.js';
import { correlationCoefficient } from './saliency-metrics.js';
import { fillRect, peakOf, solidImage } from './test-helpers.js';

const GREY = [128, 128, 128] as const;
const sum = (values: Float32Array) => values.reduce((a, v) => a + v, 0);

describe('predictAttention', () => {
  it('puts the peak on a single saturated button on grey, far from where the prior peaks', () => {
    const image = solidImage(1280, 720, GREY);
    const button = { x: 980, y: 560, width: 160, height: 48 };
    fillRect(image, button, [230, 90, 50]);
    const peak = peakOf(predictAttention(image).density);
    expect(peak.x).toBeGreaterThanOrEqual(button.x);
    expect(peak.x).toBeLessThanOrEqual(button.x + button.width);
    expect(peak.y).toBeGreaterThanOrEqual(button.y - 8);
    expect(peak.y).toBeLessThanOrEqual(button.y + button.height + 8);
  });

  it('puts the peak on a single bright button on grey', () => {
    const image = solidImage(1280, 720, GREY);
    const button = { x: 120, y: 520, width: 160, height: 48 };
    fillRect(image, button, [255, 255, 255]);
    const peak = peakOf(predictAttention(image).density);
    expect(Math.abs(peak.x - (button.x + button.width / 2))).toBeLessThanOrEqual(button.width / 2);
    expect(Math.abs(peak.y - (button.y + button.height / 2))).toBeLessThanOrEqual(button.height / 2 + 8);
  });

  it('gives the position prior on a uniform image: top-left/centre peak, falling with depth', () => {
    const width = 1280;
    const height = 4000;
    const { density } = predictAttention(solidImage(width, height, GREY));
    const peak = peakOf(density);
    const fold = (width * 1080) / 1920;
    expect(peak.x).toBeGreaterThan(0.25 * width);
    expect(peak.x).toBeLessThan(0.55 * width);
    expect(peak.y).toBeLessThan(0.5 * fold);
    const rowSums = Array.from({ length: density.rows }, (_, r) =>
      sum(density.values.subarray(r * density.cols, (r + 1) * density.cols)),
    );
    for (let r = 1; r < rowSums.length; r++)
      expect(rowSums[r] as number).toBeLessThanOrEqual((rowSums[r - 1] as number) * (1 + 1e-4) + 1e-9);
    // Below the plateau it falls: the second screen holds far less than the first.
    const rowsPerScreen = Math.round(fold / density.cellPx);
    const screen = (k: number) =>
      rowSums.slice(k * rowsPerScreen, (k + 1) * rowsPerScreen).reduce((a, v) => a + v, 0);
    expect(screen(1)).toBeLessThan(0.5 * screen(0));
    expect(
      correlationCoefficient(density.values, positionPriorDensity(width, height).values),
    ).toBeGreaterThan(0.99);
  });

  it('returns a density that sums to 1 on cells of 8 px', () => {
    const image = solidImage(333, 777, [250, 250, 250]);
    fillRect(image, { x: 20, y: 40, width: 200, height: 30 }, [20, 20, 20]);
    const { density } = predictAttention(image);
    expect([density.cols, density.rows, density.cellPx]).toEqual([42, 98, 8]);
    expect(sum(density.values)).toBeCloseTo(1, 5);
    expect(density.total).toBeCloseTo(1, 5);
    expect(density.values.every((v) => v >= 0)).toBe(true);
    expect(density.max).toBe(Math.max(...density.values));
  });

  it('is deterministic', () => {
    const make = () => {
      const image = solidImage(640, 480, [240, 240, 240]);
      fillRect(image, { x: 50, y: 60, width: 300, height: 120 }, [200, 150, 120]);
      fillRect(image, { x: 400, y: 300, width: 100, height: 40 }, [0, 90, 200]);
      return predictAttention(image);
    };
    const a = make();
    const b = make();
    expect(a.density.values).toEqual(b.density.values);
    expect(a.peekthrough.isHidden).toEqual(b.peekthrough.isHidden);
  });

  it('hides everything below the fold and the least attended part of the first screen', () => {
    const image = solidImage(1280, 3000, GREY);
    fillRect(image, { x: 100, y: 100, width: 400, height: 60 }, [20, 20, 20]);
    const { density, peekthrough } = predictAttention(image, { foldPx: 720 });
    const foldRow = 720 / 8;
    expect(peekthrough.isHidden.subarray(foldRow * density.cols).every((v) => v === 1)).toBe(true);
    let seenMass = 0;
    let screenMass = 0;
    for (let i = 0; i < foldRow * density.cols; i++) {
      screenMass += density.values[i] as number;
      if (peekthrough.isHidden[i] === 0) seenMass += density.values[i] as number;
    }
    expect(seenMass / screenMass).toBeGreaterThanOrEqual(0.75);
    expect(seenMass / screenMass).toBeLessThan(0.77);
    expect(peekthrough.hiddenAttentionShare).toBeCloseTo(1 - seenMass, 5);
  });

  it("colours for display with the measured heatmaps' colorizeDensity: red at the peak", () => {
    const image = solidImage(320, 240, GREY);
    fillRect(image, { x: 200, y: 150, width: 60, height: 24 }, [250, 250, 250]);
    const { density } = predictAttention(image);
    const rgba = colorizeDensity(density);
    expect(rgba.length).toBe(320 * 240 * 4);
    const peak = peakOf(density);
    const at = (Math.floor(peak.y) * 320 + Math.floor(peak.x)) * 4;
    expect([rgba[at], rgba[at + 1], rgba[at + 2]]).toEqual([255, expect.any(Number), 0]);
    expect(rgba[at + 1]).toBeLessThan(40);
  });

  it('refuses an empty image and pixel data shorter than the image', () => {
    const short = { width: 10, height: 10, data: new Uint8ClampedArray(10) };
    expect(() => predictAttention(short)).toThrow(RangeError);
    expect(() => predictAttention({ width: 0, height: 10, data: new Uint8ClampedArray(0) })).toThrow(
      RangeError,
    );
  });
});
