import type { LabelWithMetrics, SignificantPoint } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import {
  alikeSentences,
  compareValues,
  rankingCards,
  rankLabels,
  shownPages,
  withComments,
} from './page-ranking';

const point = (id: number, emotion: SignificantPoint['emotion'], comment = ''): SignificantPoint => ({
  id,
  emotion,
  timestamp_top: 1000 * id,
  comment,
  translation: '',
  false_positive: false,
  tags: [],
  ranking: 1,
  score: 0.5,
  participant_id: 1,
  participant_label: 'P0001',
});

const page = (id: number, changes: Partial<LabelWithMetrics> = {}): LabelWithMetrics => ({
  id,
  test_id: 1,
  name: `Page ${id}`,
  urls: [],
  match_type: 'exact',
  total_participants: 10,
  average_time: 30_000,
  joy: 0.3,
  attention: 0.5,
  frustration: 0.2,
  emotion_participants: 8,
  intervals: { joy: null, attention: null, frustration: null },
  significant_points: [],
  ...changes,
});

describe('shownPages', () => {
  it('keeps pages with at least the minimum participants and average time of minimum seconds × 1000', () => {
    const pages = [
      page(1, { total_participants: 4 }),
      page(2, { total_participants: 5, average_time: 9_999 }),
      page(3, { total_participants: 5, average_time: 10_000 }),
    ];
    expect(shownPages(pages, { minParticipants: 5, minSeconds: 0 }).map((p) => p.id)).toEqual([2, 3]);
    expect(shownPages(pages, { minParticipants: 5, minSeconds: 10 }).map((p) => p.id)).toEqual([3]);
    expect(shownPages(pages, { minParticipants: 1, minSeconds: 31 })).toEqual([]);
  });
});

describe('rankLabels', () => {
  it('orders by the emotion with the index against the mean, rounded down, and the bar widths', () => {
    const pages = [
      page(1, { frustration: 0.1 }),
      page(2, { frustration: 0.4, significant_points: [point(1, 'frustration'), point(2, 'joy')] }),
      page(3, { frustration: 0.25 }),
    ];
    const ranked = rankLabels(pages, 'frustration');
    // mean 0.25: 0.4 → 160, 0.25 → 100, 0.1 → 40
    expect(ranked.map((r) => [r.page.id, r.rank, r.index])).toEqual([
      [2, 1, 160],
      [3, 2, 100],
      [1, 3, 40],
    ]);
    expect(ranked[0]).toMatchObject({ peaks: 1, indexBarWidth: 360, peakBarWidth: 10 });
    expect(ranked[2]?.indexBarWidth).toBe(0);
  });

  it('puts pages without a measured value last', () => {
    const ranked = rankLabels([page(1, { joy: null }), page(2, { joy: 0.2 })], 'joy');
    expect(ranked.map((r) => r.page.id)).toEqual([2, 1]);
    expect(Number.isNaN(ranked[1]?.index)).toBe(true);
  });
});

describe('rankingCards', () => {
  const ranked = rankLabels(
    [1, 2, 3, 4, 5].map((id) => page(id, { joy: id / 10 })),
    'joy',
  );

  it('are the top 3', () => {
    expect(rankingCards(ranked, null).map((r) => r.page.id)).toEqual([5, 4, 3]);
    expect(rankingCards(ranked, 4).map((r) => r.page.id)).toEqual([5, 4, 3]);
  });

  it('add a selected page that ranks lower, with its place', () => {
    const cards = rankingCards(ranked, 1);
    expect(cards.map((r) => [r.page.id, r.rank])).toEqual([
      [5, 1],
      [4, 2],
      [3, 3],
      [1, 5],
    ]);
  });
});

describe('withComments', () => {
  it('lists only points with a comment, in time order', () => {
    const points = [point(3, 'joy', 'Nice'), point(1, 'joy', '  '), point(2, 'joy', 'Slow')];
    expect(withComments(points).map((p) => p.id)).toEqual([2, 3]);
  });
});

describe('compareValues', () => {
  const pages = [page(1, { average_time: 61_400, total_participants: 7, joy: 0.3 }), page(2, { joy: 0.1 })];
  it('gives the index, the average seconds or the participants per page', () => {
    expect(compareValues(pages, 'emotion', 'joy')).toEqual([150, 50]);
    expect(compareValues(pages, 'time', 'joy')).toEqual([61, 30]);
    expect(compareValues(pages, 'visits', 'joy')).toEqual([7, 10]);
  });
});

describe('rankLabels tiers and alikeSentences (issue 26, rankings that do not present noise as an order)', () => {
  const interval = (mean: number, half: number) => ({
    joy: null,
    attention: null,
    frustration: { lower: mean - half, upper: mean + half },
  });
  const named = (id: number, name: string, mean: number, half: number) =>
    page(id, { name, frustration: mean, emotion_participants: 12, intervals: interval(mean, half) });

  it('overlapping intervals: one tier, no page separated, one sentence naming them with n', () => {
    const ranked = rankLabels(
      [named(1, 'Checkout', 0.4, 0.06), named(2, 'Home', 0.41, 0.06), named(3, 'Runner 2', 0.405, 0.06)],
      'frustration',
    );
    expect(ranked.map((r) => [r.page.name, r.rank, r.tier, r.isSeparated])).toEqual([
      ['Home', 1, 1, false],
      ['Runner 2', 2, 1, false],
      ['Checkout', 3, 1, false],
    ]);
    expect(alikeSentences(ranked, rankingCards(ranked, null), 'frustration')).toEqual([
      'Home, Runner 2 and Checkout score alike on frustration (n = 12)',
    ]);
  });

  it('separated intervals: each page its own tier and rank, no sentence', () => {
    const ranked = rankLabels(
      [named(1, 'Checkout', 0.4, 0.02), named(2, 'Home', 0.1, 0.02), named(3, 'Basket', 0.25, 0.02)],
      'frustration',
    );
    expect(ranked.map((r) => [r.page.name, r.tier, r.isSeparated])).toEqual([
      ['Checkout', 1, true],
      ['Basket', 2, true],
      ['Home', 3, true],
    ]);
    expect(alikeSentences(ranked, rankingCards(ranked, null), 'frustration')).toEqual([]);
  });

  it('names the whole tier, also its pages beyond the three cards, and says n as a range when it differs', () => {
    const pages = [0.5, 0.49, 0.48, 0.47].map((mean, i) =>
      page(i + 1, {
        name: `P${i + 1}`,
        frustration: mean,
        emotion_participants: 10 + i,
        intervals: interval(mean, 0.1),
      }),
    );
    const ranked = rankLabels([...pages, named(9, 'Low', 0.05, 0.01)], 'frustration');
    expect(alikeSentences(ranked, rankingCards(ranked, null), 'frustration')).toEqual([
      'P1, P2, P3 and P4 score alike on frustration (n = 10–13)',
    ]);
    expect(ranked.at(-1)).toMatchObject({ tier: 2, isSeparated: true });
  });

  it('pages without an interval (fewer than 2 participants) are never told apart', () => {
    const ranked = rankLabels([page(1, { frustration: 0.9 }), page(2, { frustration: 0.1 })], 'frustration');
    expect(ranked.map((r) => r.tier)).toEqual([1, 1]);
  });
});
