import {
  frustrationIndex,
  isTopPagesShown,
  metricIndexIntervals,
  type ValueInterval,
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
  return shown
    .map((label, position) => ({
      label,
      frustrationIndex: indexes[position] ?? Number.NaN,
      frustrationInterval: intervals[position] ?? null,
    }))
    .sort((a, b) => (b.label.frustration ?? 0) - (a.label.frustration ?? 0))
    .slice(0, count);
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
 * The three emotions through the test: the participants' mean score on each page, pages in the
 * order of the test (their ids follow the site's order), as one line per emotion.
 */
export function emotionsChartOption(labels: readonly LabelWithMetrics[]): EChartsCoreOption {
  const pages = labels.filter((label) => label.total_participants > 0).sort((a, b) => a.id - b.id);
  return {
    grid: { left: 48, right: 24, top: 40, bottom: 32 },
    legend: { top: 0, data: EMOTIONS.map((emotion) => EMOTION_NAMES[emotion]) },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: unknown) => (typeof value === 'number' ? formatPointPercent(value) : '–'),
    },
    xAxis: { type: 'category', data: pages.map((page) => page.name), axisLabel: { interval: 0 } },
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
