import { DEFAULT_PAGE_FILTER, PAGE_MIN_PARTICIPANT_OPTIONS } from '@limbus/analytics';
import { EMOTION_NAMES, type Emotion, type LabelWithMetrics } from '@limbus/contract';
import { Anchor, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  BlockSkeleton,
  EChart,
  EMOTION_COLORS,
  formatClock,
  SegmentedChoice,
  type SegmentedOption,
} from '../../../ui';
import { useLabels } from '../../annotations';
import {
  type CompareMode,
  compareValues,
  EmotionSelector,
  type PageFilter,
  PageRankingCards,
  pagePeaks,
  type RankedPage,
  rankingCards,
  rankLabels,
  shownPages,
} from '../../page-ranking';
import { useLoadedTest } from '../test-layout';
import { FeedbackList, InfoSelector, type InfoTab, ResultsDataError } from './insight-parts';

export const NO_PAGE_DATA = 'No data to be shown. Adjust the filters first or add pages to participants.';
const NO_FEEDBACK = 'No feedback found on this page!';

/** /test/{id}/page-insights (spec 3 §2 Pages): ranking, compare and feedback of the test's pages. */
export function PageInsightsScreen() {
  const test = useLoadedTest();
  const labels = useLabels(test.id);
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<InfoTab>('ranking');
  const [emotion, setEmotion] = useState<Emotion>('frustration');
  const [filter, setFilter] = useState<PageFilter>({ ...DEFAULT_PAGE_FILTER });
  const [feedbackPageId, setFeedbackPageId] = useState<number | null>(null);

  const pages = useMemo(() => shownPages(labels.data ?? [], filter), [labels.data, filter]);
  const ranked = useMemo(() => rankLabels(pages, emotion), [pages, emotion]);
  const selectedId = Number(params.get('page')) || null;

  if (labels.isError) return <ResultsDataError error={labels.error} testId={test.id} />;

  const selectPage = (id: number) => setParams({ page: String(id) }, { replace: true });
  const changeTab = (next: InfoTab) => {
    if (next === 'feedback') setFeedbackPageId(pages[0]?.id ?? null);
    setTab(next);
  };
  const top = ranked[0];
  const explainTop = () => {
    if (top) selectPage(top.page.id);
    setTab('ranking');
  };

  return (
    <Stack gap="lg" component="section" aria-labelledby="pages-title">
      <Title order={2} id="pages-title">
        Pages
      </Title>
      <Group align="flex-end" gap="lg" wrap="wrap">
        <InfoSelector value={tab} onChange={changeTab} />
        {tab !== 'feedback' && <EmotionSelector value={emotion} onChange={setEmotion} />}
        <PageFilters filter={filter} onChange={setFilter} />
      </Group>
      {top && tab !== 'ranking' && (
        <Anchor component="button" type="button" onClick={explainTop} ta="left">
          {top.isSeparated && top.index > 100
            ? `Find out why ${top.page.name} scores relatively high on ${EMOTION_NAMES[emotion].toLowerCase()}`
            : `See what participants said on ${top.page.name}`}
        </Anchor>
      )}
      {labels.isPending ? (
        <BlockSkeleton height={240} />
      ) : pages.length === 0 ? (
        <Text c="dimmed" py="lg">
          {NO_PAGE_DATA}
        </Text>
      ) : tab === 'ranking' ? (
        <PageRanking
          ranked={ranked}
          emotion={emotion}
          selectedId={selectedId ?? top?.page.id ?? null}
          onSelect={selectPage}
        />
      ) : tab === 'compare' ? (
        <PageCompare pages={pages} emotion={emotion} />
      ) : (
        <PageFeedback
          pages={pages}
          pageId={feedbackPageId ?? pages[0]?.id ?? null}
          onPage={setFeedbackPageId}
        />
      )}
    </Stack>
  );
}

