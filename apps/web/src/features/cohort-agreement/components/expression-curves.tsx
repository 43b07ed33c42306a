import {
  type AgreementReadingName,
  type CohortAgreement,
  EXPRESSION_PAIR_NAMES,
  type ExpressionCurve,
  formatClock,
} from '@limbus/contract';
import { Box, Group, Stack, Text, Title } from '@mantine/core';
import type { EChartsCoreOption } from 'echarts/core';
import { EChart, EMOTION_COLORS, formatCount, formatPercent } from '../../../ui';
import { estimateSentence } from './estimate-sentence';

type Expressions = Extract<CohortAgreement, { available: true }>['expressions'];

/** The remote cohort's curve in a neutral ink: it is a face's expression, not an EEG emotion. */
const EXPRESSION_COLOR = '#4c6ef5';

const READINGS: Record<AgreementReadingName, (curve: ExpressionCurve) => string> = {
  close: (c) => `The remote cohort’s ${short(c)} rise and fall closely with the lab’s ${emotion(c)}`,
  moderate_to_close: (c) =>
    `The remote cohort’s ${short(c)} follow the lab’s ${emotion(c)} moderately to closely`,
  moderate: (c) => `The remote cohort’s ${short(c)} follow the lab’s ${emotion(c)} moderately`,
  weak_to_moderate: (c) =>
    `The remote cohort’s ${short(c)} follow the lab’s ${emotion(c)} weakly to moderately`,
  weak: (c) => `The remote cohort’s ${short(c)} hardly follow the lab’s ${emotion(c)}`,
  unclear: (c) =>
    `Whether the remote cohort’s ${short(c)} follow the lab’s ${emotion(c)} cannot be told from these participants`,
};
const short = (curve: ExpressionCurve) => EXPRESSION_PAIR_NAMES[curve.pair].short;
const emotion = (curve: ExpressionCurve) => EXPRESSION_PAIR_NAMES[curve.pair].emotion;

/** The pair's sentence: the reading its interval backs, r with its interval, and n. */
export function curveSentence(curve: ExpressionCurve): string {
  return `${READINGS[curve.reading](curve)} (${estimateSentence('r', curve.r)}; ${formatCount(curve.lab_participants)} lab, ${formatCount(curve.remote_participants)} remote).`;
}

/** The two lines' names, said in the legend above the chart (with their axes). */
function seriesNames(curve: ExpressionCurve) {
  const names = EXPRESSION_PAIR_NAMES[curve.pair];
  return {
    lab: `${names.emotion}, lab mean`,
    remote: `${names.short.charAt(0).toUpperCase()}${names.short.slice(1)}, remote mean`,
  };
}

/** Both means over the video on their own axes: an EEG score and a classifier's score are not one scale. */
export function curveChartOption(curve: ExpressionCurve): EChartsCoreOption {
  const { lab: labName, remote: remoteName } = seriesNames(curve);
  const axis = (position: 'left' | 'right') => ({
    type: 'value',
    position,
    axisLabel: { formatter: (value: number) => formatPercent(value) },
    splitLine: { show: position === 'left' },
    scale: true,
  });
  return {
    grid: { left: 48, right: 48, top: 12, bottom: 32 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: unknown) => (typeof value === 'number' ? formatPercent(value) : '–'),
    },
    xAxis: {
      type: 'category',
      data: curve.time_s.map((seconds) => formatClock(seconds)),
      boundaryGap: false,
      axisLabel: { interval: 'auto' },
    },
    yAxis: [axis('left'), axis('right')],
    series: [
      {
        name: labName,
        type: 'line',
        showSymbol: false,
        color: EMOTION_COLORS[EXPRESSION_PAIR_NAMES[curve.pair].eegEmotion],
        lineStyle: { width: 2 },
        data: curve.lab,
      },
      {
        name: remoteName,
        type: 'line',
        yAxisIndex: 1,
        showSymbol: false,
        color: EXPRESSION_COLOR,
        lineStyle: { width: 2, type: 'dashed' },
        data: curve.remote,
      },
    ],
  };
}

const Swatch = ({ color, dashed }: { color: string; dashed: boolean }) => (
  <Box
    component="span"
    aria-hidden
    w={24}
    style={{ flex: 'none', borderTop: `3px ${dashed ? 'dashed' : 'solid'} ${color}` }}
  />
);

/** The legend as text that wraps on a phone: which line is which cohort, on which axis. */
function CurveLegend({ curve }: { curve: ExpressionCurve }) {
  const names = seriesNames(curve);
  return (
    <Group gap="lg" wrap="wrap">
      <Group gap={6} wrap="nowrap">
        <Swatch color={EMOTION_COLORS[EXPRESSION_PAIR_NAMES[curve.pair].eegEmotion]} dashed={false} />
        <Text size="xs">{names.lab} (left axis)</Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Swatch color={EXPRESSION_COLOR} dashed />
        <Text size="xs">{names.remote} (right axis)</Text>
      </Group>
    </Group>
  );
}

/**
 * 'Facial expressions and EEG emotions': per pair (smiles with joy, frowns with frustration) the
 * sentence with r and n, and both mean curves over the video; the reason when there are none.
 */
export function ExpressionCurves({ expressions }: { expressions: Expressions }) {
  return (
    <Stack gap={6} component="section" aria-label="Facial expressions">
      <Title order={4}>Facial expressions and EEG emotions</Title>
      {!expressions.available ? (
        <Text size="sm">{expressions.reason}.</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            A facial expression is what a face shows, read by a classifier on the participant’s own device;
            EEG measures the brain. When the curves move together, the two cohorts tell the same story about
            this video; an expression is never read as an emotion.
          </Text>
          {expressions.curves.map((curve) => (
            <Stack key={curve.pair} gap={4}>
              <Title order={5}>
                {EXPRESSION_PAIR_NAMES[curve.pair].expression} against{' '}
                {EXPRESSION_PAIR_NAMES[curve.pair].emotion}
              </Title>
              <Text size="sm">{curveSentence(curve)}</Text>
              <CurveLegend curve={curve} />
              <EChart
                option={curveChartOption(curve)}
                height={240}
                label={`${EXPRESSION_PAIR_NAMES[curve.pair].emotion} of the lab and ${short(curve)} of the remote cohort over the video, each cohort's mean a second`}
              />
            </Stack>
          ))}
        </>
      )}
    </Stack>
  );
}
