import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HEATMAP_CELL_PX, packPointCells, unpackPointCells } from './heatmap-cells.js';

/** Samples per cell key `column,row` of cells of `cellPx`, points rounded to whole px first. */
function histogram(x: ArrayLike<number>, y: ArrayLike<number>, cellPx: number) {
  const counts = new Map<string, number>();
  for (let i = 0; i < x.length; i++) {
    const px = x[i] as number;
    const py = y[i] as number;
    if (!Number.isFinite(px) || !Number.isFinite(py)) continue;
    const key = `${Math.floor(Math.round(px) / cellPx)},${Math.floor(Math.round(py) / cellPx)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

const coordinate = fc.oneof(
  fc.double({ min: -50, max: 2000, noNaN: true }),
  fc.integer({ min: 0, max: 1920 }),
  fc.constant(Number.NaN),
);

describe('packPointCells / unpackPointCells', () => {
  it('packs the samples into row-major cells with steps: [row step, column, count]', () => {
    // Cells (0,0)×2, (5,0), (1,2), (3,2)
    const packed = packPointCells([1, 2, 21, 5, 13], [0, 3, 1, 9, 10]);
    expect(packed).toEqual({ cells: [0, 0, 2, 0, 5, 1, 2, 1, 1, 0, 2, 1], samples: 5 });
  });

  it('leaves out points that are not finite', () => {
    expect(packPointCells([Number.NaN, 4, Number.POSITIVE_INFINITY], [1, 4, 2])).toEqual({
      cells: [1, 1, 1],
      samples: 1,
    });
  });

  it('unpacks to points in the same cells, of this cell size and of its multiples', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(coordinate, coordinate), { maxLength: 300 }), (pairs) => {
        const x = pairs.map(([px]) => px);
        const y = pairs.map(([, py]) => py);
        const { cells, samples } = packPointCells(x, y);
        const unpacked = unpackPointCells(cells);
        expect(unpacked.x.length).toBe(samples);
        for (const cellPx of [HEATMAP_CELL_PX, 2 * HEATMAP_CELL_PX])
          expect(histogram(unpacked.x, unpacked.y, cellPx)).toEqual(histogram(x, y, cellPx));
      }),
    );
  });

  it('is far shorter than the points for gaze that dwells', () => {
    const x: number[] = [];
    const y: number[] = [];
    // 40 fixations of 300 ms at 120 Hz, the samples within 5 px of its centre (the demo's gaze
    // on its home page: 33,198 samples in 7,524 cells, 50 KB of JSON instead of 293 KB).
    for (let f = 0; f < 40; f++)
      for (let s = 0; s < 36; s++) {
        x.push(200 + f * 37 + ((s * 7) % 10) - 5);
        y.push(300 + f * 53 + ((s * 3) % 10) - 5);
      }
    const { cells } = packPointCells(x, y);
    const pointsJson = JSON.stringify(x.flatMap((px, i) => [px, y[i]]));
    expect(JSON.stringify(cells).length).toBeLessThan(pointsJson.length / 4);
  });
});
