import { marksFavourites, type ParticipantSummary, participantLabel, readerOfUser } from '@limbus/contract';
import { ActionIcon, Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isApiError } from '../../../api';
import { Empty, ErrorAlert, formatGender, formatMinutesSeconds, TableSkeleton } from '../../../ui';
import { useCurrentUser } from '../../account';
import { useParticipants } from '../../participants';
import { useLoadedTest } from '../../test-results';
import { useToggleFavourite } from '../api';
import { IndividualParticipantsLock, useSeesIndividualParticipants } from './individual-lock';

/** The star of a participant: filled when a favourite; a click toggles it. */
export function FavouriteStar({ testId, participant }: { testId: number; participant: ParticipantSummary }) {
  const test = useLoadedTest();
  const { user } = useCurrentUser();
  const toggle = useToggleFavourite(testId);
  // Demo users only read (the demo company is shared by strangers): the star shows, it does not toggle.
  const mayMark = user !== null && marksFavourites(readerOfUser(user), { companyId: test.company_id });
  const label = participant.favourite
    ? `Remove participant ${participantLabel(participant)} from the favourites`
    : `Mark participant ${participantLabel(participant)} as favourite`;
  return (
    <ActionIcon
      variant="subtle"
      color="yellow"
      aria-label={label}
      aria-pressed={participant.favourite}
      loading={toggle.isPending}
      disabled={!mayMark}
      onClick={() =>
        toggle.mutate(participant.id, {
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: isApiError(error) ? error.message : 'The favourite could not be changed',
            }),
        })
      }
    >
      {participant.favourite ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
    </ActionIcon>
  );
}

function ParticipantRows({ testId }: { testId: number }) {
  const participants = useParticipants(testId);
  if (participants.isPending) return <TableSkeleton />;
  if (participants.isError) return <ErrorAlert error={participants.error} />;
  if (participants.data.length === 0) return <Empty title="No participants" />;
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Favourite</Table.Th>
              <Table.Th>Participant</Table.Th>
              <Table.Th>Age</Table.Th>
              <Table.Th>Gender</Table.Th>
              <Table.Th>Watched</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {participants.data.map((participant) => (
              <Table.Tr key={participant.id}>
                <Table.Td>
                  <FavouriteStar testId={testId} participant={participant} />
                </Table.Td>
                <Table.Td>{participantLabel(participant)}</Table.Td>
                <Table.Td>{participant.demographic.age ?? '–'}</Table.Td>
                <Table.Td>{formatGender(participant.demographic.gender)}</Table.Td>
                <Table.Td>{formatMinutesSeconds(participant.time_to_complete_ms)}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/video-test/${testId}/participant/${participant.id}`}>
                    View
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** /video-test/{id}/participant/: the viewers, locked without the add-on individual_participant. */
export function VideoParticipantsPage() {
  const test = useLoadedTest();
  const sees = useSeesIndividualParticipants(test);
  return (
    // A full-width screen (spec 3 §9): the same inset as the test header above it.
    <Stack gap="lg" px="md" pb="xl">
      <Title order={2} fz={24}>
        Participants
      </Title>
      {sees ? (
        <>
          <Text c="dimmed" size="sm">
            Each viewer with their emotions and answers; star the ones you want to share.
          </Text>
          <ParticipantRows testId={test.id} />
        </>
      ) : (
        <IndividualParticipantsLock test={test} />
      )}
    </Stack>
  );
}
