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
      {/* the line keeps its height while the list loads, and the panels below wait for the list:
          drawn before it, they jumped down when it came (Lighthouse CLS 0.27) */}
      <Text fw={500} aria-live="polite" mih="1.55em">
        {participants.data ? participantsOfCohort(participants.data.length, cohort) : null}
      </Text>
      <ParticipantsList testId={test.id} canManage={usesResearchArea(user)} />
      {participants.data && participants.data.length > 0 ? (
        <ExportPanel testId={test.id} participants={participants.data} withMetrics={withMetrics} />
      ) : null}
      {participants.data ? <ErasureRequestPanel testId={test.id} participants={participants.data} /> : null}
    </Stack>
  );
}
