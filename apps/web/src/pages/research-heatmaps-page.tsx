import { Anchor, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ResearchHeatmaps } from '../features/heatmaps';
import { FullWidthPage, PageTitle } from '../ui';

/** /research/test/{id}/heatmaps */
export function ResearchHeatmapsPage() {
  const testId = Number(useParams().id);
  return (
    <FullWidthPage>
      <Stack gap="sm">
        <Anchor component={Link} to={`/research/test/${testId}/test-setup`} size="sm">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
          Back to the test setup
        </Anchor>
        <PageTitle>Heatmaps</PageTitle>
        <ResearchHeatmaps testId={testId} />
      </Stack>
    </FullWidthPage>
  );
}
