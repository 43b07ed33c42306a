import {
  HEATMAP_UNTITLED,
  type HeatmapKind,
  type HeatmapPage,
  predictsPages,
  readerOfUser,
} from '@limbus/contract';
import { Button, Card, Grid, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Empty, ErrorAlert, formatCount } from '../../../ui';
import { useCurrentUser } from '../../account/api';
import { useParticipants } from '../../participants/api';
import { MeasuredVsPredicted } from '../../predictions/components/measured-vs-predicted';
import { useTest } from '../../tests/api';
import { type FirstSecondsChoice, useAreaMetrics, useHeatmapPoints } from '../api';
import { type AreaOfInterest, addBox } from '../boxes';
import { fileSlug, gazeBoxLabels, heatmapPng, saveBlob } from '../export-png';
import { densityPainter, gridOf, type Painter } from '../overlays';
import { AreasOfInterest } from './areas-of-interest';
import { HeatmapCanvas } from './heatmap-canvas';
import { HeatmapLegend } from './heatmap-legend';
import { type HeatmapView, useOverlay, VIEW_NAMES } from './use-overlay';
import { EmotionMapLegend, GazePlotPanel, ScrollReachPanel } from './view-panels';

/** Spec 3 §2: 'First x seconds' of each visit. */
const FIRST_SECONDS: { value: FirstSecondsChoice; label: string }[] = [
  { value: 'all', label: 'All' },
  ...(['1', '2', '5', '10', '20', '30', '60'] as const).map((value) => ({ value, label: `${value} s` })),
];

export const pageTitle = (page: Pick<HeatmapPage, 'name'>) => page.name.trim() || HEATMAP_UNTITLED;

type Props = { testId: number; page: HeatmapPage; participantId?: number };

/** One heatmap page: the screenshot with the chosen view over it, its controls and the areas of interest. */
export function PageHeatmap({ testId, page, participantId }: Props) {
  const [view, setView] = useState<HeatmapView>('heatmap');
  const [kind, setKind] = useState<HeatmapKind>('gaze');
  const [firstSeconds, setFirstSeconds] = useState<FirstSecondsChoice>('all');
  const [boxes, setBoxes] = useState<AreaOfInterest[]>([]);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [plotIds, setPlotIds] = useState<number[] | null>(null);
  const points = useHeatmapPoints(testId, page.id, { kind, firstSeconds, participantId });
  const gazePoints = useHeatmapPoints(testId, page.id, { kind: 'gaze', firstSeconds, participantId });
  const grid = useMemo(() => gridOf(points.data?.points, size), [points.data, size]);
  const gazeGrid = useMemo(() => gridOf(gazePoints.data?.points, size), [gazePoints.data, size]);
  const participants = useParticipants(testId);
  const chosenIds =
    plotIds ?? (participantId ? [participantId] : (participants.data?.slice(0, 1).map((p) => p.id) ?? []));
  const overlay = useOverlay({ testId, page, view, firstSeconds, participantId, size, plotIds: chosenIds });
  const areas = useAreaMetrics(testId, page.id, boxes, firstSeconds);
  const { user } = useCurrentUser();
  // The test is loaded already on the results screens; its company decides who predicts.
  const { data: test } = useTest(String(testId));

  if (!page.screenshot)
    return (
      <Empty
        title="This page has no screenshot yet"
        description="A researcher uploads or captures one under Manage."
      />
    );
  const paint: Painter | null = view === 'heatmap' ? (grid ? densityPainter(grid) : null) : overlay.paint;
  const visited = points.data?.participants ?? 0;
  const samples = (points.data?.points.length ?? 0) / 2;
  const span = firstSeconds === 'all' ? 'whole visits' : `first ${firstSeconds} s`;
  const caption =
    view === 'heatmap'
      ? `${kind === 'gaze' ? 'Gaze' : 'Clicks'} on ${pageTitle(page)}, ${span}, ${visited} participants`
      : `${VIEW_NAMES[view]} of ${pageTitle(page)}, ${span}: ${overlay.caption}`;
  const handleExport = async () => {
    if (!paint || !page.screenshot || !size) return;
    const blob = await heatmapPng({
      screenshotUrl: page.screenshot,
      size,
      paint,
      boxes: gazeBoxLabels(view === 'heatmap' ? grid : gazeGrid, boxes),
      caption,
      hasHeatScale: view === 'heatmap',
    });
    saveBlob(blob, `${view}-${fileSlug(pageTitle(page))}.png`);
  };
  return (
    <Stack gap="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <Card withBorder padding={0} radius="md" style={{ overflow: 'hidden' }}>
            <HeatmapCanvas
              screenshotUrl={page.screenshot}
              paint={paint}
              overlayLabel={caption}
              boxes={boxes}
              onDrawBox={(box) => setBoxes((current) => addBox(current, box))}
              onImageSize={setSize}
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <Stack gap="md">
            <Select
              label="View"
              data={Object.entries(VIEW_NAMES).map(([value, label]) => ({ value, label }))}
              value={view}
              onChange={(value) => setView((value as HeatmapView | null) ?? 'heatmap')}
              allowDeselect={false}
            />
            {view === 'heatmap' ? (
              <SegmentedControl
                aria-label="What to show"
                value={kind}
                onChange={(value) => setKind(value as HeatmapKind)}
                data={[
                  { value: 'gaze', label: 'Gaze' },
                  { value: 'clicks', label: 'Clicks' },
                ]}
              />
            ) : null}
            {view !== 'scroll' ? (
              <Select
                label="First x seconds"
                description="Counted from the start of each visit"
                data={FIRST_SECONDS}
                value={firstSeconds}
                onChange={(value) => setFirstSeconds((value as FirstSecondsChoice | null) ?? 'all')}
                allowDeselect={false}
              />
            ) : null}
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
                    : `${visited} ${visited === 1 ? 'participant' : 'participants'} visited this page · ${formatCount(samples)} ${kind === 'gaze' ? 'gaze samples' : 'clicks'}`}
                </Text>
                <HeatmapLegend kind={kind} />
              </>
            ) : null}
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
              onChange={setBoxes}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      {participantId === undefined ? (
        <MeasuredVsPredicted
          testId={testId}
          page={page}
          canPredict={
            user !== null &&
            test !== undefined &&
            predictsPages(readerOfUser(user), { companyId: test.company_id })
          }
        />
      ) : null}
    </Stack>
  );
}
