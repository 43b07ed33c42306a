import { GENERATED_VIEWER_PREFIX } from '@limbus/contract';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../api';
import { ExclusionSwitch, useTestQuality } from '../../quality';
import { useAddGeneratedViewer, useStartProcessing, videoResultKeys } from '../api';

const failed = (fallback: string) => (error: unknown) =>
  notifications.show({ color: 'red', message: isApiError(error) ? error.message : fallback });

/**
 * The research area's processing: start it (the spec's trigger; the screens then poll), or add a
 * generated viewer first to see results before real viewers exist.
 */
export function ProcessingPanel({ testId, hasResults }: { testId: number; hasResults: boolean }) {
  const start = useStartProcessing(testId);
  const generate = useAddGeneratedViewer(testId);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="processing-title">
      <Stack gap="sm">
        <Title order={3} fz="lg" id="processing-title">
          Heatmap video and emotion scores
        </Title>
        <Text size="sm" c="dimmed">
          {hasResults
            ? 'Process again after new viewers were recorded. Scenes and notes are kept.'
            : 'Process the viewers to make the heatmap video and the emotion scores.'}
        </Text>
        <Group>
          <Button
            loading={start.isPending}
            onClick={() => start.mutate(undefined, { onError: failed('Processing could not start') })}
          >
            {hasResults ? 'Process again' : 'Generate results'}
          </Button>
          <Button
            variant="default"
            loading={generate.isPending}
            onClick={() =>
              generate.mutate(undefined, {
                onSuccess: () =>
                  notifications.show({
                    message: 'A generated viewer was added; count it below, then process to include it',
                  }),
                onError: failed('No viewer could be generated'),
              })
            }
          >
            Add a generated viewer
          </Button>
        </Group>
        <GeneratedViewers testId={testId} />
      </Stack>
    </Paper>
  );
}

/**
 * The generated viewers with the researcher's choice to count them (the same switch as for
 * low-quality participants): left out until counted; the stats follow at once, the scores and
 * heatmap after processing again.
 */
function GeneratedViewers({ testId }: { testId: number }) {
  const quality = useTestQuality(testId);
  const queryClient = useQueryClient();
  if (quality.isPending) return null;
  if (quality.isError)
    return (
      <Text size="sm" c="red" role="alert">
        The generated viewers could not be loaded.
      </Text>
    );
  const generated = quality.data.participants.filter((row) =>
    row.real_id.startsWith(GENERATED_VIEWER_PREFIX),
  );
  if (generated.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Generated viewers">
      <Text size="sm" c="dimmed">
        Generated viewers count in the results only when you count them. The stats follow at once; process
        again for the scores and heatmap.
      </Text>
      {generated.map((row, index) => (
        <ExclusionSwitch
          key={row.participant_id}
          testId={testId}
          quality={row}
          label={`Count generated viewer ${index + 1} in the results`}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: videoResultKeys.all(testId) })}
        />
      ))}
    </Stack>
  );
}
