import type { LabelWithMetrics, TagWithPoints } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import {
  averageSeconds,
  emotionsChartOption,
  pageNameAxis,
  topFrustrationPages,
  topPagesAlike,
  topTags,
} from './overview-data';

function label(
  id: number,
  frustration: number | null,
  overrides: Partial<LabelWithMetrics> = {},
): LabelWithMetrics {
  return {
    id,
    test_id: 1,
    name: `Page ${id}`,
    urls: [],
    match_type: 'exact',
    total_participants: 8,
    average_time: 10_000,
    joy: 0.3,
    attention: 0.5,
    frustration,
    emotion_participants: 8,
    intervals: { joy: null, attention: null, frustration: null },
    significant_points: [],
    ...overrides,
  } as LabelWithMetrics;
}

describe('averageSeconds', () => {
  it('is the mean time to complete of participants with a start and an end', () => {
    expect(
      averageSeconds([
        { id: 1, real_id: 'a', type: 'default', started_at: 100, ended_at: 160 },
        { id: 2, real_id: 'b', type: 'default', started_at: 100, ended_at: 221 },
        { id: 3, real_id: 'c', type: 'default', started_at: 100, ended_at: null },
      ]),
    ).toBe(91);
  });

  it('is null without participants', () => {
    expect(averageSeconds([])).toBeNull();
  });
});

describe('topFrustrationPages', () => {
  const labels = [
    label(1, 0.2),
    label(2, 0.4),
    label(3, 0.3),
    label(4, 0.1),
    label(5, 0.9, { average_time: 0 }),
  ];

  it('ranks the 3 most frustrating pages with their percentage difference from the mean', () => {
    // mean of the four pages with time: 0.25
    expect(topFrustrationPages(labels, 8).map((page) => [page.label.id, page.frustrationIndex])).toEqual([
      [2, 60],
      [3, 20],
      [1, -20],
    ]);
  });

  it('gives each index the interval of its mean against the same mean of the pages', () => {
    const withInterval = [
      ...labels.slice(0, 1),
      label(2, 0.4, { intervals: { joy: null, attention: null, frustration: { lower: 0.3, upper: 0.5 } } }),
      ...labels.slice(2),
    ];
    const [top] = topFrustrationPages(withInterval, 8);
    // 0.3 and 0.5 against the mean 0.25: indexes 120 and 200 (+20 % to +100 %).
    expect(top?.frustrationInterval).toEqual({ lower: 120, upper: 200 });
    expect(topFrustrationPages(labels, 8)[0]?.frustrationInterval).toBeNull();
  });

  it('shows nothing with 5 participants or fewer', () => {
    expect(topFrustrationPages(labels, 5)).toEqual([]);
  });

  it('leaves out pages without time or without emotion data', () => {
    const ids = topFrustrationPages(
      [label(1, null), label(2, 0.3), label(3, 0.9, { average_time: 0 })],
      6,
    ).map((page) => page.label.id);
    expect(ids).toEqual([2]);
  });
});

describe('topTags', () => {
  it('keeps the tags with most feedback first, and none without', () => {
    const tag = (id: number, count: number, participants: number) =>
      ({ id, count, participants, name: `Tag ${id}` }) as TagWithPoints;
    expect(topTags([tag(1, 2, 2), tag(2, 5, 1), tag(3, 0, 0), tag(4, 5, 3)]).map((t) => t.id)).toEqual([
      4, 2, 1,
    ]);
  });
});

describe('emotionsChartOption', () => {
  it('draws one line per emotion over the visited pages in the order of the test, in percent', () => {
    const option = emotionsChartOption([
      label(2, 0.4),
      label(1, 0.25),
      label(3, 0.5, { total_participants: 0 }),
    ]) as {
      xAxis: { data: string[] };
      series: Array<{ name: string; data: Array<number | null>; color: string }>;
    };
    expect(option.xAxis.data).toEqual(['Page 1', 'Page 2']);
    expect(option.series.map((series) => series.name)).toEqual(['Joy', 'Attention', 'Frustration']);
    expect(option.series[2]?.data).toEqual([25, 40]);
    expect(option.series[2]?.color).toBe('#e8457c');
  });
});

describe('pageNameAxis (issue 26: page names under the chart do not run into each other)', () => {
  it('slants the names where a page has no room for a word, and wraps them where it has', () => {
    // a 412 px phone: the chart is about 330 px wide, 5 pages have 51 px each
    expect(pageNameAxis(5, 330)).toEqual({
      axisLabel: { interval: 0, rotate: 35, width: 96, overflow: 'truncate' },
      bottom: 76,
    });
    expect(pageNameAxis(5, 780)).toEqual({
      axisLabel: { interval: 0, width: 133, overflow: 'break', lineHeight: 14 },
      bottom: 44,
    });
    expect(pageNameAxis(5, 0)).toEqual({ axisLabel: { interval: 0 }, bottom: 32 });
  });
});

describe('topPagesAlike (issue 26, the overview does not present noise as an order)', () => {
  const withHalf = (id: number, name: string, mean: number, half: number) =>
    label(id, mean, {
      name,
      emotion_participants: 12,
      intervals: { joy: null, attention: null, frustration: { lower: mean - half, upper: mean + half } },
    });

  it('overlapping intervals: the top three score alike, none numbered, more pages of the tier counted', () => {
    const top = topFrustrationPages(
      [
        withHalf(1, 'Checkout', 0.4, 0.06),
        withHalf(2, 'Home', 0.41, 0.06),
        withHalf(3, 'Runner 2', 0.405, 0.06),
        withHalf(4, 'Search', 0.39, 0.06),
      ],
      12,
    );
    expect(top.map((page) => [page.label.name, page.isSeparated])).toEqual([
      ['Home', false],
      ['Runner 2', false],
      ['Checkout', false],
    ]);
    expect(topPagesAlike(top)).toEqual([
      'Home, Runner 2 and Checkout score alike on frustration (n = 12), and so does 1 more page',
    ]);
  });

  it('separated intervals: each top page numbered, no sentence', () => {
    const top = topFrustrationPages(
      [withHalf(1, 'Checkout', 0.4, 0.02), withHalf(2, 'Home', 0.1, 0.02), withHalf(3, 'Basket', 0.25, 0.02)],
      12,
    );
    expect(top.map((page) => [page.label.name, page.isSeparated])).toEqual([
      ['Checkout', true],
      ['Basket', true],
      ['Home', true],
    ]);
    expect(topPagesAlike(top)).toEqual([]);
  });
});
