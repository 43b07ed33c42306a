import { Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { BlockSkeleton, Empty, ErrorAlert } from '../../../ui';
import { useHeatmaps } from '../api';
import { PageHeatmap, pageTitle } from './page-heatmap';

type Props = {
  testId: number;
  /** One participant's gaze or clicks only. */
  participantId?: number;
  /** What to say when the test has no heatmap pages. */
  emptyHint: string;
};

/** Gaze or clicks over a heatmap page's screenshot, with areas of interest. */
export function HeatmapViewer({ testId, participantId, emptyHint }: Props) {
  const pages = useHeatmaps(testId);
  const [chosen, setChosen] = useState<number | null>(null);
  const page = pages.data?.find((candidate) => candidate.id === chosen) ?? pages.data?.[0] ?? null;

  if (pages.isLoading) return <BlockSkeleton height={400} />;
  if (pages.isError) return <ErrorAlert error={pages.error} title="The heatmap pages could not be loaded" />;
  if (!page) return <Empty title="No heatmap pages yet" description={emptyHint} />;
  return (
    <Stack gap="md">
      <Select
        label="Heatmap page"
        data={(pages.data ?? []).map((candidate) => ({
          value: String(candidate.id),
          label: pageTitle(candidate),
        }))}
        value={String(page.id)}
        onChange={(value) => setChosen(value ? Number(value) : null)}
        allowDeselect={false}
        maw={360}
      />
      <PageHeatmap key={page.id} testId={testId} page={page} participantId={participantId} />
    </Stack>
  );
}
