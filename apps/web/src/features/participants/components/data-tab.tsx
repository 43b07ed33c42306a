import type { ParticipantDetail, TestDetail } from '@limbus/contract';
import { ActionIcon, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { AppTooltip, openConfirmDelete } from '../../../ui';
import { InsightsPanel } from '../../insights';
import { useDeleteParticipant, useParticipants, useStreamSamples } from '../api';
import { formatMinutesSeconds } from '../format';
import { useVideoKeys, useVideoTime } from '../use-video';
import { EmotionChart } from './emotion-chart';
import { Neurofeedback } from './neurofeedback';
import { CONFIRM_REMOVE_PARTICIPANT } from './participants-list';
import { RecordingVideo } from './recording-video';
import { VideoUpload } from './video-upload';

/** The participant dropdown (changing it replaces the route) and the delete icon. */
function ParticipantPicker({ test, participant }: { test: TestDetail; participant: ParticipantDetail }) {
  const navigate = useNavigate();
  const participants = useParticipants(test.id);
  const remove = useDeleteParticipant(test.id);
  const listUrl = `/research/test/${test.id}/participants`;
  const handleDelete = () =>
    openConfirmDelete({
      message: CONFIRM_REMOVE_PARTICIPANT,
      onConfirm: () =>
        remove.mutate(participant.id, { onSuccess: () => navigate(listUrl, { replace: true }) }),
    });
  return (
    <Group align="end" gap="sm">
      <Select
        label="Participant"
        data={(participants.data ?? []).map((row) => ({ value: String(row.id), label: row.real_id }))}
        value={String(participant.id)}
        onChange={(value) => value && navigate(`${listUrl}/${value}`, { replace: true })}
        allowDeselect={false}
        searchable
        w={260}
      />
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
    </Group>
  );
}

function Stats({ participant }: { participant: ParticipantDetail }) {
  const stats = [
    ['Time to complete', formatMinutesSeconds(participant.time_to_complete_ms)],
    ['Age', participant.demographic.age ?? '–'],
    ['Education', participant.demographic.education ?? '–'],
    ['Gender', participant.demographic.gender ?? '–'],
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

/** The Data tab: who, the recording with its emotions, neurofeedback at the playhead, insights. */
export function DataTab({ test, participant }: { test: TestDetail; participant: ParticipantDetail }) {
  const video = useRef<HTMLVideoElement>(null);
  const { seconds, durationMs } = useVideoTime(video, participant.video);
  useVideoKeys(video);
  const emotions = useStreamSamples(test.id, participant.id, 'emotions');
  const startMs = (participant.started_at ?? 0) * 1000;
  const seek = (to: number) => {
    if (video.current) video.current.currentTime = Math.max(0, to);
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="end">
        <ParticipantPicker test={test} participant={participant} />
        <VideoUpload testId={test.id} participantId={participant.id} hasVideo={Boolean(participant.video)} />
      </Group>
      <Stats participant={participant} />
      <RecordingVideo
        video={video}
        src={participant.video}
        durationMs={durationMs}
        timeToCompleteMs={participant.time_to_complete_ms}
      />
      {emotions.data ? (
        <EmotionChart samples={emotions.data} startMs={startMs} seconds={seconds} onSeek={seek} />
      ) : null}
      <Neurofeedback
        testId={test.id}
        participantId={participant.id}
        points={participant.significant_points ?? []}
        sections={participant.sections ?? []}
        startMs={startMs}
        nowMs={startMs + seconds * 1000}
      />
      {test.platform === 'video' ? null : <InsightsPanel testId={test.id} participantId={participant.id} />}
    </Stack>
  );
}
