import {
  alikeSentence,
  compareChartTags,
  countInterval,
  joinNames,
  rankTagTiers,
  type TagMetrics,
  tagMetrics,
  tagPointBarWidth,
} from '@limbus/analytics';
import {
  EMOTION_NAMES,
  EMOTIONS,
  type Emotion,
  type SignificantPoint,
  type TagWithPoints,
} from '@limbus/contract';
import { Card, Group, Select, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { BlockSkeleton, EChart, EMOTION_COLORS, formatNumber } from '../../../ui';
import { useTags } from '../../annotations';
import { EmotionSelector, MeasureBar, withComments } from '../../page-ranking';
import { useLoadedTest } from '../test-layout';
import { FeedbackList, InfoSelector, type InfoTab, ResultsDataError } from './insight-parts';

const NO_FEEDBACK = 'No feedback found on this page!';

/** The tag an address selects: /tags/{tagId} or ?tag={tagId} (neurofeedback cards link with the latter). */
function useSelectedTagId(): [number | null, (id: number) => void] {
  const { tagId } = useParams();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('tag') ?? tagId) || null;
  return [selected, (id) => setParams({ tag: String(id) }, { replace: true })];
}

/** /test/{id}/tags and /tags/{tagId} (spec 3 §2 Tags): ranking, compare and feedback of the test's tags. */
export function TagsScreen() {
  const test = useLoadedTest();
  const tags = useTags(test.id);
  const [selectedId, selectTag] = useSelectedTagId();
  const [tab, setTab] = useState<InfoTab>(selectedId ? 'feedback' : 'ranking');
  const [emotion, setEmotion] = useState<Emotion>('frustration');
  const metrics = useMemo(() => tagMetrics(tags.data ?? []), [tags.data]);

  if (tags.isError) return <ResultsDataError error={tags.error} testId={test.id} />;

  const changeTab = (next: InfoTab) => {
    // the spec: choosing a tab other than Compare resets the emotion to frustration
    if (next !== 'compare') setEmotion('frustration');
    setTab(next);
  };

  return (
    <Stack gap="lg" component="section" aria-labelledby="tags-title">
      <Title order={2} id="tags-title">
        Tags
      </Title>
      <Group align="flex-end" gap="lg" wrap="wrap">
        <InfoSelector value={tab} onChange={changeTab} />
        {tab === 'feedback' && tags.data && (
          <Select
            label="Tag"
            w={260}
            data={tags.data.map((tag) => ({ value: String(tag.id), label: tag.name }))}
            value={String(selectedId ?? tags.data[0]?.id ?? '')}
            onChange={(value) => selectTag(Number(value))}
          />
        )}
        <EmotionSelector value={emotion} onChange={setEmotion} />
      </Group>
      {tags.isPending ? (
        <BlockSkeleton height={240} />
      ) : tags.data.length === 0 ? (
        <Text c="dimmed" py="lg">
          No tags yet: researchers tag the participants' peaks.
        </Text>
      ) : tab === 'ranking' ? (
        <TagRanking
          tags={tags.data}
          metrics={metrics}
          emotion={emotion}
          selectedId={selectedId}
          onSelect={selectTag}
        />
      ) : tab === 'compare' ? (
        <TagCompare
          metrics={metrics}
          emotion={emotion}
          participantIds={test.participants.map((participant) => participant.id)}
        />
      ) : (
        <TagFeedback tag={tags.data.find((tag) => tag.id === selectedId) ?? tags.data[0]} emotion={emotion} />
      )}
    </Stack>
  );
}

const pointsOf = (metrics: TagMetrics<SignificantPoint>, emotion: Emotion) => metrics.byEmotion[emotion].sps;

function TagRanking({
  tags,
  metrics,
  emotion,
  selectedId,
  onSelect,
}: {
  tags: TagWithPoints[];
  metrics: TagMetrics<SignificantPoint>[];
  emotion: Emotion;
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const test = useLoadedTest();
  const participantIds = test.participants.map((participant) => participant.id);
  const ranked = rankTagTiers(metrics, emotion, participantIds);
  const top = ranked.slice(0, 3);
  if (top.length === 0)
    return (
      <Text c="dimmed" py="lg">
        No tagged peaks of {EMOTION_NAMES[emotion].toLowerCase()} yet.
      </Text>
    );
  const selected = top.find((r) => r.item.id === selectedId)?.item ?? top[0]?.item;
  const measure = `${EMOTION_NAMES[emotion].toLowerCase()} peaks`;
  const alike = [...new Set(top.filter((r) => !r.isSeparated).map((r) => r.tier))].flatMap((tier) => {
    const members = ranked.filter((r) => r.tier === tier).map((r) => r.item.name);
    const sentence = alikeSentence(members, measure, [participantIds.length]);
    return sentence ? [sentence] : [];
  });
  return (
    <Stack gap="lg">
      <Stack gap={4} role="group" aria-label="How the tags compare">
        {alike.map((sentence) => (
          <Text key={sentence} fw={500}>
            {sentence}: their differences could be chance.
          </Text>
        ))}
        <Text size="sm" c="dimmed" maw={760}>
          Tags are in the order of their number of {measure}. A tag has a rank (#) only when its participants
          hit it more often than the next tag’s by more than chance (a paired t-test over the test’s
          participants at 5 %, corrected for the number of comparisons).
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: top.length }} role="list" aria-label="Ranking">
        {top.map(({ item: tag, position, tier, isSeparated }) => (
          <TagCard
            key={tag.id}
            rank={isSeparated ? position : null}
            alikeWith={ranked.filter((r) => r.tier === tier && r.item !== tag).map((r) => r.item.name)}
            participantIds={participantIds}
            tag={tag}
            description={tags.find((t) => t.id === tag.id)?.description ?? ''}
            emotion={emotion}
            isSelected={tag === selected}
            onSelect={() => onSelect(tag.id)}
          />
        ))}
      </SimpleGrid>
      {selected && (
        <Stack gap="sm">
          <Title order={3} fz="lg">
            Why: {selected.name}
          </Title>
          <FeedbackList
            points={pointsOf(selected, emotion)}
            empty={NO_FEEDBACK}
            label={`Feedback on ${selected.name}`}
          />
        </Stack>
      )}
    </Stack>
  );
}

