import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeVideoGaze, videoHeatmapFrames } from './video-heatmap.js';

/** Gaze of one viewer at 100 Hz over `durationMs`, looking at (x, y) given by `at(t)`. */
function viewer(durationMs: number, at: (t: number) => [number, number]) {
  const n = durationMs / 10;
  const timestamp = Float64Array.from({ length: n }, (_, i) => i * 10);
  const points = Array.from(timestamp, (t) => at(t));
  return {
    timestamp,
    x: Float32Array.from(points, (p) => p[0]),
    y: Float32Array.from(points, (p) => p[1]),
  };
}

const alphaAt = (rgba: Uint8ClampedArray, width: number, px: number, py: number) =>
  rgba[(py * width + px) * 4 + 3] as number;

describe('mergeVideoGaze', () => {
  it('merges everyone in time order and drops lost samples and samples outside the frame', () => {
    const a = { timestamp: [0, 20, 40], x: [10, Number.NaN, 30], y: [10, 10, 10] };
    const b = { timestamp: [10, 30, 50], x: [20, 5000, 40], y: [10, 10, -1] };
    const merged = mergeVideoGaze([a, b]);
    expect([...merged.time]).toEqual([0, 10, 40]);
    expect([...merged.x]).toEqual([10, 20, 30]);
  });

  it('keeps every valid sample, in order (property)', () => {
    const stream = fc
      .array(fc.tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 1919 })), {
        maxLength: 50,
      })
      .map((pairs) => {
        const sorted = pairs.sort((p, q) => p[0] - q[0]);
        return { timestamp: sorted.map((p) => p[0]), x: sorted.map((p) => p[1]), y: sorted.map(() => 500) };
      });
    fc.assert(
      fc.property(fc.array(stream, { maxLength: 5 }), (participants) => {
        const merged = mergeVideoGaze(participants);
        expect(merged.time.length).toBe(participants.reduce((sum, p) => sum + p.timestamp.length, 0));
        for (let i = 1; i < merged.time.length; i++)
          expect(merged.time[i] as number).toBeGreaterThanOrEqual(merged.time[i - 1] as number);
      }),
    );
  });
});

describe('videoHeatmapFrames', () => {
  const size = { width: 192, height: 108, durationMs: 4000, fps: 5 };

  it('glows where people look at that time and is clear elsewhere', () => {
    // Everyone looks top-left for the first 2 s, then bottom-right.
    const at = (t: number): [number, number] => (t < 2000 ? [300, 200] : [1600, 900]);
    const gaze = mergeVideoGaze([viewer(4000, at), viewer(4000, at), viewer(4000, at)]);
    const { frameAt } = videoHeatmapFrames(gaze, size);
    const early = frameAt(500);
    const late = frameAt(3500);
    expect(alphaAt(early, 192, 30, 20)).toBeGreaterThan(100);
    expect(alphaAt(early, 192, 160, 90)).toBe(0);
    expect(alphaAt(late, 192, 160, 90)).toBeGreaterThan(100);
    expect(alphaAt(late, 192, 30, 20)).toBe(0);
    expect(early.length).toBe(192 * 108 * 4);
  });

  it('uses one colour scale for the video: a lone viewer glows less than a crowd', () => {
    const crowd = Array.from({ length: 6 }, () => viewer(2000, () => [960, 540]));
    const lone = viewer(4000, (t) => (t < 2000 ? [100, 100] : [960, 540]));
    const gaze = mergeVideoGaze([...crowd, lone]);
    const { frameAt } = videoHeatmapFrames(gaze, size);
    expect(alphaAt(frameAt(1000), 192, 96, 54)).toBeGreaterThan(alphaAt(frameAt(3000), 192, 96, 54));
  });

  it('is clear everywhere without gaze', () => {
    const { frameAt, maxValue } = videoHeatmapFrames(mergeVideoGaze([]), size);
    expect(maxValue).toBe(0);
    expect(frameAt(100).every((value) => value === 0)).toBe(true);
  });
});
