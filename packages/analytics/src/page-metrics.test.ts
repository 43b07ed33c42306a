import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  filterPageMetrics,
  frustrationIndex,
  isTopPagesShown,
  metricIndex,
  metricIndexIntervals,
  type PageDefinition,
  type ParticipantPageData,
  pageIndexBarWidth,
  pageMetrics,
  pagePeakBarWidth,
  topPages,
} from './page-metrics.js';
import { tagPointBarWidth } from './tag-metrics.js';

function emotions(from: number, to: number, value: (t: number) => number) {
  const times: number[] = [];
  for (let t = from; t <= to; t += 100) times.push(t);
  const v = Float32Array.from(times, value);
  return {
    timestamp: Float64Array.from(times),
    joy: v,
    attention: v.map((x) => x / 2),
    frustration: v.map((x) => 1 - x),
  };
}

const pages: PageDefinition[] = [
  { id: 1, name: 'Home', urls: ['https://shop.nl/'], matchType: 'exact' },
  { id: 2, name: 'Products', urls: ['https://shop.nl/products'], matchType: 'starts_with' },
];

const participants: ParticipantPageData[] = [
  {
    participantId: 1,
    visits: [
      { url: 'https://shop.nl/?utm=x', start: 0, end: 10_000 },
      { url: 'https://shop.nl/products/1', start: 10_100, end: 30_000 },
    ],
    emotions: emotions(0, 30_000, (t) => (t < 10_050 ? 0.2 : 0.6)),
    points: [
      { id: 1, emotion: 'joy', timestamp_top: 5_000 },
      { id: 2, emotion: 'frustration', timestamp_top: 20_000 },
      { id: 3, emotion: 'joy', timestamp_top: 21_000, false_positive: true },
    ],
  },
  {
    participantId: 2,
    visits: [{ url: 'https://shop.nl/products/2#reviews', start: 0, end: 40_000 }],
    emotions: emotions(0, 40_000, () => 0.8),
    points: [],
  },
];

describe('pageMetrics', () => {
  it('counts visitors, time, emotions and points per page', () => {
    const [home, products] = pageMetrics(pages, participants);
    expect(home?.total_participants).toBe(1);
    expect(home?.average_time).toBe(10_000);
    expect(home?.joy).toBeCloseTo(0.2, 5);
    expect(home?.significant_points.map((p) => p.id)).toEqual([1]);
    expect(products?.total_participants).toBe(2);
    expect(products?.average_time).toBe((19_900 + 40_000) / 2);
    expect(products?.joy).toBeCloseTo((0.6 + 0.8) / 2, 5);
    expect(products?.attention).toBeCloseTo((0.3 + 0.4) / 2, 5);
    expect(products?.significant_points.map((p) => p.id)).toEqual([2]);
  });

  it('gives each emotion mean its participant count and a 95 % t-interval from two participants on', () => {
    const [home, products] = pageMetrics(pages, participants);
    expect(home?.emotion_participants).toBe(1);
    expect(home?.intervals.joy).toBeNull();
    expect(products?.emotion_participants).toBe(2);
    // Means 0.6 and 0.8: s = 0.1414, standard error 0.1, t(0.975, 1) = 12.706.
    expect(products?.intervals.joy?.lower).toBeCloseTo(0.7 - 1.2706, 3);
    expect(products?.intervals.joy?.upper).toBeCloseTo(0.7 + 1.2706, 3);
  });

  it('indexes an interval against the same mean as its value', () => {
    expect(
      metricIndexIntervals([0.2, 0.6, 0.4], [{ lower: 0.1, upper: 0.3 }, null, { lower: 0.36, upper: 0.44 }]),
    ).toEqual([{ lower: 25, upper: 75 }, null, { lower: 90, upper: 110 }]);
    expect(metricIndexIntervals([Number.NaN], [{ lower: 0, upper: 1 }])).toEqual([null]);
  });

  it('filters, indexes and ranks pages', () => {
    const m = [
      { total_participants: 6, average_time: 2000, joy: 0.2, attention: 0.1, frustration: 0.3 },
      { total_participants: 4, average_time: 9000, joy: 0.6, attention: 0.1, frustration: 0.1 },
      { total_participants: 8, average_time: 500, joy: 0.4, attention: 0.1, frustration: 0.2 },
    ];
    expect(filterPageMetrics(m)).toHaveLength(2);
    expect(filterPageMetrics(m, 5, 1)).toEqual([m[0]]);
    expect(metricIndex([0.2, 0.6, 0.4])).toEqual([50, 150, 100]);
    expect(frustrationIndex([0.3, 0.1, 0.2])).toEqual([50, -50, 0]);
    expect(topPages(m, 'joy').map((p) => p.joy)).toEqual([0.6, 0.4, 0.2]);
    expect(isTopPagesShown(6, 1)).toBe(true);
    expect(isTopPagesShown(5, 1)).toBe(false);
    expect(isTopPagesShown(6, 0)).toBe(false);
  });

  it('indexes average to 100 (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.01, max: 1, noNaN: true }), { minLength: 1, maxLength: 30 }),
        (v) => {
          const idx = metricIndex(v);
          const mean = v.reduce((a, b) => a + b, 0) / v.length;
          idx.forEach((i, k) => {
            expect(i).toBeLessThanOrEqual(((v[k] as number) / mean) * 100 + 1e-9);
            expect(i).toBeGreaterThan(((v[k] as number) / mean) * 100 - 1 - 1e-9);
          });
        },
      ),
      { numRuns: 100 },
    );
  });

  it('sizes the ranking bars: 6 px per index point over 100, 10 per peak, 2 per tag point', () => {
    expect(pageIndexBarWidth(150)).toBe(300);
    expect(pageIndexBarWidth(80)).toBe(0);
    expect(pagePeakBarWidth(4)).toBe(40);
    expect(tagPointBarWidth(7)).toBe(14);
  });
});
