import type { Box } from '@limbus/analytics';
import {
  HEATMAP_UNTITLED,
  type HeatmapKind,
  type HeatmapPage,
  predictsPages,
  readerOfUser,
} from '@limbus/contract';
import { Button, Card, Grid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Empty, ErrorAlert, fileSlug, formatCount, saveFile } from '../../../ui';
import type { Painter } from '../../../ui/heatmap-png';
import { useCurrentUser } from '../../account';
import { participantsOfCohort, useCohort } from '../../cohorts';
import { useParticipants } from '../../participants';
import { useTest } from '../../user-tests';
import { FIRST_VIEW, type FirstSecondsChoice, useAreaMetrics, useHeatmapPoints } from '../api';
import { type AreaOfInterest, addBox, gazeBoxLabels } from '../boxes';
import { useDensity } from '../density/use-density';
import { densityPainter } from '../overlays';
import { AreasOfInterest, webcamLimitOf } from './areas-of-interest';
import { HeatmapCanvas } from './heatmap-canvas';
import { HeatmapControls } from './heatmap-controls';
import { HeatmapLegend } from './heatmap-legend';
import { type HeatmapView, useOverlay, VIEW_NAMES } from './use-overlay';

export const pageTitle = (page: Pick<HeatmapPage, 'name'>) => page.name.trim() || HEATMAP_UNTITLED;

/** The other views' panels (the gaze plot's participant picker…): loaded when one is chosen. */
const viewPanels = () => import('./view-panels');
const EmotionMapLegend = lazy(() => viewPanels().then((module) => ({ default: module.EmotionMapLegend })));
const GazePlotPanel = lazy(() => viewPanels().then((module) => ({ default: module.GazePlotPanel })));
const ScrollReachPanel = lazy(() => viewPanels().then((module) => ({ default: module.ScrollReachPanel })));

/** Below the heatmap, with the predictions' code: loaded after the screen has shown. */
const MeasuredVsPredicted = lazy(() =>
  import('./measured-vs-predicted').then((module) => ({
    default: module.MeasuredVsPredicted,
  })),
);

type Props = { testId: number; page: HeatmapPage; participantId?: number };

