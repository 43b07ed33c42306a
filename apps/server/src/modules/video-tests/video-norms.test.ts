import { NORM_MINIMUM_TESTS, type VideoScore } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { meanScores, normGroup, percentileRank } from './video-norms';

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
    expect(normGroup(scores(0.2, 0.6), scenes, few)).toEqual({ tests: few.length, video: null, scenes: [] });
  });

  it('ranks the whole video and each scene among the other tests’ means', () => {
    const group = normGroup(scores(0.2, 0.6), scenes, peers([0.1, 0.3, 0.35, 0.45, 0.5]));
    expect(group.tests).toBe(5);
    // whole video: joy 0.4 is above 3 of 5; attention and frustration equal all 5 (ties: 50)
    expect(group.video).toEqual({ joy: 60, attention: 50, frustration: 50 });
    expect(group.scenes).toEqual([
      { section_id: 1, percentiles: { joy: 20, attention: 50, frustration: 50 } },
      { section_id: 2, percentiles: { joy: 100, attention: 50, frustration: 50 } },
      // after the last score: nothing to rank
      { section_id: 3, percentiles: null },
    ]);
  });

  it('gives nothing to rank for a test without scores', () => {
    expect(normGroup([], scenes, peers([0.1, 0.2, 0.3, 0.4, 0.5]))).toEqual({
      tests: 5,
      video: null,
      scenes: [],
    });
  });
});
