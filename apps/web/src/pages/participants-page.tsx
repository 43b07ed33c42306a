import { getsProfessionalData, readerOfUser } from '@limbus/contract';
import { Stack, Text } from '@mantine/core';
import { useCurrentUser } from '../features/account';
import { usesResearchArea } from '../features/auth';
import { participantsOfCohort, useCohort } from '../features/cohorts';
import { ErasureRequestPanel } from '../features/erasures';
import { ExportPanel } from '../features/exports';
import { ParticipantsList, useParticipants } from '../features/participants';
import { useLoadedTest } from '../features/test-results';
import { PageTitle } from '../ui';

/**
 * /test/{id}/participants: client users, researchers and demo users read; researchers also edit
 * and delete. Whoever reads the participants may export their data (docs/exports.md).
 */
export function ParticipantsPage() {
  const test = useLoadedTest();
  const { user } = useCurrentUser();
  const participants = useParticipants(test.id);
  const cohort = useCohort();
  const withMetrics =
    test.platform !== 'video' &&
    user !== undefined &&
    user !== null &&
    getsProfessionalData(readerOfUser(user), test);
  return (
    <Stack gap="md">
      <PageTitle>Participants</PageTitle>
      <Text c="dimmed" size="sm">
        Everyone who took this test, with the time they needed from start to finish.
      </Text>
      {participants.data ? (
        <Text fw={500} aria-live="polite">
          {participantsOfCohort(participants.data.length, cohort)}
        </Text>
      ) : null}
      <ParticipantsList testId={test.id} canManage={usesResearchArea(user)} />
      {participants.data && participants.data.length > 0 ? (
        <ExportPanel testId={test.id} participants={participants.data} withMetrics={withMetrics} />
      ) : null}
      <ErasureRequestPanel testId={test.id} participants={participants.data} />
    </Stack>
  );
}