/** One heatmap page: the screenshot with the chosen view over it, its controls and the areas of interest. */
export function PageHeatmap({ testId, page, participantId }: Props) {
  const [view, setView] = useState<HeatmapView>('heatmap');
  const [kind, setKind] = useState<HeatmapKind>(FIRST_VIEW.kind);
  const [firstSeconds, setFirstSeconds] = useState<FirstSecondsChoice>(FIRST_VIEW.firstSeconds);
  const [boxes, setBoxes] = useState<AreaOfInterest[]>([]);
  const storedSize = useMemo(
    () =>
      page.screenshot_width && page.screenshot_height
        ? { width: page.screenshot_width, height: page.screenshot_height }
        : null,
    [page.screenshot_width, page.screenshot_height],
  );
  // The stored size first, so that the density is computed while the screenshot loads; the
  // image's own size once it has (the same, unless the size could not be stored).
  const [loadedSize, setLoadedSize] = useState<{ width: number; height: number } | null>(null);
  const size = loadedSize ?? storedSize;
  const [plotIds, setPlotIds] = useState<number[] | null>(null);
  const points = useHeatmapPoints(testId, page.id, { kind, firstSeconds, participantId });
  // The boxes' shares of gaze under the other views.
  const gazePoints = useHeatmapPoints(
    testId,
    page.id,
    { kind: 'gaze', firstSeconds, participantId },
    view !== 'heatmap',
  );
  const density = useDensity(points.data, size);
  const grid = density?.grid ?? null;
  const gazeGrid = useDensity(view === 'heatmap' ? undefined : gazePoints.data, size)?.grid ?? null;
  const cohort = useCohort();
  const participants = useParticipants(testId);
  const chosenIds =
    plotIds ?? (participantId ? [participantId] : (participants.data?.slice(0, 1).map((p) => p.id) ?? []));
  const overlay = useOverlay({ testId, page, view, firstSeconds, participantId, size, plotIds: chosenIds });
  const areas = useAreaMetrics(testId, page.id, boxes, firstSeconds);
  const { user } = useCurrentUser();
  // The test is loaded already on the results screens; its company decides who predicts.
  const { data: test } = useTest(String(testId));

  // Kept between renders: a new painter draws the canvas again.
  const heatPaint = useMemo(() => (density ? densityPainter(density) : null), [density]);
  const paint: Painter | null = view === 'heatmap' ? heatPaint : overlay.paint;
  const handleDrawBox = useCallback((box: Box) => setBoxes((current) => addBox(current, box)), []);
  const handleImageSize = useCallback(
    (natural: { width: number; height: number }) =>
      setLoadedSize(
        natural.width === storedSize?.width && natural.height === storedSize.height ? null : natural,
      ),
    [storedSize],
  );

  if (!page.screenshot)
    return (
      <Empty
        title="This page has no screenshot yet"
        description="A researcher uploads or captures one under Manage."
      />
    );
  const visited = points.data?.participants ?? 0;
  const samples = points.data?.samples ?? 0;
  const span = firstSeconds === 'all' ? 'whole visits' : `first ${firstSeconds} s`;
  const caption =
    view === 'heatmap'
      ? `${kind === 'gaze' ? 'Gaze' : 'Clicks'} on ${pageTitle(page)}, ${span}, ${visited} participants`
      : `${VIEW_NAMES[view]} of ${pageTitle(page)}, ${span}: ${overlay.caption}`;
  const handleExport = async () => {
    if (!paint || !page.screenshot || !size) return;
    // Loaded on the click: the export is not needed to show the heatmap.
    const { heatmapPng } = await import('../../../ui/heatmap-png');
    const blob = await heatmapPng({
      screenshotUrl: page.screenshot,
      size,
      paint,
      boxes: gazeBoxLabels(view === 'heatmap' ? grid : gazeGrid, boxes),
      caption,
      hasHeatScale: view === 'heatmap',
    });
    saveFile(blob, `${view}-${fileSlug(pageTitle(page))}.png`);
  };
  return (
    <Stack gap="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <Card withBorder padding={0} radius="md" style={{ overflow: 'hidden' }}>
            <HeatmapCanvas
              screenshotUrl={page.screenshot}
              screenshotSize={storedSize}
              paint={paint}
              overlayLabel={caption}
              boxes={boxes}
              onDrawBox={handleDrawBox}
              onImageSize={handleImageSize}
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <Stack gap="md">
            <HeatmapControls
              view={view}
              kind={kind}
              firstSeconds={firstSeconds}
              onView={setView}
              onKind={setKind}
              onFirstSeconds={setFirstSeconds}
            />
            {points.isError ? (
              <ErrorAlert error={points.error} title="The heatmap could not be loaded" />
            ) : null}
            {overlay.error ? (
              <ErrorAlert error={overlay.error} title="This view could not be loaded" />
            ) : null}
            {view === 'heatmap' ? (
              <>
                <Text size="sm" aria-live="polite">
                  {points.isLoading
                    ? 'Loading the heatmap…'
                    : `${participantsOfCohort(visited, cohort)} visited this page · ${formatCount(samples)} ${kind === 'gaze' ? 'gaze samples' : 'clicks'}`}
                </Text>
                <HeatmapLegend kind={kind} />
              </>
            ) : null}
            <Suspense fallback={null}>
              {view === 'emotions' ? (
                <EmotionMapLegend frustration={overlay.frustrationSamples} joy={overlay.joySamples} />
              ) : null}
              {view === 'plot' ? (
                <GazePlotPanel
                  participants={participants.data ?? []}
                  chosen={chosenIds}
                  onChange={setPlotIds}
                  summaries={overlay.plotSummaries}
                />
              ) : null}
              {view === 'scroll' ? <ScrollReachPanel reach={overlay.reach} /> : null}
            </Suspense>
            <Text size="xs" c="dimmed">
              Matches {page.match_type === 'exact' ? 'exactly' : 'addresses starting with'}{' '}
              {page.url || 'no URL'}
            </Text>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              disabled={!paint || !size}
              onClick={() => void handleExport()}
            >
              Download PNG
            </Button>
            <AreasOfInterest
              boxes={boxes}
              grid={view === 'heatmap' ? grid : gazeGrid}
              metrics={areas.data?.areas}
              visitors={areas.data?.participants ?? 0}
              webcam={webcamLimitOf(areas.data)}
              onChange={setBoxes}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      {participantId === undefined ? (
        <Suspense fallback={null}>
          <MeasuredVsPredicted
            testId={testId}
            page={page}
            canPredict={
              user !== null &&
              test !== undefined &&
              predictsPages(readerOfUser(user), { companyId: test.company_id })
            }
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
