import type { ParticipantSummary } from '@limbus/contract';
import { Paper, Table, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError } from '../../../api';
import { Empty, ErrorAlert, openConfirmDelete, RowActions, TableSkeleton } from '../../../ui';
import { useDeleteParticipant, useParticipants } from '../api';
import { formatMinutesSeconds } from '../format';

export const CONFIRM_REMOVE_PARTICIPANT = 'Are you sure you want to remove this participant?';

const nameOf = (participant: ParticipantSummary) => participant.real_id;

/** The participants list of a test (spec 2): type default only, as the server answers them. */
export function ParticipantsList({ testId }: { testId: number }) {
  const participants = useParticipants(testId);
  const remove = useDeleteParticipant(testId);
  if (participants.isPending) return <TableSkeleton />;
  if (participants.isError) return <ErrorAlert error={participants.error} />;
  if (participants.data.length === 0) return <Empty title="No participants" />;

  const handleDelete = (participant: ParticipantSummary) =>
    openConfirmDelete({
      message: CONFIRM_REMOVE_PARTICIPANT,
      onConfirm: () =>
        remove.mutate(participant.id, {
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: isApiError(error) ? error.message : 'The participant could not be removed',
            }),
        }),
    });

  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Participant</Table.Th>
              <Table.Th>Gender</Table.Th>
              <Table.Th>Age</Table.Th>
              <Table.Th>Education</Table.Th>
              <Table.Th>Time to complete</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {participants.data.map((participant) => (
              <Table.Tr key={participant.id}>
                <Table.Td>{nameOf(participant)}</Table.Td>
                <Table.Td>{participant.demographic.gender ?? '–'}</Table.Td>
                <Table.Td>{participant.demographic.age ?? '–'}</Table.Td>
                <Table.Td>{participant.demographic.education ?? '–'}</Table.Td>
                <Table.Td>{formatMinutesSeconds(participant.time_to_complete_ms)}</Table.Td>
                <Table.Td>
                  <RowActions
                    to={`/research/test/${testId}/participants/${participant.id}`}
                    name={`participant ${nameOf(participant)}`}
                    onDelete={() => handleDelete(participant)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