function PageFilters({ filter, onChange }: { filter: PageFilter; onChange: (filter: PageFilter) => void }) {
  return (
    <Group gap="sm" align="flex-end">
      <Select
        label="Minimum participants"
        w={180}
        data={PAGE_MIN_PARTICIPANT_OPTIONS.map(String)}
        value={String(filter.minParticipants)}
        onChange={(value) => onChange({ ...filter, minParticipants: Number(value) })}
      />
      <NumberInput
        label="Minimum seconds"
        description="Average time on the page"
        w={220}
        min={0}
        max={3600}
        allowDecimal={false}
        value={filter.minSeconds}
        onChange={(value) => onChange({ ...filter, minSeconds: typeof value === 'number' ? value : 0 })}
      />
    </Group>
  );
}

function PageRanking({
  ranked,
  emotion,
  selectedId,
  onSelect,
}: {
  ranked: RankedPage[];
  emotion: Emotion;
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const cards = rankingCards(ranked, selectedId);
  const selected = cards.find((card) => card.page.id === selectedId) ?? cards[0];
  return (
    <Stack gap="lg">
      <PageRankingCards
        ranked={ranked}
        cards={cards}
        emotion={emotion}
        selected={selected}
        onSelect={(card) => onSelect(card.page.id)}
      />
      {selected && (
        <Stack gap="sm">
          <Title order={3} fz="lg">
            Why {selected.page.name} scores on {EMOTION_NAMES[emotion].toLowerCase()}
          </Title>
          <FeedbackList
            points={pagePeaks(selected.page, emotion)}
            empty={NO_FEEDBACK}
            label={`Feedback on ${selected.page.name}`}
          />
        </Stack>
      )}
    </Stack>
  );
}

const COMPARE_MODES = [
  { value: 'emotion', label: 'Emotion' },
  { value: 'time', label: 'Time' },
  { value: 'visits', label: 'Visits' },
] as const satisfies readonly SegmentedOption<CompareMode>[];

function PageCompare({ pages, emotion }: { pages: LabelWithMetrics[]; emotion: Emotion }) {
  const [mode, setMode] = useState<CompareMode>('emotion');
  const values = compareValues(pages, mode, emotion);
  const what =
    mode === 'time'
      ? 'Average time on the page (mm:ss)'
      : mode === 'visits'
        ? 'Participants who visited the page'
        : `${EMOTION_NAMES[emotion]} index (100 = mean of the pages)`;
  const option = useMemo(
    () => ({
      grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value: number) =>
          mode === 'time' ? formatClock(value, { padMinutes: true }) : String(value),
      },
      xAxis: {
        type: 'category',
        data: pages.map((page) => page.name),
        axisLabel: { interval: 0, rotate: 30 },
      },
      yAxis: {
        type: 'value',
        name: what,
        nameTextStyle: { align: 'left' },
        axisLabel:
          mode === 'time' ? { formatter: (value: number) => formatClock(value, { padMinutes: true }) } : {},
      },
      series: [
        {
          type: 'bar',
          name: what,
          data: values,
          itemStyle: {
            color: mode === 'emotion' ? EMOTION_COLORS[emotion] : '#4c3bcf',
            borderRadius: [4, 4, 0, 0],
          },
          markLine:
            mode === 'emotion'
              ? {
                  symbol: 'none',
                  data: [{ yAxis: 100 }],
                  label: { formatter: 'mean', position: 'insideEndTop' },
                }
              : undefined,
        },
      ],
    }),
    [pages, values, mode, emotion, what],
  );
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Text size="sm" fw={500} id="compare-mode">
          Compare by
        </Text>
        <SegmentedChoice
          aria-labelledby="compare-mode"
          data={COMPARE_MODES}
          value={mode}
          onChange={setMode}
        />
      </Group>
      <EChart option={option} height={360} label={`Pages compared: ${what}`} />
    </Stack>
  );
}

function PageFeedback({
  pages,
  pageId,
  onPage,
}: {
  pages: LabelWithMetrics[];
  pageId: number | null;
  onPage: (id: number) => void;
}) {
  const page = pages.find((p) => p.id === pageId) ?? pages[0];
  if (!page) return null;
  return (
    <Stack gap="md">
      <Select
        label="Page"
        w={320}
        data={pages.map((p) => ({ value: String(p.id), label: p.name }))}
        value={String(page.id)}
        onChange={(value) => onPage(Number(value))}
      />
      <FeedbackList points={page.significant_points} empty={NO_FEEDBACK} label={`Feedback on ${page.name}`} />
    </Stack>
  );
}
