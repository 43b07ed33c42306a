import { EMOTION_NAMES, EMOTIONS, type Emotion } from '@limbus/contract';
import { Anchor, Chip, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  BlockSkeleton,
  type ChartClick,
  EChart,
  EMOTION_COLORS,
  formatPercent,
  formatPercentRange,
} from '../../../ui';
import { useLabels } from '../../annotations';
import { EmotionDot } from '../../page-ranking';
import { useLoadedTest } from '../test-layout';
import { ResultsDataError } from './insight-parts';
import {
  activeEmotions,
  type SectionGroup,
  sectionCertainty,
  sectionGroups,
  toggleEmotion,
} from './sections';

const pageInsightsOf = (testId: number, sectionId: number) =>
  `/test/${testId}/page-insights?page=${sectionId}`;

/** A section's average emotion, already in percent with one decimal (sectionGroups): '45.3 %'. */
const formatSectionPercent = (percent: number) => formatPercent(percent / 100, { decimals: 1 });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** /test/{id}/sections (spec 3 §2 Sections): the top ten sections and their average emotions. */
export function SectionsScreen() {
  const test = useLoadedTest();
  const labels = useLabels(test.id);
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Emotion[]>([]);
  const groups = useMemo(() => sectionGroups(labels.data ?? []), [labels.data]);
  const shown = activeEmotions(selected);
  const openSection = useCallback(
    (click: ChartClick) => {
      const group = groups[click.dataIndex];
      if (group) navigate(pageInsightsOf(test.id, group.id));
    },
    [groups, navigate, test.id],
  );

  if (labels.isError) return <ResultsDataError error={labels.error} testId={test.id} />;
  return (
    <Stack gap="lg" component="section" aria-labelledby="sections-title">
      <Title order={2} id="sections-title">
        Sections
      </Title>
      <Text c="dimmed" maw={720}>
        The average emotion of participants in each section of the recordings (the page titles researchers
        gave them), for the first ten sections with measured joy. Choose emotions to compare; none chosen
        shows all.
      </Text>
      <Group gap="xs" role="group" aria-label="Emotions">
        {EMOTIONS.map((emotion) => (
          <Chip
            key={emotion}
            checked={selected.includes(emotion)}
            onChange={() => setSelected((current) => toggleEmotion(current, emotion))}
            color={EMOTION_COLORS[emotion]}
            variant="light"
          >
            {EMOTION_NAMES[emotion]}
          </Chip>
        ))}
      </Group>
      {labels.isPending ? (
        <BlockSkeleton height={320} />
      ) : groups.length === 0 ? (
        <Text c="dimmed" py="lg">
          No sections with measured emotions yet.
        </Text>
      ) : (
        <>
          <SectionsChart groups={groups} emotions={shown} onClick={openSection} />
          <SectionsTable groups={groups} emotions={shown} testId={test.id} />
        </>
      )}
    </Stack>
  );
}

function SectionsChart({
  groups,
  emotions,
  onClick,
}: {
  groups: SectionGroup[];
  emotions: readonly Emotion[];
  onClick: (click: ChartClick) => void;
}) {
  const option = useMemo(
    () => ({
      // the axis name sits under the legend, not beside it (they overlapped at phone width)
      grid: { left: 8, right: 16, top: 64, bottom: 8, containLabel: true },
      legend: { top: 0, itemGap: 24, data: emotions.map((emotion) => EMOTION_NAMES[emotion]) },
      // the tooltip reads the groups, so that each mean comes with its interval and n (the bands'
      // stacked series hold a bound and a width, not something to read)
      tooltip: {
        trigger: 'axis',
        formatter: (items: { dataIndex: number }[]) => {
          const group = groups[items[0]?.dataIndex ?? -1];
          if (!group) return '';
          return [
            `<b>${escapeHtml(group.name)}</b>`,
            ...emotions.map((emotion) => `${EMOTION_NAMES[emotion]} ${sectionCertainty(group, emotion)}`),
          ].join('<br/>');
        },
      },
      xAxis: { type: 'category', data: groups.map((g) => g.name), axisLabel: { interval: 0, rotate: 30 } },
      yAxis: {
        type: 'value',
        name: 'Average emotion (%)',
        nameTextStyle: { align: 'left' },
        min: 0,
        max: 100,
      },
      series: emotions.flatMap((emotion) => [
        {
          type: 'line',
          name: EMOTION_NAMES[emotion],
          data: groups.map((g) => g[emotion]),
          symbolSize: 10,
          cursor: 'pointer',
          z: 3,
          itemStyle: { color: EMOTION_COLORS[emotion] },
          lineStyle: { color: EMOTION_COLORS[emotion], width: 3 },
        },
        // the 95 % interval as a band: an invisible line at the lower bound and the width stacked on it
        {
          type: 'line',
          name: `${EMOTION_NAMES[emotion]} 95 % interval`,
          stack: `interval-${emotion}`,
          data: groups.map((g) => g.intervals[emotion]?.lower ?? null),
          lineStyle: { opacity: 0 },
          symbol: 'none',
          silent: true,
        },
        {
          type: 'line',
          name: `${EMOTION_NAMES[emotion]} 95 % interval width`,
          stack: `interval-${emotion}`,
          data: groups.map((g) => {
            const interval = g.intervals[emotion];
            return interval ? Math.round((interval.upper - interval.lower) * 10) / 10 : null;
          }),
          lineStyle: { opacity: 0 },
          areaStyle: { color: EMOTION_COLORS[emotion], opacity: 0.15 },
          symbol: 'none',
          silent: true,
        },
      ]),
    }),
    [groups, emotions],
  );
  return (
    <EChart option={option} height={360} label="Average emotion percent per section" onClick={onClick} />
  );
}

function SectionsTable({
  groups,
  emotions,
  testId,
}: {
  groups: SectionGroup[];
  emotions: readonly Emotion[];
  testId: number;
}) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped highlightOnHover aria-label="Top ten sections">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Section</Table.Th>
            <Table.Th ta="right">n</Table.Th>
            {emotions.map((emotion) => (
              <Table.Th key={emotion} ta="right">
                <Group gap={6} justify="flex-end" wrap="nowrap">
                  <EmotionDot emotion={emotion} />
                  {EMOTION_NAMES[emotion]} (average, 95 % CI)
                </Group>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => (
            <Table.Tr key={group.id}>
              <Table.Td>
                <Anchor component={Link} to={pageInsightsOf(testId, group.id)}>
                  {group.name}
                </Anchor>
              </Table.Td>
              <Table.Td ta="right">{group.n ?? '–'}</Table.Td>
              {emotions.map((emotion) => {
                const interval = group.intervals[emotion];
                return (
                  <Table.Td key={emotion} ta="right" aria-label={sectionCertainty(group, emotion)}>
                    {formatSectionPercent(group[emotion])}
                    <Text component="span" display="block" size="xs" c="dimmed">
                      {interval
                        ? formatPercentRange(interval.lower / 100, interval.upper / 100, { decimals: 1 })
                        : '–'}
                    </Text>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
