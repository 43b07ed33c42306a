import { participantLabel } from '@limbus/contract';
import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
// The viewer's own file: the feature's index also holds the research area's manager, whose code a
// client's screen does not need.
import { CohortAgreementPanel } from '../features/cohort-agreement';
import { HeatmapViewer } from '../features/heatmaps';
import { useLoadedTest } from '../features/test-results';
import { PageTitle } from '../ui';

const EMPTY_HINT = 'The researchers have not set up heatmap pages for this test yet.';

/** /test/{id}/heatmaps: where participants looked or clicked, page by page (full width, padded here). */
export function HeatmapsPage() {
  const test = useLoadedTest();
  return (
    <Stack gap="md" mt="md" px="md" pb="xl">
      <PageTitle>Heatmaps</PageTitle>
      <HeatmapViewer testId={test.id} emptyHint={EMPTY_HINT} />
      <CohortAgreementPanel testId={test.id} />
    </Stack>
  );
}

/** /test/{id}/participant/{participantId}/heatmap: one participant's gaze or clicks. */
export function ParticipantHeatmapPage() {
  const test = useLoadedTest();
  const participantId = Number(useParams().participantId);
  // Named by its label like everywhere else (issue 26), never by the id in the address.
  const participant = test.participants.find((candidate) => candidate.id === participantId);
  return (
    <Stack gap="md" mt="md" px="md">
      <PageTitle>
        {participant ? `Heatmap of participant ${participantLabel(participant)}` : 'Heatmap of a participant'}
      </PageTitle>
      <HeatmapViewer testId={test.id} participantId={participantId} emptyHint={EMPTY_HINT} />
    </Stack>
  );
}
