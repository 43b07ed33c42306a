import {
  alikeSentence,
  filterPageMetrics,
  metricIndex,
  metricIndexIntervals,
  pageIndexBarWidth,
  pagePeakBarWidth,
  rankTiers,
  type ValueInterval,
  welchPValue,
} from '@limbus/analytics';
import { EMOTION_NAMES, type Emotion, type LabelWithMetrics, type SignificantPoint } from '@limbus/contract';

/** The Pages filters (spec 3 §2, §5): minimum participants and minimum seconds on the page. */
export type PageFilter = { minParticipants: number; minSeconds: number };

/** What the ranking reads of a page: the client's labels and a share link's pages alike. */
export type RankablePage = Pick<
  LabelWithMetrics,
  | 'name'
  | 'total_participants'
  | 'average_time'
  | 'joy'
  | 'attention'
  | 'frustration'
  | 'emotion_participants'
  | 'intervals'
>;

/** A page of the ranking: its place, index against the mean of the shown pages and bar widths. */
export type RankedPage<P extends RankablePage = LabelWithMetrics> = {
  page: P;
  /** Place in the order of the estimate, 1 highest. */
  rank: number;
  /** Tier of pages that cannot be told apart (rankTiers: Welch at 5 %, Holm over adjacent pairs). */
  tier: number;
  /** Alone in its tier: only then is the page shown with its rank. */
  isSeparated: boolean;
  index: number;
  /** The index's 95 % interval (from the page's interval of the emotion mean); null below 2 participants. */
  indexInterval: ValueInterval | null;
  peaks: number;
  indexBarWidth: number;
  peakBarWidth: number;
};

const emotionValue = (page: RankablePage, emotion: Emotion) => page[emotion] ?? Number.NaN;

/** The pages the filters keep: total_participants ≥ minimum and average_time ≥ seconds × 1000. */
export function shownPages<P extends RankablePage>(pages: readonly P[], filter: PageFilter): P[] {
  return filterPageMetrics(pages, filter.minParticipants, filter.minSeconds);
}

/** The peaks (significant points) of an emotion on a page. */
export const pagePeaks = (page: LabelWithMetrics, emotion: Emotion): SignificantPoint[] =>
  page.significant_points.filter((point) => point.emotion === emotion);

/** The mean of an emotion on a page as the ranking rule reads it: estimate, n and 95 % interval. */
const summaryOf = (page: RankablePage, emotion: Emotion) => ({
  mean: emotionValue(page, emotion),
  n: page.emotion_participants ?? 0,
  interval: page.intervals[emotion],
});

/**
 * Every shown page ranked on an emotion, highest first, with its index (value ÷ mean of the shown
 * pages × 100, rounded down), the index's interval and the ranking's bar widths (6 px per index
 * point above 100, 10 px per peak). Pages without a measured value come last with index NaN.
 * Pages whose means cannot be told apart share a tier (rankTiers with Welch's test rebuilt from
 * each page's n and 95 % interval, Holm over the adjacent pairs): the screens say they score alike
 * instead of giving them ranks.
 */
export function rankPages<P extends RankablePage>(
  pages: readonly P[],
  emotion: Emotion,
  peaksOf: (page: P) => number,
): RankedPage<P>[] {
  const values = pages.map((page) => emotionValue(page, emotion));
  const indexes = metricIndex(values);
  const intervals = metricIndexIntervals(
    values,
    pages.map((page) => page.intervals[emotion]),
  );
  const indexOf = new Map(pages.map((page, i) => [page, indexes[i] as number]));
  const intervalOf = new Map(pages.map((page, i) => [page, intervals[i] ?? null]));
  const tiers = rankTiers(
    pages,
    (page) => emotionValue(page, emotion),
    (a, b) => welchPValue(summaryOf(a, emotion), summaryOf(b, emotion)),
  );
  return tiers.map(({ item: page, position, tier, isSeparated }) => {
    const index = indexOf.get(page) ?? Number.NaN;
    const peaks = peaksOf(page);
    return {
      page,
      rank: position,
      tier,
      isSeparated,
      index,
      indexInterval: intervalOf.get(page) ?? null,
      peaks,
      indexBarWidth: Number.isFinite(index) ? pageIndexBarWidth(index) : 0,
      peakBarWidth: pagePeakBarWidth(peaks),
    };
  });
}

/** The client's pages ranked, their peaks counted from their significant points. */
export const rankLabels = (pages: readonly LabelWithMetrics[], emotion: Emotion) =>
  rankPages(pages, emotion, (page) => pagePeaks(page, emotion).length);

/**
 * The sentence of the ranked pages that cannot be told apart from the first card's tier on:
 * one per tier of more than one page among `cards`, naming every page of that tier (also those
 * beyond the cards): 'Home, Runner 2 and Checkout score alike on frustration (n = 12)'.
 */
export function alikeSentences<P extends RankablePage>(
  ranked: readonly RankedPage<P>[],
  cards: readonly RankedPage<P>[],
  emotion: Emotion,
): string[] {
  const tiers = [...new Set(cards.filter((card) => !card.isSeparated).map((card) => card.tier))];
  return tiers.flatMap((tier) => {
    const members = ranked.filter((r) => r.tier === tier && Number.isFinite(r.index));
    const sentence = alikeSentence(
      members.map((r) => r.page.name),
      EMOTION_NAMES[emotion].toLowerCase(),
      members.map((r) => r.page.emotion_participants ?? 0),
    );
    return sentence ? [sentence] : [];
  });
}

/** The spec's ranking shows the top 3. */
export const RANKING_SIZE = 3;

/**
 * The cards of the ranking: the top 3, and the selected page (from ?page=) after them when it
 * ranks lower, so that a link to a page always shows it with its place.
 */
export function rankingCards(ranked: readonly RankedPage[], selectedId: number | null): RankedPage[] {
  const top = ranked.slice(0, RANKING_SIZE);
  const selected = ranked.find((r) => r.page.id === selectedId);
  return selected && !top.includes(selected) ? [...top, selected] : top;
}

/** Feedback lists only points with a comment (spec 3 §5), in time order. */
export function withComments<P extends Pick<SignificantPoint, 'comment' | 'timestamp_top'>>(
  points: readonly P[],
): P[] {
  return points
    .filter((point) => point.comment.trim() !== '')
    .sort((a, b) => a.timestamp_top - b.timestamp_top);
}

/** What the Compare chart of pages shows: an emotion's index, the average time or the visits. */
export type CompareMode = 'emotion' | 'time' | 'visits';

/** One bar per shown page: index on the emotion, average seconds on the page, or participants. */
export function compareValues(
  pages: readonly LabelWithMetrics[],
  mode: CompareMode,
  emotion: Emotion,
): number[] {
  if (mode === 'time') return pages.map((page) => Math.round(page.average_time / 1000));
  if (mode === 'visits') return pages.map((page) => page.total_participants);
  return metricIndex(pages.map((page) => emotionValue(page, emotion))).map((i) =>
    Number.isFinite(i) ? i : 0,
  );
}
