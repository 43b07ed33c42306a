import type { HeatmapPage } from '@limbus/contract';
import { useMemo } from 'react';
import { formatCount } from '../../../ui';
import type { Painter } from '../../../ui/heatmap-png';
import { type FirstSecondsChoice, useFixations, useHeatmapPoints, useScrollReach } from '../api';
import { useDensity } from '../density/use-density';
import { emotionPainter, gazePlotPainter, PLOT_COLORS, scrollReachPainter } from '../overlays';

export type HeatmapView = 'heatmap' | 'emotions' | 'plot' | 'scroll';
export const VIEW_NAMES: Record<HeatmapView, string> = {
  heatmap: 'Heatmap',
  emotions: 'Emotion map',
  plot: 'Gaze plot',
  scroll: 'Scroll reach',
};

type Options = {
  testId: number;
  page: HeatmapPage;
  view: HeatmapView;
  firstSeconds: FirstSecondsChoice;
  participantId?: number;
  size: { width: number; height: number } | null;
  plotIds: readonly number[];
};

/** The data and painter of the views beyond the heatmap: emotion map, gaze plot and scroll reach. */
export function useOverlay({ testId, page, view, firstSeconds, participantId, size, plotIds }: Options) {
  const emotionQuery = { kind: 'gaze' as const, firstSeconds, participantId };
  const isEmotions = view === 'emotions';
  const frustration = useHeatmapPoints(
    testId,
    page.id,
    { ...emotionQuery, peaks: 'frustration' },
    isEmotions,
  );
  const joy = useHeatmapPoints(testId, page.id, { ...emotionQuery, peaks: 'joy' }, isEmotions);
  const fixations = useFixations(testId, page.id, view === 'plot' ? plotIds : [], firstSeconds);
  const reach = useScrollReach(testId, page.id, view === 'scroll');

  const frustrationGrid = useDensity(frustration.data, size)?.grid ?? null;
  const joyGrid = useDensity(joy.data, size)?.grid ?? null;
  const plotted = useMemo(
    () =>
      plotIds.map((id, i) => ({
        id,
        color: PLOT_COLORS[i % PLOT_COLORS.length] as string,
        fixations: fixations.data?.find((p) => p.participant_id === id)?.fixations ?? [],
      })),
    [plotIds, fixations.data],
  );
  const paint = useMemo((): Painter | null => {
    if (view === 'emotions')
      return frustrationGrid && joyGrid ? emotionPainter(frustrationGrid, joyGrid) : null;
    if (view === 'plot') return fixations.data ? gazePlotPainter(plotted) : null;
    if (view === 'scroll') return reach.data ? scrollReachPainter(reach.data) : null;
    return null;
  }, [view, frustrationGrid, joyGrid, fixations.data, plotted, reach.data]);

  const plotSummaries = new Map(
    fixations.data
      ? plotted.map(({ id, fixations: packed }) => [
          id,
          { count: packed.length / 4, firstAt: packed[3] ?? null },
        ])
      : [],
  );
  const frustrationSamples = frustration.data?.samples ?? 0;
  const joySamples = joy.data?.samples ?? 0;
  const caption =
    view === 'emotions'
      ? `gaze before frustration peaks (pink, ${formatCount(frustrationSamples)} samples) and joy peaks (green, ${formatCount(joySamples)} samples)`
      : view === 'plot'
        ? `fixations of ${plotIds.length} ${plotIds.length === 1 ? 'participant' : 'participants'}, numbered in order, circle size by duration`
        : `share of the ${formatCount(reach.data?.participants ?? 0)} visitors who saw each depth`;
  const error = [frustration, joy, fixations, reach].find((query) => query.isError)?.error ?? null;
  return { paint, caption, error, plotSummaries, frustrationSamples, joySamples, reach: reach.data };
}
