import { HEATMAP_UNTITLED, type SharedHeatmap } from '@limbus/contract';
import { Card, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Empty, formatCount, PageLoader } from '../../../ui';
import { participantsOfCohort, useCohort } from '../../cohorts';
import { GazeHeatmap, HeatmapLegend } from '../../heatmaps';
import { type SharedApi, useSharedHeatmapPoints, useSharedHeatmaps } from '../api';
import { SharedError } from './shared-error';

type PanelProps = { api: SharedApi; token: string };

const titleOf = (page: SharedHeatmap) => page.name.trim() || HEATMAP_UNTITLED;

/** The test's heatmap pages: one at a time, its screenshot with the participants' gaze over it. */
export function SharedHeatmaps({ api, token }: PanelProps) {
  const pages = useSharedHeatmaps(api, token);
  const [chosenId, setChosenId] = useState<number | null>(null);
  if (pages.isLoading) return <PageLoader label="Loading the heatmaps" />;
  if (pages.isError || !pages.data) return <SharedError error={pages.error} />;
  const page = pages.data.find((candidate) => candidate.id === chosenId) ?? pages.data[0];
  if (!page) return <Empty title="No heatmaps" description="The researchers made no heatmap of this test." />;
  return (
    <Stack gap="md">
      {pages.data.length > 1 && (
        <Select
          label="Page"
          maw={360}
          allowDeselect={false}
          data={pages.data.map((candidate) => ({ value: String(candidate.id), label: titleOf(candidate) }))}
          value={String(page.id)}
          onChange={(value) => setChosenId(Number(value))}
        />
      )}
      <PageGaze api={api} token={token} page={page} />
    </Stack>
  );
}

function PageGaze({ api, token, page }: PanelProps & { page: SharedHeatmap }) {
  const points = useSharedHeatmapPoints(api, token, page.screenshot ? page.id : null);
  const cohort = useCohort();
  if (!page.screenshot) return <Empty title="This page has no screenshot" />;
  const visited = participantsOfCohort(points.data?.participants ?? 0, cohort);
  const samples = points.data?.samples ?? 0;
  const size =
    page.screenshot_width && page.screenshot_height
      ? { width: page.screenshot_width, height: page.screenshot_height }
      : null;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" aria-live="polite">
          {points.isLoading
            ? 'Loading the heatmap…'
            : `${visited} visited this page · ${formatCount(samples)} gaze samples, whole visits`}
        </Text>
        <HeatmapLegend kind="gaze" />
      </Group>
      {points.isError && <SharedError error={points.error} />}
      <Card withBorder padding={0} radius="md" style={{ overflow: 'hidden' }}>
        <GazeHeatmap
          screenshotUrl={page.screenshot}
          screenshotSize={size}
          points={points.data}
          label={`Gaze on ${titleOf(page)}, whole visits, ${visited}`}
        />
      </Card>
    </Stack>
  );
}
