import { packPointCells, unpackPointCells } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { compareMeasured } from './measured-vs-predicted';

const WIDTH = 160;
const HEIGHT = 120;

/** A grey mask (luminance = attention) bright only in the 40 × 40 px square at the top left. */
function maskHotAtTopLeft() {
  const data = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const level = x < 40 && y < 40 ? 255 : 10;
      data.set([level, level, level, 255], (y * WIDTH + x) * 4);
    }
  return { width: WIDTH, height: HEIGHT, data };
}

/** `n` gaze points around (cx, cy), binned into cells as the points call answers them, and read back. */
function gazeAround(cx: number, cy: number, n = 40) {
  const x = Array.from({ length: n }, (_, i) => cx + (i % 5) * 3);
  const y = Array.from({ length: n }, (_, i) => cy + Math.floor(i / 5) * 3);
  return unpackPointCells(packPointCells(x, y).cells);
}

describe('compareMeasured', () => {
  it('scores a prediction that matches the gaze high, and one that misses it low', () => {
    const hit = compareMeasured(gazeAround(15, 10), maskHotAtTopLeft());
    const miss = compareMeasured(gazeAround(120, 90), maskHotAtTopLeft());
    expect(hit.auc).toBeGreaterThan(0.9);
    expect(miss.auc).toBeLessThan(0.5);
    expect(hit.nss).toBeGreaterThan(0);
    expect(miss.nss).toBeLessThan(0);
    expect(hit.cc).toBeGreaterThan(miss.cc);
  });

  it('gives a difference of shares: positive where people looked more than predicted, summing to 0', () => {
    const result = compareMeasured(gazeAround(120, 90), maskHotAtTopLeft());
    const { cols, cellPx } = result.predicted;
    const cell = (x: number, y: number) =>
      result.difference[Math.floor(y / cellPx) * cols + Math.floor(x / cellPx)] ?? 0;
    expect(cell(125, 95)).toBeGreaterThan(0);
    expect(cell(10, 10)).toBeLessThan(0);
    expect(result.difference.reduce((sum, value) => sum + value, 0)).toBeCloseTo(0, 4);
  });
});
