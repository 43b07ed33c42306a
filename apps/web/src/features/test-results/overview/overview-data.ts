import {
  alikeSentence,
  frustrationIndex,
  isTopPagesShown,
  metricIndexIntervals,
  rankTiers,
  type ValueInterval,
  welchPValue,
} from '@limbus/analytics';
import {
  EMOTION_NAMES,
  EMOTIONS,
  type LabelWithMetrics,
  type TagWithPoints,
  type TestDetail,
} from '@limbus/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { EMOTION_COLORS } from '../../../ui';
import { formatPercent } from '../../../ui/format';

/** Mean time to complete of the finished participants in whole seconds, or null without any. */
export function averageSeconds(participants: TestDetail['participants']): number | null {
  const times = participants.flatMap((participant) =>
    participant.started_at !== null && participant.ended_at !== null
      ? [participant.ended_at - participant.started_at]
      : [],
  );
  if (times.length === 0) return null;
  return Math.round(times.reduce((sum, time) => sum + time, 0) / times.length);
}

/** A top page with its frustration index and that index's 95 % interval (100-based, as metricIndex). */
export type RankedPage = {
  label: LabelWithMetrics;
  frustrationIndex: number;
  frustrationInterval: ValueInterval | null;
  /** Tier among all the pages with time (rankTiers: Welch at 5 %, Holm over adjacent pairs). */
  tier: number;
  /** Alone in its tier: only then does the overview number it. */
  isSeparated: boolean;
  /** How many pages with time share its tier, those beyond the top included. */
  tierSize: number;
};

/**
 * The overview's top 3 pages by frustration (spec 3 §2, §9): only when the test has more than 5
 * participants, only pages whose average_time is above 0; each with its frustration index, the
 * percentage difference from the mean of those pages.
 */
export function topFrustrationPages(
  labels: readonly LabelWithMetrics[],
  participantCount: number,
  count = 3,
): RankedPage[] {
  const shown = labels.filter(
    (label) => isTopPagesShown(participantCount, label.average_time) && label.frustration !== null,
  );
  const values = shown.map((label) => label.frustration ?? Number.NaN);
  const indexes = frustrationIndex(values);
  const intervals = metricIndexIntervals(
    values,
    shown.map((label) => label.intervals.frustration),
  );
  const byId = new Map(shown.map((label, position) => [label.id, position]));
  const tiers = rankTiers(
    shown,
    (label) => label.frustration ?? Number.NaN,
    (a, b) =>
      welchPValue(
        {
          mean: a.frustration ?? Number.NaN,
          n: a.emotion_participants ?? 0,
          interval: a.intervals.frustration,
        },
        {
          mean: b.frustration ?? Number.NaN,
          n: b.emotion_participants ?? 0,
          interval: b.intervals.frustration,
        },
      ),
  );
  const tierSize = (tier: number) => tiers.filter((page) => page.tier === tier).length;
  return tiers.slice(0, count).map(({ item: label, tier, isSeparated }) => {
    const position = byId.get(label.id) ?? -1;
    return {
      label,
      frustrationIndex: indexes[position] ?? Number.NaN,
      frustrationInterval: intervals[position] ?? null,
      tier,
      isSeparated,
      tierSize: tierSize(tier),
    };
  });
}

/**
 * The overview's words for top pages that cannot be told apart: one sentence per tier of more than
 * one page among `top`, naming those pages ('Home, Runner 2 and Checkout score alike on
 * frustration (n = 12)') and counting the pages of the tier beyond the top.
 */
export function topPagesAlike(top: readonly RankedPage[]): string[] {
  const tiers = [...new Set(top.filter((page) => !page.isSeparated).map((page) => page.tier))];
  return tiers.flatMap((tier) => {
    const members = top.filter((page) => page.tier === tier);
    const sentence = alikeSentence(
      members.map((page) => page.label.name),
      'frustration',
      members.map((page) => page.label.emotion_participants ?? 0),
    );
    if (!sentence) return [];
    const more = (members[0]?.tierSize ?? 0) - members.length;
    return [
      more > 0
        ? `${sentence}, and so ${more === 1 ? 'does 1 more page' : `do ${more} more pages`}`
        : sentence,
    ];
  });
}

/** The tags marking the most feedback, most first. */
export function topTags(tags: readonly TagWithPoints[], count = 5): TagWithPoints[] {
  return [...tags]
    .filter((tag) => tag.count > 0)
    .sort((a, b) => b.count - a.count || b.participants - a.participants)
    .slice(0, count);
}

const percent = (value: number | null) => (value === null ? null : Math.round(value * 100));
/** A point of the chart, already a whole percent, as text: 40 → '40 %'. */
const formatPointPercent = (percent: number) => formatPercent(percent / 100);

/**
 * Every page's name under its point, in the room a page has on the axis, so that neighbours' names
 * do not run into each other on a phone (issue 26): wrapped at word breaks where a page has room
 * for a word, slanted (and cut with '…') where it does not; unknown width: on one line.
 */
export function pageNameAxis(pages: number, chartWidth: number) {
  const perPage = pages === 0 ? 0 : Math.floor((chartWidth - 48 - 24) / pages);
  if (perPage <= 0) return { axisLabel: { interval: 0 }, bottom: 32 };
  if (perPage < 64)
    return { axisLabel: { interval: 0, rotate: 35, width: 96, overflow: 'truncate' as const }, bottom: 76 };
  return {
    axisLabel: { interval: 0, width: perPage - 8, overflow: 'break' as const, lineHeight: 14 },
    bottom: 44,
  };
}

/**
 * The three emotions through the test: the participants' mean score on each page, pages in the
 * order of the test (their ids follow the site's order), as one line per emotion.
 */
export function emotionsChartOption(labels: readonly LabelWithMetrics[], chartWidth = 0): EChartsCoreOption {
  const pages = labels.filter((label) => label.total_participants > 0).sort((a, b) => a.id - b.id);
  const names = pageNameAxis(pages.length, chartWidth);
  return {
    grid: { left: 48, right: 24, top: 40, bottom: names.bottom },
    // apart enough that one item's marker does not touch the next one's name
    legend: { top: 0, itemGap: 20, data: EMOTIONS.map((emotion) => EMOTION_NAMES[emotion]) },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: unknown) => (typeof value === 'number' ? formatPointPercent(value) : '–'),
    },
    xAxis: {
      type: 'category',
      data: pages.map((page) => page.name),
      axisLabel: names.axisLabel,
    },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: formatPointPercent } },
    series: EMOTIONS.map((emotion) => ({
      name: EMOTION_NAMES[emotion],
      type: 'line',
      smooth: true,
      symbolSize: 8,
      color: EMOTION_COLORS[emotion],
      lineStyle: { width: 3 },
      data: pages.map((page) => percent(page[emotion])),
    })),
  };
}
