import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatClock, formatPercent } from '../../../ui';

/**
 * The time axis' tick steps in seconds: whole seconds only, since its labels are m:ss (issue 26,
 * units: a 4-second selection ticked every 0.2 s read '0:00 0:00 0:00 0:00 0:01').
 */
export const TIME_TICK_SECONDS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200];

/** The width of the chart's percent axis: the plot starts this far from the chart's left edge. */
export const CHART_AXIS_PX = 56;

/** One curve of a chart: its name, colour and, to tell it apart without colour, a dash pattern. */
export type TimeSeriesLine = { label: string; stroke: string; dash?: number[] };

/** Where uPlot put its plotting area inside the chart box, in CSS pixels. */
export const plotOffset = (chart: uPlot) => ({
  left: Number.parseFloat(chart.over.style.left) || chart.over.offsetLeft,
  top: Number.parseFloat(chart.over.style.top) || chart.over.offsetTop,
});

/**
 * The participant charts' uPlot (the house's chart for long time series): seconds on x as m:ss,
 * 0–100 % on y, a line at the playhead, a click that seeks to the moment under the pointer and the
 * row under the pointer (`hoverIndex`). A null in `data` is a gap: uPlot does not span it.
 * `layout` is bumped whenever uPlot lays the chart out again, so that overlays follow its scales.
 * `data` and `lines` must keep their identity between renders while unchanged (memoise them).
 */
export function useTimeSeriesPlot({
  data,
  lines,
  height,
  seconds,
  onSeek,
  range,
  yMax = 1,
}: {
  data: uPlot.AlignedData;
  lines: readonly TimeSeriesLine[];
  height: number;
  /** The playhead, in seconds on the x axis. */
  seconds: number;
  onSeek: (seconds: number) => void;
  /** The part shown, in seconds; all of the data by default. */
  range?: readonly [from: number, to: number];
  /** The top of the y axis (a share; 1 = 100 %). */
  yMax?: number;
}) {
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const playhead = useRef<HTMLDivElement>(null);
  const seek = useRef(onSeek);
  seek.current = onSeek;
  const [hoverIndex, setHoverIndex] = useState<number | null>(null);
  const [layout, setLayout] = useState(0);
  const [rangeFrom, rangeTo] = range ?? [];

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const relayout = () => setLayout((count) => count + 1);
    const options: uPlot.Options = {
      width: element.clientWidth || 600,
      height,
      legend: { show: false },
      // room above the top so that the '100 %' tick is not cut
      padding: [12, null, null, null],
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: {
          time: false,
          range: (_chart, dataMin, dataMax) => [rangeFrom ?? dataMin, rangeTo ?? dataMax],
        },
        y: { range: [0, yMax] },
      },
      axes: [
        { incrs: TIME_TICK_SECONDS, values: (_u, ticks) => ticks.map((tick) => formatClock(tick)) },
        { values: (_u, ticks) => ticks.map((tick) => formatPercent(tick)), size: CHART_AXIS_PX },
      ],
      series: [
        { label: 'Time' },
        ...lines.map((line) => ({
          label: line.label,
          stroke: line.stroke,
          dash: line.dash,
          width: 1.5,
          points: { show: false },
        })),
      ],
      hooks: {
        ready: [relayout],
        setSize: [relayout],
        setCursor: [
          (chart) => {
            const index = chart.cursor.idx;
            setHoverIndex((chart.cursor.left ?? -1) >= 0 && typeof index === 'number' ? index : null);
          },
        ],
      },
    };
    const chart = new uPlot(options, data, element);
    plot.current = chart;
    const handleClick = () => {
      const left = chart.cursor.left;
      if (left !== undefined && left >= 0) seek.current(chart.posToVal(left, 'x'));
    };
    chart.over.addEventListener('click', handleClick);
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [data, lines, height, rangeFrom, rangeTo, yMax]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new layout moves the playhead too
  useEffect(() => {
    const chart = plot.current;
    const line = playhead.current;
    if (!chart || !line) return;
    const { min = 0, max = 0 } = chart.scales.x ?? {};
    line.style.visibility = seconds >= min && seconds <= max ? 'visible' : 'hidden';
    const x = chart.valToPos(seconds, 'x');
    line.style.transform = `translateX(${plotOffset(chart).left + x}px)`;
  }, [seconds, layout]);

  return { container, plot, playhead, hoverIndex, layout };
}

/** The line at the playhead over a chart of `height`, placed by `useTimeSeriesPlot`. */
export function PlayheadLine({
  line,
  height,
}: {
  line: React.RefObject<HTMLDivElement | null>;
  height: number;
}) {
  return (
    <div
      ref={line}
      aria-hidden
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        height,
        width: 2,
        background: 'var(--mantine-color-blue-6)',
        pointerEvents: 'none',
      }}
    />
  );
}
