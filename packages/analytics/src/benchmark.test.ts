import { describe, expect, it } from 'vitest';
import { type BenchmarkPage, benchmarkGroup, medianOf, percentileRank, testEmotions } from './benchmark.js';

const page = (
  id: number,
  time: number,
  people: number,
  joy: number | null,
  frustration = 0.2,
): BenchmarkPage => ({
  id,
  name: `Page ${id}`,
  total_participants: people,
  average_time: time,
  joy,
  attention: 0.5,
  frustration,
});

describe('percentileRank and medianOf', () => {
  it('counts values below and half the ties', () => {
    expect(percentileRank(5, [1, 2, 3, 4])).toBe(100);
    expect(percentileRank(0, [1, 2, 3, 4])).toBe(0);
    expect(percentileRank(3, [1, 2, 3, 4])).toBe(62.5);
    expect(percentileRank(3, [3, 3])).toBe(50);
    expect(percentileRank(3, [])).toBeNull();
  });
  it('takes the middle value or the mean of the middle two', () => {
    expect(medianOf([3, 1, 2])).toBe(2);
    expect(medianOf([4, 1, 2, 3])).toBe(2.5);
    expect(medianOf([])).toBeNull();
  });
});

describe('testEmotions', () => {
  it('weights pages by the time spent on them', () => {
    // joy (0.2 × 10 s × 2 + 0.8 × 5 s × 4) ÷ (20 + 20) = (4 + 16) ÷ 40 = 0.5; page 3 has no time
    const emotions = testEmotions([page(1, 10_000, 2, 0.2), page(2, 5_000, 4, 0.8), page(3, 0, 0, 1)]);
    expect(emotions.joy).toBeCloseTo(0.5, 12);
    expect(emotions.attention).toBeCloseTo(0.5, 12);
    expect(testEmotions([page(1, 1000, 1, null)]).joy).toBeNull();
  });
});

describe('benchmarkGroup', () => {
  const reference = [0.1, 0.2, 0.3, 0.4, 0.5].map((joy, i) => [page(10 + i, 1000, 1, joy)]);

  it('hides a group of fewer than five tests and says how many it has', () => {
    expect(benchmarkGroup([page(1, 1000, 1, 0.3)], reference.slice(0, 4))).toEqual({
      tests: 4,
      needed: 5,
      isShown: false,
    });
  });

  it('ranks the test and each page among the reference', () => {
    const group = benchmarkGroup([page(1, 1000, 1, 0.45), page(2, 3000, 1, 0.05)], reference);
    if (!group.isShown) throw new Error('expected a shown group');
    // test joy (0.45 + 3 × 0.05) ÷ 4 = 0.15: above 0.1 only → 20th percentile
    expect(group.test.joy.value).toBeCloseTo(0.15, 12);
    expect(group.test.joy.percentile).toBe(20);
    expect(group.test.joy.median).toBe(0.3);
    expect(group.pages.joy).toBe(5);
    expect(group.testPages.map((p) => p.emotions.joy.percentile)).toEqual([80, 0]);
    // every frustration is 0.2: the middle of the ties
    expect(group.test.frustration.percentile).toBe(50);
  });
});
