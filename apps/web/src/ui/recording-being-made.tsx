import type { RecordingProgress } from '@limbus/contract';
import { Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { formatPercent } from './format';

/**
 * What a screen says while the server makes a participant's screen recording: how far it is, or
 * how many are made before it (`video_progress`).
 */
export function recordingProgressText(progress: RecordingProgress | null | undefined): string {
  if (progress?.state === 'making')
    return `The screen recording is being made from the participant's data: ${formatPercent((progress.percent ?? 0) / 100)} done.`;
  if (progress && progress.ahead > 0)
    return `The screen recording is queued: ${progress.ahead} ${progress.ahead === 1 ? 'recording is' : 'recordings are'} made before it.`;
  return "The screen recording is being made from the participant's data; it appears here in a moment.";
}

/** The spinner, the text and, while it is being made, a bar of its progress. */
export function RecordingBeingMade({
  progress,
  size = 'sm',
}: {
  progress: RecordingProgress | null | undefined;
  size?: 'xs' | 'sm';
}) {
  const text = recordingProgressText(progress);
  return (
    <Stack gap={6} align="center" maw={420} role="status">
      <Group gap="xs" justify="center" wrap="nowrap">
        <Loader size={size} />
        <Text size={size} ta="center" c={size === 'xs' ? 'dimmed' : undefined}>
          {text}
        </Text>
      </Group>
      {progress?.state === 'making' ? (
        <Progress
          w="100%"
          size="sm"
          value={progress.percent ?? 0}
          aria-label="The screen recording made so far"
        />
      ) : null}
    </Stack>
  );
}
