import { type ParticipantSummary, participantLabel } from '@limbus/contract';
import { ActionIcon, Anchor, Button, Group, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isApiError } from '../../../api';
import {
  AppTooltip,
  Empty,
  ErrorAlert,
  formatGender,
  formatMinutesSeconds,
  openConfirmDelete,
  TableSkeleton,
} from '../../../ui';
import { useDeleteParticipant, useParticipants } from '../api';
import { ParticipantAvatar } from '../avatar/participant-avatar';
import { SourceBadge } from './source-badge';

export const CONFIRM_REMOVE_PARTICIPANT = 'Are you sure you want to remove this participant?';

/** The replay of a participant's recording (spec 3 §2), for every reader of the results. */
export const recordingHref = (testId: number, participantId: number) =>
  `/test/${testId}/participant/${participantId}/recording`;

/**
 * Where a researcher reads and edits a participant (docs/decisions/research-area.md 'Participants
 * list').
 */
export const researchParticipantHref = (testId: number, participantId: number) =>
  `/research/test/${testId}/participants/${participantId}`;

type ListProps = {
  testId: number;
  /** Researchers: the id opens the research participant page; Edit and Delete per row. */
  canManage: boolean;
};

/**
 * The participants of a test (spec 2 and spec 3 §7): portrait, Participant id (with a Webcam badge
 * for a remote participant), Time to complete, Age, Gender, Education; each row opens the recording.
 */
export function ParticipantsList({ testId, canManage }: ListProps) {
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
              <Table.Th>Participant id</Table.Th>
              <Table.Th>Time to complete</Table.Th>
              <Table.Th>Age</Table.Th>
              <Table.Th>Gender</Table.Th>
              <Table.Th>Education</Table.Th>
              <Table.Th>
                <VisuallyHidden>Recording and actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {participants.data.map((participant) => (
              <ParticipantRow
                key={participant.id}
                testId={testId}
                participant={participant}
                canManage={canManage}
                onDelete={() => handleDelete(participant)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

type RowProps = {
  testId: number;
  participant: ParticipantSummary;
  canManage: boolean;
  onDelete: () => void;
};

function ParticipantRow({ testId, participant, canManage, onDelete }: RowProps) {
  const name = participantLabel(participant);
  const { age, gender, education } = participant.demographic;
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <ParticipantAvatar participant={participant} />
          {canManage ? (
            <Anchor component={Link} to={researchParticipantHref(testId, participant.id)} fw={500}>
              {name}
            </Anchor>
          ) : (
            <Text fw={500}>{name}</Text>
          )}
          <SourceBadge source={participant.source} />
        </Group>
      </Table.Td>
      <Table.Td>{formatMinutesSeconds(participant.time_to_complete_ms)}</Table.Td>
      <Table.Td>{age ?? '–'}</Table.Td>
      <Table.Td>{formatGender(gender)}</Table.Td>
      <Table.Td>{education ?? '–'}</Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <RecordingAction testId={testId} participant={participant} canManage={canManage} />
          {canManage ? <ManageActions testId={testId} participant={participant} onDelete={onDelete} /> : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Opening the recording: researchers go to the research participant page (recording, emotions and
 * notes); client users to the replay (spec 3 §2), which also waits for a recording being made.
 */
function RecordingAction({
  testId,
  participant,
  canManage,
}: Pick<RowProps, 'testId' | 'participant' | 'canManage'>) {
  return (
    <Button
      component={Link}
      to={canManage ? researchParticipantHref(testId, participant.id) : recordingHref(testId, participant.id)}
      size="xs"
      variant="light"
      leftSection={<IconPlayerPlay size={14} aria-hidden />}
      aria-label={`Open the recording of participant ${participantLabel(participant)}`}
    >
      Recording
    </Button>
  );
}

function ManageActions({
  testId,
  participant,
  onDelete,
}: Pick<RowProps, 'testId' | 'participant' | 'onDelete'>) {
  const name = `participant ${participantLabel(participant)}`;
  return (
    <>
      <AppTooltip label="Edit">
        <ActionIcon
          component={Link}
          to={researchParticipantHref(testId, participant.id)}
          variant="subtle"
          aria-label={`Edit ${name}`}
        >
          <IconEdit size={18} aria-hidden />
        </ActionIcon>
      </AppTooltip>
      <AppTooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </AppTooltip>
    </>
  );
}
