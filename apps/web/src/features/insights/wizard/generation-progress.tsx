import { Button, Group, List, Loader, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClock } from '@tabler/icons-react';

export type TagRun = {
  tagId: number;
  name: string;
  status: 'waiting' | 'writing' | 'ready' | 'failed';
  error?: string;
};

function StatusIcon({ status }: { status: TagRun['status'] }) {
  if (status === 'writing') return <Loader size={18} aria-hidden />;
  const look = {
    waiting: { color: 'gray', icon: <IconClock size={14} aria-hidden /> },
    ready: { color: 'teal', icon: <IconCheck size={14} aria-hidden /> },
    failed: { color: 'red', icon: <IconAlertTriangle size={14} aria-hidden /> },
  }[status];
  return (
    <ThemeIcon size={20} radius="xl" color={look.color} variant="light">
      {look.icon}
    </ThemeIcon>
  );
}

const STATUS_TEXT: Record<TagRun['status'], string> = {
  waiting: 'Waiting',
  writing: 'Writing…',
  ready: 'Ready to review',
  failed: 'Failed',
};

type ProgressProps = { runs: TagRun[]; onRetry: (tagId: number) => void; onReview: () => void };

/** Step 2: one line per tag with its state, and the share of tags done. */
export function GenerationProgress({ runs, onRetry, onReview }: ProgressProps) {
  const finished = runs.filter((run) => run.status === 'ready' || run.status === 'failed').length;
  const ready = runs.filter((run) => run.status === 'ready').length;
  const isBusy = finished < runs.length;
  return (
    <Stack gap="md">
      <Progress
        value={runs.length === 0 ? 0 : (finished / runs.length) * 100}
        aria-label={`${finished} of ${runs.length} tags done`}
        animated={isBusy}
      />
      <Text size="sm" aria-live="polite">
        {finished} of {runs.length} tags done
      </Text>
      <List spacing="sm" listStyleType="none" aria-label="Tags being written up">
        {runs.map((run) => (
          <List.Item key={run.tagId} icon={<StatusIcon status={run.status} />}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{run.name}</Text>
              <Text
                size="sm"
                c={run.status === 'failed' ? 'red.8' : 'dimmed'}
                data-testid={`run-${run.tagId}`}
              >
                {STATUS_TEXT[run.status]}
                {run.error ? `: ${run.error}` : ''}
              </Text>
              {run.status === 'failed' && !isBusy ? (
                <Button size="compact-sm" variant="light" onClick={() => onRetry(run.tagId)}>
                  Try again
                </Button>
              ) : null}
            </Group>
          </List.Item>
        ))}
      </List>
      <Group justify="flex-end">
        <Button onClick={onReview} disabled={isBusy || ready === 0}>
          Review {ready === 1 ? 'the proposal' : `${ready} proposals`}
        </Button>
      </Group>
    </Stack>
  );
}
