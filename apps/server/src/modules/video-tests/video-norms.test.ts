import { NORM_MINIMUM_TESTS, type VideoScore } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { meanScores, normGroup, percentileRanges, percentileRank } from './video-norms';

const flat = (joy: number, attention: number, frustration: number) => ({ joy, attention, frustration });
/** Scores every 250 ms: the first half at `first`, the second at `second` (joy only varies). */
function scores(first: number, second: number, steps = 8): VideoScore[] {
  return Array.from({ length: steps }, (_, i) => ({
    t: i * 250,
    ...flat(i < steps / 2 ? first : second, 0.5, 0.2),
  }));
}
const peers = (joys: number[]) => joys.map((joy) => flat(joy, 0.5, 0.2));

describe('percentileRank', () => {
  it('is the share of lower values, ties counting half', () => {
    expect(percentileRank(0.5, [0.1, 0.2, 0.3, 0.4])).toBe(100);
    expect(percentileRank(0.05, [0.1, 0.2, 0.3, 0.4])).toBe(0);
    expect(percentileRank(0.25, [0.1, 0.2, 0.3, 0.4])).toBe(50);
    expect(percentileRank(0.3, [0.1, 0.2, 0.3, 0.4, 0.5])).toBe(50);
    expect(percentileRank(0.3, [0.3, 0.3, 0.3])).toBe(50);
  });
});

describe('meanScores', () => {
  it('averages each emotion over the steps, and is null without steps', () => {
    const means = meanScores(scores(0.2, 0.6));
    expect(means?.joy).toBeCloseTo(0.4, 9);
    expect(means?.attention).toBeCloseTo(0.5, 9);
    expect(means?.frustration).toBeCloseTo(0.2, 9);
    expect(meanScores([])).toBeNull();
  });
});

describe('normGroup', () => {
  const scenes = [
    { section_id: 1, start_ms: 0, end_ms: 999 },
    { section_id: 2, start_ms: 1000, end_ms: 1999 },
    { section_id: 3, start_ms: 5000, end_ms: 6000 },
  ];

  it(`gives no percentile below ${NORM_MINIMUM_TESTS} other tests, only their count`, () => {
    const few = peers([0.1, 0.2, 0.3, 0.4].slice(0, NORM_MINIMUM_TESTS - 1));
    expect(normGroup(scores(0.2, 0.6), scenes, few)).toEqual({
      tests: few.length,
      video: null,
      video_range: null,
      scenes: [],
    });
  });

  it('ranks the whole video and each scene among the other tests’ means', () => {
    const group = normGroup(scores(0.2, 0.6), scenes, peers([0.1, 0.3, 0.35, 0.45, 0.5]));
    expect(group.tests).toBe(5);
    // whole video: joy 0.4 is above 3 of 5; attention and frustration equal all 5 (ties: 50)
    expect(group.video).toEqual({ joy: 60, attention: 50, frustration: 50 });
    expect(group.scenes).toEqual([
      { section_id: 1, percentiles: { joy: 20, attention: 50, frustration: 50 }, range: null },
      { section_id: 2, percentiles: { joy: 100, attention: 50, frustration: 50 }, range: null },
      // after the last score: nothing to rank
      { section_id: 3, percentiles: null, range: null },
    ]);
  });

  it('widens a range to hold its percentile when the viewers moved off the stored scores', () => {
    // stored joy 0.4 (60th); the viewers now watch at joy 0.85 to 0.9, well above it
    const viewer = (joy: number) => ({
      timestamp: [0, 1000],
      joy: [joy, joy],
      attention: [0.5, 0.5],
      frustration: [0.2, 0.2],
    });
    const group = normGroup(scores(0.2, 0.6), scenes, peers([0.1, 0.3, 0.35, 0.45, 0.5]), [
      viewer(0.85),
      viewer(0.86),
      viewer(0.9),
    ]);
    expect(group.video?.joy).toBe(60);
    expect(group.video_range?.joy).toEqual([60, 100]);
    expect(group.scenes[0]?.range?.joy).toEqual([20, 100]);
  });

  it('gives nothing to rank for a test without scores', () => {
    expect(normGroup([], scenes, peers([0.1, 0.2, 0.3, 0.4, 0.5]))).toEqual({
      tests: 5,
      video: null,
      video_range: null,
      scenes: [],
    });
  });
});

describe('percentileRanges (issue 26: a percentile says how sure it is)', () => {
  const viewer = (joy: number) => ({
    timestamp: [0, 500, 1000],
    joy: [joy, joy, joy],
    attention: [0.5, 0.5, 0.5],
    frustration: [0.2, 0.2, 0.2],
  });
  const reference = peers([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]);

  it('places the two ends of the viewers’ 95 % interval among the other tests', () => {
    // viewers' joy 0.3, 0.5 and 0.7: mean 0.5, 95 % CI 0.5 ± 4.30 × 0.2/√3 = 0.003 to 0.997
    const ranges = percentileRanges(
      [viewer(0.3), viewer(0.5), viewer(0.7)],
      { from: 0, to: 1000 },
      reference,
    );
    expect(ranges?.joy).toEqual([0, 100]);
    // alike viewers: a narrow interval, a narrow range around the 50th
    const alike = percentileRanges(
      [viewer(0.49), viewer(0.5), viewer(0.51)],
      { from: 0, to: 1000 },
      reference,
    );
    expect(alike?.joy).toEqual([44, 56]);
  });

  it('counts only the samples inside the window, and gives no range with fewer than two viewers', () => {
    const late = { ...viewer(0.5), joy: [0.5, 0.5, 0.9] };
    expect(percentileRanges([late, late], { from: 900, to: 1000 }, reference)?.joy).toEqual([94, 94]);
    expect(percentileRanges([viewer(0.5)], { from: 0, to: 1000 }, reference)).toBeNull();
  });
});