function TagCard({
  rank,
  alikeWith,
  participantIds,
  tag,
  description,
  emotion,
  isSelected,
  onSelect,
}: {
  /** Its place, only when it is told apart from its neighbours; null in a tier of several. */
  rank: number | null;
  alikeWith: string[];
  participantIds: number[];
  tag: TagMetrics<SignificantPoint>;
  description: string;
  emotion: Emotion;
  isSelected: boolean;
  onSelect: () => void;
}) {
  const { count, participants, sps } = tag.byEmotion[emotion];
  const feedback = withComments(sps).length;
  const counted = countInterval(sps, participantIds);
  const n = participantIds.length;
  const interval = counted
    ? `n = ${n}, 95 % CI ${formatNumber(counted.lower)}–${formatNumber(counted.upper)}`
    : `n = ${n}, too few for an interval`;
  return (
    <Card
      role="listitem"
      p={0}
      style={{
        borderColor: isSelected ? EMOTION_COLORS[emotion] : undefined,
        borderWidth: isSelected ? 2 : 1,
      }}
    >
      <UnstyledButton onClick={onSelect} aria-pressed={isSelected} p="md" w="100%" h="100%">
        <Stack gap={6}>
          <Text size="sm" c="dimmed">
            {rank === null ? `Alike with ${joinNames(alikeWith)}` : `#${rank}`}
          </Text>
          <Text fw={700} fz="lg">
            {tag.name}
          </Text>
          {description && (
            <Text size="sm" c="dimmed" lineClamp={3}>
              {description}
            </Text>
          )}
          <Text size="sm">
            {count} {count === 1 ? 'peak' : 'peaks'} of {EMOTION_NAMES[emotion].toLowerCase()} ({interval})
          </Text>
          <MeasureBar
            width={tagPointBarWidth(count)}
            emotion={emotion}
            label={`${EMOTION_NAMES[emotion]} peaks`}
          />
          <Text size="sm" c="dimmed">
            {participants} participants · {feedback} feedback
          </Text>
        </Stack>
      </UnstyledButton>
    </Card>
  );
}

function TagCompare({
  metrics,
  emotion,
  participantIds,
}: {
  metrics: TagMetrics<SignificantPoint>[];
  emotion: Emotion;
  participantIds: number[];
}) {
  const option = useMemo(() => {
    const rows = compareChartTags(metrics, participantIds);
    return {
      grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
      legend: { top: 0, itemGap: 24 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: rows.map((row) => row.name), axisLabel: { interval: 0, rotate: 30 } },
      yAxis: { type: 'value', name: 'Peaks', minInterval: 1 },
      series: [
        ...EMOTIONS.map((e) => ({
          type: 'bar',
          stack: 'peaks',
          name: EMOTION_NAMES[e],
          data: rows.map((row) => row.counts[e]),
          itemStyle: { color: EMOTION_COLORS[e], opacity: e === emotion ? 1 : 0.55 },
        })),
        countWhiskers(rows.map((row) => row.interval)),
      ],
    };
  }, [metrics, emotion, participantIds]);
  return (
    <Stack gap={4}>
      <EChart option={option} height={380} label="Peaks per emotion of the first nine tags" />
      <Text size="xs" c="dimmed">
        Whiskers: the 95 % interval of each tag’s peaks in all, over the test’s {participantIds.length}{' '}
        participants. Tags whose whiskers overlap may not differ.
      </Text>
    </Stack>
  );
}

function TagFeedback({ tag, emotion }: { tag: TagWithPoints | undefined; emotion: Emotion }) {
  if (!tag) return null;
  const points = tag.significant_points.filter((point) => point.emotion === emotion);
  return (
    <Stack gap="sm">
      {tag.description && <Text c="dimmed">{tag.description}</Text>}
      <FeedbackList points={points} empty={NO_FEEDBACK} label={`Feedback on ${tag.name}`} />
    </Stack>
  );
}

/** Error bars over the stacked bars: a line from each interval's lower to upper end, with caps. */
function countWhiskers(intervals: ({ lower: number; upper: number } | null)[]) {
  return {
    type: 'custom',
    name: '95 % interval',
    silent: true,
    z: 10,
    data: intervals.map((interval, index) =>
      interval ? [index, interval.lower, interval.upper] : [index, null, null],
    ),
    renderItem: (
      _params: unknown,
      api: { value: (dimension: number) => number; coord: (point: [number, number]) => [number, number] },
    ) => {
      const lower = api.value(1);
      const upper = api.value(2);
      if (!Number.isFinite(lower) || !Number.isFinite(upper)) return null;
      const [x, bottom] = api.coord([api.value(0), lower]);
      const [, top] = api.coord([api.value(0), upper]);
      const style = { stroke: '#1a1b1e', lineWidth: 1.5 };
      return {
        type: 'group',
        children: [
          { type: 'line', shape: { x1: x, y1: top, x2: x, y2: bottom }, style },
          { type: 'line', shape: { x1: x - 5, y1: top, x2: x + 5, y2: top }, style },
          { type: 'line', shape: { x1: x - 5, y1: bottom, x2: x + 5, y2: bottom }, style },
        ],
      };
    },
  };
}
