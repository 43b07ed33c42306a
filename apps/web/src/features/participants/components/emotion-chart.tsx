import type { EmotionSamples } from '@limbus/analytics';
import { Box } from '@mantine/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { EMOTION_COLORS } from '../../../app/theme';
import { formatClock } from '../../../ui';

const HEIGHT = 160;
const EMOTIONS = ['frustration', 'joy', 'attention'] as const;

/** The series of uPlot: seconds from the recording's start, and each emotion. */
function toPlotData(samples: EmotionSamples, startMs: number): uPlot.AlignedData {
  const seconds = Float64Array.from(samples.timestamp, (timestamp) => (timestamp - startMs) / 1000);
  return [seconds, samples.frustration, samples.joy, samples.attention] as unknown as uPlot.AlignedData;
}

/**
 * Joy, attention and frustration under the video (uPlot), a line at the playhead; a click seeks.
 * Colours: frustration pink, joy green, attention yellow.
 */
export function EmotionChart({
  samples,
  startMs,
  seconds,
  onSeek,
}: {
  samples: EmotionSamples;
  startMs: number;
  seconds: number;
  onSeek: (seconds: number) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const cursorLine = useRef<HTMLDivElement>(null);
  const seek = useRef(onSeek);
  seek.current = onSeek;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const options: uPlot.Options = {
      width: element.clientWidth || 600,
      height: HEIGHT,
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: false } },
      axes: [
        {
          values: (_u, ticks) => ticks.map((tick) => formatClock(tick)),
        },
        {},
      ],
      series: [
        { label: 'Time' },
        ...EMOTIONS.map((emotion) => ({
          label: emotion[0]?.toUpperCase() + emotion.slice(1),
          stroke: EMOTION_COLORS[emotion],
          width: 1.5,
        })),
      ],
    };
    const chart = new uPlot(options, toPlotData(samples, startMs), element);
    plot.current = chart;
    const handleClick = () => {
      const left = chart.cursor.left;
      if (left !== undefined && left >= 0) seek.current(chart.posToVal(left, 'x'));
    };
    chart.over.addEventListener('click', handleClick);
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [samples, startMs]);

  useEffect(() => {
    const chart = plot.current;
    const line = cursorLine.current;
    if (!chart || !line) return;
    const x = chart.valToPos(seconds, 'x');
    line.style.transform = `translateX(${chart.over.offsetLeft + x}px)`;
  }, [seconds]);

  return (
    <Box pos="relative" aria-label="Emotions over the recording" role="img">
      <div ref={container} />
      <div
        ref={cursorLine}
        aria-hidden
        style={{
          position: 'absolute',
          top: 0,
          left: 0,
          height: HEIGHT,
          width: 2,
          background: 'var(--mantine-color-blue-6)',
          pointerEvents: 'none',
        }}
      />
    </Box>
  );
}
