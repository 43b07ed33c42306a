import type { ExpressionSamples } from '@limbus/analytics';
import type { StreamKindName } from '@limbus/contract';
import { Alert, Box, Group, Loader, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import type uPlot from 'uplot';
import { ErrorAlert, formatClock } from '../../../ui';
import { useStreamSamples } from '../api';
import { formatEmotionShare, nearestSampleIndex } from '../emotion-scores';
import { EXPRESSION_CURVES, expressionSeries } from '../expression-series';
import { SpokenAudio } from './spoken-audio';
import { PlayheadLine, type TimeSeriesLine, useTimeSeriesPlot } from './use-time-series-plot';

const HEIGHT = 160;
/** The box kept while the stream loads (explanation, legend, readout, plot): nothing below moves. */
const CHART_BOX_PX = 250;

/**
 * Not the EEG emotions' hues (green, pink, yellow): an expression must not read as joy or
 * frustration. Both reach at least 5:1 on white, and frowns are dashed for those who cannot tell
 * the two colours apart.
 */
const EXPRESSION_LINES: readonly TimeSeriesLine[] = [
  { label: EXPRESSION_CURVES[0].label, stroke: '#3b5bdb' },
  { label: EXPRESSION_CURVES[1].label, stroke: '#862e9c', dash: [6, 4] },
];

export const EXPRESSIONS_EXPLAINED =
  'A face classifier’s scores (0–100 %), read from the camera on the participant’s own device: facial expressions, not EEG emotions.';

function Legend() {
  return (
    // wrapped on a phone, its lines sit close: a legend, not two paragraphs
    <Group gap="md" wrap="wrap" style={{ rowGap: 4 }}>
      {EXPRESSION_LINES.map((line) => (
        <Group key={line.label} gap={6} wrap="nowrap">
          <Box
            component="span"
            aria-hidden
            w={24}
            style={{ flex: 'none', borderTop: `3px ${line.dash ? 'dashed' : 'solid'} ${line.stroke}` }}
          />
          <Text size="xs">{line.label}</Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * The y axis' top: the highest score rounded up to the next 10 %, at least 20 %. Expressions on a
 * face watching a screen stay low (smiles of 5–30 %): on a 0–100 % axis they were a flat line.
 */
export function axisTop(curves: readonly ArrayLike<number | null>[]): number {
  let highest = 0;
  for (const curve of curves)
    for (let i = 0; i < curve.length; i++) {
      const value = curve[i];
      if (typeof value === 'number' && Number.isFinite(value)) highest = Math.max(highest, value);
    }
  return Math.min(1, Math.max(0.2, Math.ceil(highest * 10 - 1e-9) / 10));
}

/**
 * A webcam participant's smiles and frowns over the recording (uPlot, 0–100 %), with the house's
 * playhead, click-to-seek and a readout of the scores under the pointer or at the playhead. Where
 * the face was out of view the curves stop: a gap, not a line drawn across it.
 */
export function ExpressionChart({
  samples,
  startMs,
  seconds,
  onSeek,
  label = 'Facial expressions over the recording',
}: {
  samples: ExpressionSamples;
  startMs: number;
  seconds: number;
  onSeek: (seconds: number) => void;
  /** What the chart shows, for screen readers. */
  label?: string;
}) {
  const series = useMemo(() => expressionSeries(samples, startMs), [samples, startMs]);
  const data = useMemo<uPlot.AlignedData>(() => [series.seconds, ...series.curves], [series]);
  const { container, playhead, hoverIndex } = useTimeSeriesPlot({
    data,
    lines: EXPRESSION_LINES,
    height: HEIGHT,
    seconds,
    onSeek,
    yMax: axisTop(series.curves),
  });
  const row = hoverIndex ?? nearestSampleIndex(series.seconds, seconds);
  const at = series.seconds[row];

  return (
    <Stack gap={6} role="group" aria-label={label}>
      <Text size="xs" c="dimmed">
        {EXPRESSIONS_EXPLAINED}
      </Text>
      <Legend />
      <Text size="sm" aria-live="off">
        {at === undefined ? (
          'No expression at this moment'
        ) : (
          <>
            <Text span fw={600} size="sm">
              At {formatClock(Math.max(0, at))}
            </Text>
            {series.sampleIndex[row] === -1
              ? ' · face out of view'
              : EXPRESSION_CURVES.map(
                  (curve, which) => ` · ${curve.short} ${formatEmotionShare(series.curves[which]?.[row])}`,
                ).join('')}
          </>
        )}
      </Text>
      <Box pos="relative">
        <div ref={container} />
        <PlayheadLine line={playhead} height={HEIGHT} />
      </Box>
      <Text size="xs" c="dimmed">
        Gaps: the face was out of view. Select a moment on the chart to play the recording from it.
      </Text>
    </Stack>
  );
}

/**
 * A webcam participant's facial expressions, with the stream's own states: loading, none recorded
 * (the participant did not consent to them, or the camera saw no face) and a failed read.
 */
export function ParticipantExpressions({
  testId,
  participantId,
  streams,
  startMs,
  seconds,
  onSeek,
}: {
  testId: number;
  participantId: number;
  /** The kinds of stream the participant stored, when known (the detail's `streams`). */
  streams?: readonly StreamKindName[];
  startMs: number;
  seconds: number;
  onSeek: (seconds: number) => void;
}) {
  const expressions = useStreamSamples(testId, participantId, 'expressions', { streams });
  if (expressions.isPending)
    return (
      <Group h={CHART_BOX_PX} justify="center">
        <Loader size="sm" aria-label="Loading the facial expressions" />
      </Group>
    );
  if (expressions.isError)
    return <ErrorAlert error={expressions.error} title="The facial expressions could not be loaded" />;
  if (!expressions.data || expressions.data.timestamp.length === 0)
    return (
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
        No facial expressions were recorded for this participant: they did not consent to them, or the camera
        saw no face.
      </Alert>
    );
  return <ExpressionChart samples={expressions.data} startMs={startMs} seconds={seconds} onSeek={onSeek} />;
}

/** What a webcam participant's EEG charts say instead: it took part by webcam, and recorded no EEG. */
export function NoEegNotice() {
  return (
    <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
      This participant took part remotely by webcam: no EEG was recorded, so there are no emotion curves (joy,
      attention, frustration) or neurofeedback for them.
    </Alert>
  );
}

/**
 * What a webcam participant shows where a lab participant shows EEG: the note that no EEG was
 * recorded (when its emotions are known to be absent), its facial expressions and its spoken audio.
 */
export function WebcamParticipantPanels({
  testId,
  participant,
  startMs,
  seconds,
  onSeek,
  hasNoEeg,
  headingOrder,
}: {
  testId: number;
  /** The participant with the kinds of stream it stored, when known. */
  participant: { id: number; streams?: readonly StreamKindName[] };
  startMs: number;
  seconds: number;
  onSeek: (seconds: number) => void;
  /** True once the emotions stream is known to be absent. */
  hasNoEeg: boolean;
  /** The level of the spoken audio's heading in its screen. */
  headingOrder: 2 | 3;
}) {
  return (
    <>
      {hasNoEeg ? <NoEegNotice /> : null}
      <ParticipantExpressions
        testId={testId}
        participantId={participant.id}
        streams={participant.streams}
        startMs={startMs}
        seconds={seconds}
        onSeek={onSeek}
      />
      <SpokenAudio testId={testId} participantId={participant.id} headingOrder={headingOrder} />
    </>
  );
}
