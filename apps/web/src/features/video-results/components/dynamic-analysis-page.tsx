import { EMOTION_NAMES, type VideoResults } from '@limbus/contract';
import { Paper, RangeSlider, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { EChart, EMOTION_COLORS, formatClock } from '../../../ui';
import { useVideoKeys } from '../../participants';
import {
  clampSelection,
  DEFAULT_SELECTION_PERCENT,
  MIN_SELECTION_PERCENT,
  type Selection,
  selectionMs,
} from '../selection';
import { pointsBetween } from '../video-time';
import { PointCards } from './point-cards';
import { ResultsGate } from './results-gate';
import { useVideoStage, VideoStage } from './video-stage';

const EMOTIONS = ['frustration', 'joy', 'attention'] as const;
const clock = (ms: number) => formatClock(ms / 1000, { padMinutes: true });

function selectionChart(results: VideoResults, [fromMs, toMs]: Selection) {
  const scores = results.scores.filter((score) => score.t >= fromMs && score.t <= toMs);
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { label: { formatter: ({ value }: { value: number }) => clock(value * 1000) } },
      valueFormatter: (value: number) => `${Math.round(value * 100)} of 100`,
    },
    legend: { top: 0 },
    // room for the axis name under the legend (they overlapped at phone width)
    grid: { left: 40, right: 16, top: 56, bottom: 28 },
    xAxis: {
      type: 'value',
      min: fromMs / 1000,
      max: toMs / 1000,
      axisLabel: { formatter: (seconds: number) => clock(seconds * 1000) },
    },
    yAxis: { type: 'value', min: 0, max: 1, name: 'Mean score' },
    series: EMOTIONS.map((emotion) => ({
      name: EMOTION_NAMES[emotion],
      type: 'line',
      showSymbol: false,
      color: EMOTION_COLORS[emotion],
      data: scores.map((score) => [score.t / 1000, score[emotion]]),
    })),
  };
}

function DynamicAnalysis({ results }: { results: VideoResults }) {
  const stage = useVideoStage(results);
  useVideoKeys(stage.videoRef);
  const [selection, setSelection] = useState<Selection>([0, DEFAULT_SELECTION_PERCENT]);
  const [fromMs, toMs] = selectionMs(selection, results.duration_ms);
  const option = useMemo(() => selectionChart(results, [fromMs, toMs]), [results, fromMs, toMs]);
  const choose = (value: Selection) => {
    const next = clampSelection(value);
    setSelection(next);
    stage.seek(selectionMs(next, results.duration_ms)[0] / 1000);
  };
  return (
    <Stack gap="lg">
      <VideoStage results={results} stage={stage} withChart={false} />
      <Paper withBorder p="md" component="section" aria-labelledby="selection-title">
        <Stack gap="sm">
          <Title order={3} fz="lg" id="selection-title">
            Selection {clock(fromMs)} - {clock(toMs)}
          </Title>
          <RangeSlider
            aria-label="Selection of the video"
            thumbFromLabel="Selection start"
            thumbToLabel="Selection end"
            value={selection}
            onChange={setSelection}
            onChangeEnd={choose}
            minRange={MIN_SELECTION_PERCENT}
            step={0.5}
            label={(value) => clock((value / 100) * results.duration_ms)}
          />
          <Text size="xs" c="dimmed">
            Space plays and pauses the video.
          </Text>
          <EChart option={option} height={260} label="Mean scores of the viewers in the selection" />
        </Stack>
      </Paper>
      <Stack gap="sm" component="section" aria-labelledby="selection-neurofeedback">
        <Title order={3} fz="lg" id="selection-neurofeedback">
          Neurofeedback
        </Title>
        <PointCards points={pointsBetween(results.points, fromMs, toMs)} onSeek={stage.seek} />
      </Stack>
    </Stack>
  );
}

/** /video-test/{id}/dynamic-analysis (and the research area's): any part of the video, analysed. */
export function VideoDynamicAnalysisPage() {
  return (
    <Stack gap="lg">
      <Title order={2} fz={24}>
        Dynamic analysis
      </Title>
      <ResultsGate>{(results) => <DynamicAnalysis results={results} />}</ResultsGate>
    </Stack>
  );
}
