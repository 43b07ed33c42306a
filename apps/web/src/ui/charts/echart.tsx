import { TOOLTIP } from '@limbus/contract';
import { Box, Skeleton } from '@mantine/core';
import type { ECElementEvent, EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { useNearViewport } from '../use-near-viewport';

/** A chart click: the series and data index of the bar, point or bubble under the pointer. */
export type ChartClick = { seriesIndex: number; dataIndex: number; name: string; value: unknown };

type EChartProps = {
  option: EChartsCoreOption;
  height: number;
  /** What the chart shows, for screen readers (the chart adds a description of its data). */
  label: string;
  onClick?: (event: ChartClick) => void;
};

/** The product's tooltip timing and placement (spec 3 §9) for every chart. */
const TOOLTIP_DEFAULTS = {
  showDelay: TOOLTIP.openDelay,
  hideDelay: TOOLTIP.closeDelay,
  position: 'top',
  confine: true,
};

const loadECharts = () => import('./echarts-core').then((module) => module.echarts);

/**
 * How far below the fold a chart starts loading, so that it is drawn before it scrolls into view.
 * Charts below the fold then cost nothing (no library, no drawing) while the page's first screen
 * renders; their skeleton keeps the space, so nothing moves when they appear.
 */
const LOAD_MARGIN = '300px';

/**
 * A thin React wrapper around ECharts (bars, stacked bars, lines, radar, bubbles): loads the
 * library when the chart nears the viewport, resizes with its box and disposes on unmount. Long time series use uPlot.
 */
export function EChart({ option, height, label, onClick }: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [isReady, setReady] = useState(false);
  const isNear = useNearViewport(container, LOAD_MARGIN);

  useEffect(() => {
    if (!isNear) return;
    let disposed = false;
    let observer: ResizeObserver | undefined;
    void loadECharts().then((echarts) => {
      if (disposed || !container.current) return;
      chart.current = echarts.init(container.current, undefined, { renderer: 'svg' });
      observer = new ResizeObserver(() => chart.current?.resize());
      observer.observe(container.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [isNear]);

  useEffect(() => {
    if (!isReady || !chart.current) return;
    const tooltip = (option as { tooltip?: object }).tooltip;
    chart.current.setOption(
      {
        aria: { enabled: true },
        textStyle: { fontFamily: 'inherit' },
        ...option,
        tooltip: tooltip ? { ...TOOLTIP_DEFAULTS, ...tooltip } : undefined,
      },
      { notMerge: true },
    );
  }, [isReady, option]);

  useEffect(() => {
    const instance = chart.current;
    if (!isReady || !instance || !onClick) return;
    const handle = (event: ECElementEvent) =>
      onClick({
        seriesIndex: event.seriesIndex ?? 0,
        dataIndex: event.dataIndex,
        name: event.name,
        value: event.value,
      });
    instance.on('click', handle);
    return () => {
      instance.off('click', handle);
    };
  }, [isReady, onClick]);

  return (
    <Box pos="relative" h={height} role="img" aria-label={label}>
      <Box ref={container} h={height} w="100%" />
      {!isReady && <Skeleton pos="absolute" inset={0} h={height} aria-hidden />}
    </Box>
  );
}
