import { describe, expect, it } from 'vitest';
import { attentionMask, densityFromMask, MASK_LUMINANCE_WEIGHTS } from './attention-mask.js';
import { peekthroughMask, peekthroughOverlay } from './peekthrough-mask.js';
import { predictAttention } from './predict-attention.js';
import { correlationCoefficient } from './saliency-metrics.js';
import { fillRect, solidImage } from './test-helpers.js';

describe('densityFromMask', () => {
  it('reads attention as luminance 0.2126 R + 0.7152 G + 0.0722 B', () => {
    // Three 8 px cells side by side: pure red, pure green, pure blue.
    const image = solidImage(24, 8, [0, 0, 0]);
    fillRect(image, { x: 0, y: 0, width: 8, height: 8 }, [255, 0, 0]);
    fillRect(image, { x: 8, y: 0, width: 8, height: 8 }, [0, 255, 0]);
    fillRect(image, { x: 16, y: 0, width: 8, height: 8 }, [0, 0, 255]);
    const { values } = densityFromMask(image);
    expect(MASK_LUMINANCE_WEIGHTS).toEqual([0.2126, 0.7152, 0.0722]);
    expect(values[0]).toBeCloseTo(0.2126, 6);
    expect(values[1]).toBeCloseTo(0.7152, 6);
    expect(values[2]).toBeCloseTo(0.0722, 6);
  });

  it('averages partial cells and gives zeros for a black mask', () => {
    const image = solidImage(12, 8, [255, 255, 255]);
    const d = densityFromMask(image);
    expect([...d.values]).toEqual([0.5, 0.5]);
    expect(densityFromMask(solidImage(8, 8, [0, 0, 0])).total).toBe(0);
  });
});

describe('attentionMask', () => {
  const image = solidImage(800, 600, [245, 245, 245]);
  fillRect(image, { x: 500, y: 400, width: 120, height: 40 }, [220, 40, 40]);
  const { density } = predictAttention(image);

  it('is an opaque grey image, (nearly) white at the hottest cell', () => {
    const mask = attentionMask(density);
    expect(mask.length).toBe(800 * 600 * 4);
    let brightest = 0;
    let notGrey = 0;
    for (let i = 0; i < mask.length; i += 4) {
      if (mask[i] !== mask[i + 1] || mask[i] !== mask[i + 2] || mask[i + 3] !== 255) notGrey++;
      brightest = Math.max(brightest, mask[i] as number);
    }
    expect(notGrey).toBe(0);
    // Pixel centres never fall exactly on a cell centre, so the bilinear peak is a shade below 255.
    expect(brightest).toBeGreaterThanOrEqual(250);
  });

  it('round-trips through densityFromMask', () => {
    const back = densityFromMask({ width: 800, height: 600, data: attentionMask(density) });
    expect(back.total).toBeCloseTo(1, 5);
    expect(correlationCoefficient(back.values, density.values)).toBeGreaterThan(0.999);
    let worst = 0;
    for (let i = 0; i < back.values.length; i++)
      worst = Math.max(worst, Math.abs((back.values[i] as number) - (density.values[i] as number)));
    expect(worst).toBeLessThan(0.02 * density.max);
  });
});

describe('peekthrough', () => {
  it('marks the lowest-density quarter of the first screen, ties top-left first', () => {
    // One row of 4 cells on a 32 × 8 page with the fold below it: 0.4 0.3 0.2 0.1.
    const density = {
      width: 32,
      height: 8,
      cellPx: 8,
      cols: 4,
      rows: 1,
      values: Float32Array.of(0.4, 0.3, 0.2, 0.1),
      total: 1,
      max: 0.4,
    };
    const mask = peekthroughMask(density, 8, 0.75);
    // 0.4 + 0.3 = 0.7 < 0.75, so 0.2 is seen too; 0.1 is hidden.
    expect([...mask.isHidden]).toEqual([0, 0, 0, 1]);
    expect(mask.hiddenAreaShare).toBe(0.25);
    expect(mask.hiddenAttentionShare).toBeCloseTo(0.1, 6);
    const tie = peekthroughMask({ ...density, values: Float32Array.of(0.25, 0.25, 0.25, 0.25) }, 8, 0.5);
    expect([...tie.isHidden]).toEqual([0, 0, 1, 1]);
  });

  it('draws hidden cells in the fog colour and leaves seen cells transparent', () => {
    const mask = peekthroughMask(
      {
        width: 16,
        height: 8,
        cellPx: 8,
        cols: 2,
        rows: 1,
        values: Float32Array.of(0.9, 0.1),
        total: 1,
        max: 0.9,
      },
      8,
    );
    const rgba = peekthroughOverlay(mask, [1, 2, 3, 4]);
    expect([...rgba.subarray(0, 4)]).toEqual([0, 0, 0, 0]);
    expect([...rgba.subarray(8 * 4, 8 * 4 + 4)]).toEqual([1, 2, 3, 4]);
    expect([...rgba.subarray((7 * 16 + 15) * 4)]).toEqual([1, 2, 3, 4]);
  });
});
