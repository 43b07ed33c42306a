import type { EmotionSamples } from '@limbus/analytics';
import { EMOTION_NAMES, type SignificantPoint } from '@limbus/contract';
import { Box, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMemo } from 'react';
import type uPlot from 'uplot';
import { AppTooltip, EMOTION_COLORS, formatClock } from '../../../ui';
import { CHART_EMOTIONS, emotionMeans, nearestSampleIndex } from '../emotion-scores';
import { EmotionReadout } from './emotion-readout';
import { PlayheadLine, plotOffset, type TimeSeriesLine, useTimeSeriesPlot } from './use-time-series-plot';

export { CHART_AXIS_PX, TIME_TICK_SECONDS } from './use-time-series-plot';

const HEIGHT = 160;

const MARKER_SIZE = 12;
/** The marker's button is larger than its dot: 24 px is the smallest target a finger or a shaky hand should have to hit (WCAG 2.5.8). */
const MARKER_TARGET_SIZE = 24;

/** The series of uPlot: seconds from the recording's start, and each emotion. */
function toPlotData(samples: EmotionSamples, startMs: number): uPlot.AlignedData {
  const seconds = Float64Array.from(samples.timestamp, (timestamp) => (timestamp - startMs) / 1000);
  return [seconds, ...CHART_EMOTIONS.map((emotion) => samples[emotion])];
}

const EMOTION_LINES: readonly TimeSeriesLine[] = CHART_EMOTIONS.map((emotion) => ({
  label: EMOTION_NAMES[emotion],
  stroke: EMOTION_COLORS[emotion],
}));

/** A marker and how many points beside it it stands for (their targets would overlap). */
type Marker = { point: SignificantPoint; seconds: number; x: number; y: number; nearby: number };

/** Each significant point on its emotion's curve (false positives left out), in chart pixels. */
function markersOf(
  chart: uPlot | null,
  points: readonly SignificantPoint[],
  samples: EmotionSamples,
  startMs: number,
): Marker[] {
  if (!chart) return [];
  const offset = plotOffset(chart);
  const markers: Marker[] = [];
  for (const point of points) {
    if (point.false_positive) continue;
    const index = nearestSampleIndex(samples.timestamp, point.timestamp_top);
    const value = samples[point.emotion][index];
    if (value === undefined || !Number.isFinite(value)) continue;
    const seconds = (point.timestamp_top - startMs) / 1000;
    const x = chart.valToPos(seconds, 'x');
    const y = chart.valToPos(value, 'y');
    if (Number.isFinite(x) && Number.isFinite(y))
      markers.push({ point, seconds, x: offset.left + x, y: offset.top + y, nearby: 0 });
  }
  return withoutOverlaps(markers);
}

/**
 * Markers closer than a target's size become one, the earliest, that names how many it stands
 * for: overlapping buttons cannot be told apart by a finger (and fail WCAG 2.5.8 on a phone).
 */
function withoutOverlaps(markers: Marker[]): Marker[] {
  const kept: Marker[] = [];
  for (const marker of [...markers].sort((a, b) => a.seconds - b.seconds)) {
    const near = kept.find(
      (other) => Math.hypot(other.x - marker.x, other.y - marker.y) < MARKER_TARGET_SIZE,
    );
    if (near) near.nearby += 1;
    else kept.push(marker);
  }
  return kept;
}

function PointMarker({ marker, onSeek }: { marker: Marker; onSeek: (seconds: number) => void }) {
  const { point } = marker;
  const name =
    `${EMOTION_NAMES[point.emotion]} point at ${formatClock(Math.max(0, marker.seconds))}` +
    (marker.nearby ? ` and ${marker.nearby} more nearby` : '');
  return (
    <AppTooltip label={point.comment ? `${name}: ${point.comment}` : name}>
      <UnstyledButton
        aria-label={`${name}: play from here`}
        onClick={() => onSeek(marker.seconds)}
        style={{
          position: 'absolute',
          left: marker.x,
          top: marker.y,
          width: MARKER_TARGET_SIZE,
          height: MARKER_TARGET_SIZE,
          transform: 'translate(-50%, -50%)',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <Box
          component="span"
          style={{
            width: MARKER_SIZE,
            height: MARKER_SIZE,
            borderRadius: '50%',
            background: EMOTION_COLORS[point.emotion],
            border: '2px solid #fff',
            boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.35)',
          }}
        />
      </UnstyledButton>
    </AppTooltip>
  );
}

/**
 * Frustration, joy and attention under the video (uPlot, 0–100 %), a line at the playhead, the
 * significant points as markers on their curves (select one to play from it) and a readout of
 * the scores under the pointer, or at the playhead, against the recording's means. A click
 * elsewhere seeks to that moment. With a `range` the chart shows that part of the recording; the
 * playhead's line shows while the playhead lies within what is shown.
 */
export function EmotionChart({
  samples,
  startMs,
  seconds,
  points = [],
  onSeek,
  label = 'Emotions over the recording',
  range,
  meanLabel = 'recording mean',
}: {
  samples: EmotionSamples;
  startMs: number;
  seconds: number;
  points?: readonly SignificantPoint[];
  onSeek: (seconds: number) => void;
  /** What the chart shows, for screen readers. */
  label?: string;
  /** The part shown, in seconds from `startMs`; all of the samples by default. */
  range?: readonly [from: number, to: number];
  /** What the readout's means are the mean of: a recording's, or the viewers' over a video. */
  meanLabel?: string;
}) {
  const data = useMemo(() => toPlotData(samples, startMs), [samples, startMs]);
  const { container, plot, playhead, hoverIndex, layout } = useTimeSeriesPlot({
    data,
    lines: EMOTION_LINES,
    height: HEIGHT,
    seconds,
    onSeek,
    range,
  });
  const means = useMemo(() => emotionMeans(samples), [samples]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `layout` says when the chart's scales changed
  const markers = useMemo(
    () => markersOf(plot.current, points, samples, startMs),
    [points, samples, startMs, layout],
  );
  const playheadIndex = nearestSampleIndex(samples.timestamp, startMs + seconds * 1000);
  const index = hoverIndex ?? playheadIndex;

  return (
    <Stack gap={6} role="group" aria-label={label}>
      <EmotionReadout samples={samples} means={means} meanLabel={meanLabel} index={index} startMs={startMs} />
      <Box pos="relative">
        <div ref={container} />
        <PlayheadLine line={playhead} height={HEIGHT} />
        {markers.map((marker) => (
          <PointMarker key={marker.point.id} marker={marker} onSeek={onSeek} />
        ))}
      </Box>
      {markers.length > 0 ? (
        <Text size="xs" c="dimmed">
          Dots mark the significant points: select one to play the recording from it.
        </Text>
      ) : null}
    </Stack>
  );
}
