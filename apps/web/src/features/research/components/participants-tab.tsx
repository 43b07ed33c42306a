import type { TestDetail } from '@limbus/contract';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { VideoProcessing } from './video-processing';

/** The Participants tab: how many finished participants there are, the way to the list, video processing. */
export function ParticipantsTab({ test }: { test: TestDetail }) {
  const count = test.participants.filter((participant) => participant.type === 'default').length;
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text fw={600}>
              {count} {count === 1 ? 'participant' : 'participants'}
            </Text>
            <Text size="sm" c="dimmed">
              Metrics are shown from {test.minimum_participants_for_metrics} participants on.
            </Text>
          </div>
          <Button
            component={Link}
            to={`/research/test/${test.id}/participants`}
            variant="light"
            leftSection={<IconUsers size={16} aria-hidden />}
          >
            Open participants
          </Button>
        </Group>
      </Paper>
      {test.platform === 'video' ? <VideoProcessing test={test} /> : null}
    </Stack>
  );
}
