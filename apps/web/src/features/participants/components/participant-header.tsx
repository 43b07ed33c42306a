import { type ParticipantDetail, participantLabel, type TestDetail } from '@limbus/contract';
import { ActionIcon, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { AppTooltip, formatGender, formatMinutesSeconds, openConfirmDelete } from '../../../ui';
import { useDeleteParticipant, useParticipants } from '../api';
import { CONFIRM_REMOVE_PARTICIPANT } from './participants-list';
import { SourceBadge } from './source-badge';
import { VideoUpload } from './video-upload';

/** The participant dropdown (spec 2 §4): changing it replaces the route. */
function ParticipantPicker({ test, participant }: { test: TestDetail; participant: ParticipantDetail }) {
  const navigate = useNavigate();
  const participants = useParticipants(test.id);
  const listUrl = `/research/test/${test.id}/participants`;
  return (
    <Select
      label="Participant"
      data={(participants.data ?? []).map((row) => ({
        value: String(row.id),
        label: participantLabel(row),
      }))}
      value={String(participant.id)}
      onChange={(value) => value && navigate(`${listUrl}/${value}`, { replace: true })}
      allowDeselect={false}
      searchable
      w={260}
    />
  );
}

/**
 * The delete icon (spec 2 §4), with the participant's other actions rather than beside the
 * dropdown, where it read as removing the choice (issue 26).
 */
function DeleteParticipantIcon({ testId, participantId }: { testId: number; participantId: number }) {
  const navigate = useNavigate();
  const remove = useDeleteParticipant(testId);
  const handleDelete = () =>
    openConfirmDelete({
      message: CONFIRM_REMOVE_PARTICIPANT,
      onConfirm: () =>
        remove.mutate(participantId, {
          onSuccess: () => navigate(`/research/test/${testId}/participants`, { replace: true }),
        }),
    });
  return (
    <AppTooltip label="Delete participant">
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label="Delete participant"
        onClick={handleDelete}
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </AppTooltip>
  );
}

function Stats({ participant }: { participant: ParticipantDetail }) {
  const stats = [
    ['Time to complete', formatMinutesSeconds(participant.time_to_complete_ms)],
    ['Age', participant.demographic.age ?? '–'],
    ['Education', participant.demographic.education ?? '–'],
    ['Gender', formatGender(participant.demographic.gender)],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      {stats.map(([label, value]) => (
        <Paper key={label} withBorder p="sm">
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700}>{value}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Who the participant is, the way to another participant, and the recording's upload: above every tab. */
export function ParticipantHeader({
  test,
  participant,
}: {
  test: TestDetail;
  participant: ParticipantDetail;
}) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="end">
        <Group gap="sm" align="end">
          <ParticipantPicker test={test} participant={participant} />
          {participant.source === 'webcam' ? (
            // beside the picker's field, at the height of the text in it
            <Group h={36}>
              <SourceBadge source={participant.source} />
            </Group>
          ) : null}
        </Group>
        <Group gap="xs">
          <VideoUpload
            testId={test.id}
            participantId={participant.id}
            hasVideo={Boolean(participant.video)}
          />
          <DeleteParticipantIcon testId={test.id} participantId={participant.id} />
        </Group>
      </Group>
      <Stats participant={participant} />
    </Stack>
  );
}
