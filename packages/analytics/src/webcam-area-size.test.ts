import { describe, expect, it } from 'vitest';
import type { AreaMetrics } from './area-metrics.js';
import { DEFAULT_SCREEN_GEOMETRY, pixelsPerDegree } from './gaze-geometry.js';
import { isTooSmallForAccuracy, minAreaSizePx, rankAreas, webcamAccuracyPx } from './webcam-area-size.js';
import { webcamScreenGeometry } from './webcam-gaze.js';

const webcam = webcamScreenGeometry({ widthPx: 1920, heightPx: 1080 });

describe('webcamAccuracyPx', () => {
  it('is the median of the accuracies in px of each screen', () => {
    // 96 CSS px per inch at 600 mm: tan(1°) × 600 mm × 96 / 25.4 ≈ 39.58 px per degree.
    expect(pixelsPerDegree(webcam)).toBeCloseTo(39.58, 2);
    const accuracies = [1.5, 2, 3.8].map((accuracyDeg) => ({ accuracyDeg, geometry: webcam }));
    expect(webcamAccuracyPx(accuracies)).toBeCloseTo(2 * 39.58, 1);
  });

  it('converts each participant on their own screen before the median', () => {
    const lab = pixelsPerDegree(DEFAULT_SCREEN_GEOMETRY);
    const accuracy = webcamAccuracyPx([
      { accuracyDeg: 2, geometry: DEFAULT_SCREEN_GEOMETRY },
      { accuracyDeg: 2, geometry: webcam },
    ]);
    expect(accuracy).toBeCloseTo((2 * lab + 2 * pixelsPerDegree(webcam)) / 2, 6);
  });

  it('leaves out participants without a measured accuracy; null without any', () => {
    expect(
      webcamAccuracyPx([
        { accuracyDeg: null, geometry: webcam },
        { accuracyDeg: 1, geometry: webcam },
        { accuracyDeg: Number.NaN, geometry: webcam },
      ]),
    ).toBeCloseTo(39.58, 2);
    expect(webcamAccuracyPx([{ accuracyDeg: null, geometry: webcam }])).toBeNull();
    expect(webcamAccuracyPx([])).toBeNull();
  });
});

describe('the minimum area size', () => {
  it('is twice the accuracy, on the smaller side of the area', () => {
    expect(minAreaSizePx(80)).toBe(160);
    const box = (width: number, height: number) => ({ left: 0, top: 0, width, height });
    expect(isTooSmallForAccuracy(box(600, 159), 160)).toBe(true);
    expect(isTooSmallForAccuracy(box(159, 600), 160)).toBe(true);
    expect(isTooSmallForAccuracy(box(160, 160), 160)).toBe(false);
    expect(isTooSmallForAccuracy(box(10, 10), null)).toBe(false);
  });
});

describe('rankAreas', () => {
  const metrics = (dwellTime: number | null, lookedShare: number): AreaMetrics => ({
    looked: 0,
    lookedShare,
    timeToFirstFixation: null,
    dwellTime,
    revisits: null,
    emotions: null,
  });

  it('ranks by fixation time per visitor, ties sharing the better rank', () => {
    const areas = [metrics(1000, 0.5), metrics(2000, 0.5), metrics(500, 1), metrics(null, 0)];
    expect(rankAreas(areas, [false, false, false, false])).toEqual([2, 1, 2, 4]);
  });

  it('leaves flagged areas out of the ranking', () => {
    const areas = [metrics(1000, 0.5), metrics(2000, 0.5), metrics(400, 1)];
    expect(rankAreas(areas, [false, true, false])).toEqual([1, null, 2]);
  });
});
