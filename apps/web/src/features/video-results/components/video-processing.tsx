import type { TestDetail } from '@limbus/contract';
import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../ui';
import { useVideoProcessing } from '../use-video-processing';
import { hasVideoResults, useVideoParticipant } from '../video-participant';

function VideoResults({ test }: { test: TestDetail }) {
  const result = useVideoParticipant(test.id);
  if (result.isLoading) return <Loader size="sm" aria-label="Loading the video results" />;
  if (result.isError)
    return <ErrorAlert error={result.error} title="The video results could not be loaded" />;
  if (!result.data) return null;
  return (
    <Stack gap={4}>
      <Text size="sm">Results of {result.data.moments?.length ?? 0} moments over the video are ready.</Text>
      <Anchor component={Link} to={`/research/test/${test.id}/participants`} size="sm">
        Open the participants and their answers
      </Anchor>
    </Stack>
  );
}

/** Video tests: Process Video Test when there are no results yet, then the results. */
export function VideoProcessing({ test }: { test: TestDetail }) {
  const processing = useVideoProcessing(test);
  const hasResults = hasVideoResults(test);

  return (
    <Paper withBorder p="md">
      <Title order={3} size="h5" mb="xs">
        Video results
      </Title>
      {processing.isBusy ? (
        <Group gap="xs" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden />
          <Text size="sm">Video is processing...</Text>
        </Group>
      ) : null}
      {!processing.isBusy && hasResults ? <VideoResults test={test} /> : null}
      {!processing.isBusy && !hasResults ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="dimmed">
            Processing combines every participant's recording over the video; it takes two to three minutes.
          </Text>
          <Button leftSection={<IconMovie size={16} aria-hidden />} onClick={processing.start}>
            Process Video Test
          </Button>
        </Stack>
      ) : null}
      {processing.error ? (
        <ErrorAlert error={processing.error} title="The video could not be processed" />
      ) : null}
    </Paper>
  );
}
