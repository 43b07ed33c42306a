import type { TestDetail } from '@limbus/contract';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  IconFiles,
  IconFlame,
  IconSignature,
  IconTags,
  IconUsers,
  IconWorldShare,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { VideoProcessing } from '../../video-results';

/** The Participants tab: how many finished participants there are, the way to the list and heatmaps, video processing. */
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
          <Group gap="xs">
            <Button
              component={Link}
              to={`/research/test/${test.id}/participants`}
              variant="light"
              leftSection={<IconUsers size={16} aria-hidden />}
            >
              Open participants
            </Button>
            <Button
              component={Link}
              to={`/research/test/${test.id}/consent`}
              variant="light"
              leftSection={<IconSignature size={16} aria-hidden />}
            >
              Consent terms
            </Button>
            <Button
              component={Link}
              to={`/research/test/${test.id}/remote-cohorts`}
              variant="light"
              leftSection={<IconWorldShare size={16} aria-hidden />}
            >
              Remote cohorts
            </Button>
            {test.platform === 'video' ? null : (
              <Button
                component={Link}
                to={`/research/test/${test.id}/heatmaps`}
                variant="light"
                leftSection={<IconFlame size={16} aria-hidden />}
              >
                Open heatmaps
              </Button>
            )}
          </Group>
        </Group>
      </Paper>
      {test.platform === 'video' ? <VideoProcessing test={test} /> : <AnnotationLinks testId={test.id} />}
    </Stack>
  );
}

/** The page titles and tags of a web test, managed on their own screens. */
function AnnotationLinks({ testId }: { testId: number }) {
  return (
    <Group gap="sm">
      <Button
        component={Link}
        to={`/research/test/${testId}/pages`}
        variant="default"
        leftSection={<IconFiles size={16} aria-hidden />}
      >
        Manage pages
      </Button>
      <Button
        component={Link}
        to={`/research/test/${testId}/tags`}
        variant="default"
        leftSection={<IconTags size={16} aria-hidden />}
      >
        Manage tags
      </Button>
    </Group>
  );
}
