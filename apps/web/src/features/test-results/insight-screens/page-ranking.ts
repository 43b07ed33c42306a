import {
  filterPageMetrics,
  metricIndex,
  metricIndexIntervals,
  pageIndexBarWidth,
  pagePeakBarWidth,
  topPages,
  type ValueInterval,
} from '@limbus/analytics';
import type { Emotion, LabelWithMetrics, SignificantPoint } from '@limbus/contract';

/** The Pages filters (spec 3 §2, §5): minimum participants and minimum seconds on the page. */
export type PageFilter = { minParticipants: number; minSeconds: number };

/** A page of the ranking: its place, index against the mean of the shown pages and bar widths. */
export type RankedPage = {
  page: LabelWithMetrics;
  rank: number;
  index: number;
  /** The index's 95 % interval (from the page's interval of the emotion mean); null below 2 participants. */
  indexInterval: ValueInterval | null;
  peaks: number;
  indexBarWidth: number;
  peakBarWidth: number;
};

const emotionValue = (page: LabelWithMetrics, emotion: Emotion) => page[emotion] ?? Number.NaN;

/** The pages the filters keep: total_participants ≥ minimum and average_time ≥ seconds × 1000. */
export function shownPages(pages: readonly LabelWithMetrics[], filter: PageFilter): LabelWithMetrics[] {
  return filterPageMetrics(pages, filter.minParticipants, filter.minSeconds);
}

/** The peaks (significant points) of an emotion on a page. */
export const pagePeaks = (page: LabelWithMetrics, emotion: Emotion): SignificantPoint[] =>
  page.significant_points.filter((point) => point.emotion === emotion);

/**
 * Every shown page ranked on an emotion, highest first, with its index (value ÷ mean of the shown
 * pages × 100, rounded down) and the ranking's bar widths (6 px per index point above 100, 10 px
 * per peak). Pages without a measured value come last with index NaN.
 */
export function rankPages(pages: readonly LabelWithMetrics[], emotion: Emotion): RankedPage[] {
  const values = pages.map((page) => emotionValue(page, emotion));
  const indexes = metricIndex(values);
  const intervals = metricIndexIntervals(
    values,
    pages.map((page) => page.intervals[emotion]),
  );
  const indexOf = new Map(pages.map((page, i) => [page.id, indexes[i] as number]));
  const intervalOf = new Map(pages.map((page, i) => [page.id, intervals[i] ?? null]));
  const ordered = topPages(
    pages.map((page) => ({
      page,
      joy: emotionValue(page, 'joy'),
      attention: emotionValue(page, 'attention'),
      frustration: emotionValue(page, 'frustration'),
    })),
    emotion,
    pages.length,
  );
  return ordered.map(({ page }, i) => {
    const index = indexOf.get(page.id) ?? Number.NaN;
    const peaks = pagePeaks(page, emotion).length;
    return {
      page,
      rank: i + 1,
      index,
      indexInterval: intervalOf.get(page.id) ?? null,
      peaks,
      indexBarWidth: Number.isFinite(index) ? pageIndexBarWidth(index) : 0,
      peakBarWidth: pagePeakBarWidth(peaks),
    };
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
