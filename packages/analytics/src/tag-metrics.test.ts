import { describe, expect, it } from 'vitest';
import { compareChartTags, countInterval, rankTagTiers, tagMetrics, topTags } from './tag-metrics.js';

const sp = (id: number, emotion: string, participant_id: number, false_positive = false) => ({
  id,
  emotion,
  participant_id,
  false_positive,
});

const tags = [
  {
    id: 1,
    name: 'Checkout',
    significant_points: [
      sp(1, 'frustration', 1),
      sp(2, 'frustration', 1),
      sp(3, 'frustration', 2),
      sp(4, 'joy', 3),
    ],
  },
  {
    id: 2,
    name: 'Prices',
    significant_points: [sp(5, 'frustration', 1), sp(6, 'frustration', 2, true), sp(7, 'spread', 2)],
  },
  { id: 3, name: 'Menu', significant_points: [sp(8, 'joy', 1), sp(9, 'joy', 4)] },
  ...Array.from({ length: 8 }, (_, i) => ({ id: 10 + i, name: `T${i}`, significant_points: [] })),
];

describe('tagMetrics', () => {
  it('counts points and participants per emotion, without false positives', () => {
    const [checkout, prices] = tagMetrics(tags);
    expect(checkout?.byEmotion.frustration).toMatchObject({ count: 3, participants: 2 });
    expect(checkout?.byEmotion.joy.count).toBe(1);
    expect(prices?.byEmotion.frustration.count).toBe(1);
    expect(prices?.byEmotion.frustration.sps.map((p) => p.id)).toEqual([5]);
  });

  it('ranks the top 3 and keeps the first 9 for the compare chart', () => {
    const m = tagMetrics(tags);
    expect(topTags(m, 'frustration').map((t) => t.name)).toEqual(['Checkout', 'Prices']);
    expect(topTags(m, 'joy').map((t) => t.name)).toEqual(['Menu', 'Checkout']);
    const chart = compareChartTags(m);
    expect(chart).toHaveLength(9);
    expect(chart[0]).toEqual({
      id: 1,
      name: 'Checkout',
      counts: { joy: 1, attention: 0, frustration: 3 },
      interval: null,
    });
  });
});

describe('countInterval (issue 26: the compare chart’s whiskers)', () => {
  const point = (participant_id: number) => ({ id: participant_id, emotion: 'joy', participant_id });

  it('is n × the t-interval of the participants’ mean count, never below 0', () => {
    // counts 2, 0, 1, 1 over 4 participants: mean 1, s = 0.816, t(0.975, 3) = 3.182
    const interval = countInterval([point(1), point(1), point(3), point(4)], [1, 2, 3, 4]);
    expect(interval?.lower).toBe(0);
    expect(interval?.upper).toBeCloseTo(4 * (1 + (3.182 * 0.8165) / 2), 1);
    const even = countInterval([1, 2, 3, 4, 5, 6].map(point), [1, 2, 3, 4, 5, 6]);
    expect(even).toEqual({ lower: 6, upper: 6 });
  });

  it('has no interval with fewer than two participants, and gives the chart one per tag', () => {
    expect(countInterval([point(1)], [1])).toBeNull();
    const chart = compareChartTags(tagMetrics(tags), [1, 2, 3]);
    expect(chart[0]?.interval).not.toBeNull();
  });
});

describe('rankTagTiers (issue 26, tag rankings that do not present noise as an order)', () => {
  const participants = Array.from({ length: 12 }, (_, i) => i + 1);
  /** A tag with `perParticipant[i]` frustration points of participant i + 1. */
  const tag = (id: number, name: string, perParticipant: number[]) => ({
    id,
    name,
    significant_points: perParticipant.flatMap((count, i) =>
      Array.from({ length: count }, (_, k) => sp(id * 1000 + i * 10 + k, 'frustration', i + 1)),
    ),
  });

  it('tags whose counts differ by a point or two, from different participants, score alike', () => {
    const ranked = rankTagTiers(
      tagMetrics([
        tag(1, 'Size guide', [1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0]),
        tag(2, 'Discount code', [0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 0, 1]),
        tag(3, 'Delivery', [1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0]),
      ]),
      'frustration',
      participants,
    );
    expect(ranked.map((r) => [r.item.name, r.tier, r.isSeparated])).toEqual([
      ['Discount code', 1, false],
      ['Size guide', 1, false],
      ['Delivery', 1, false],
    ]);
  });

  it('a tag that nearly every participant hits more often is ranked apart', () => {
    const ranked = rankTagTiers(
      tagMetrics([
        tag(1, 'Size guide', [1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]),
        tag(2, 'Discount code', [3, 2, 3, 2, 3, 3, 2, 3, 2, 3, 3, 2]),
      ]),
      'frustration',
      participants,
    );
    expect(ranked.map((r) => [r.item.name, r.tier, r.isSeparated])).toEqual([
      ['Discount code', 1, true],
      ['Size guide', 2, true],
    ]);
  });
});
