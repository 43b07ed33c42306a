import { Button, Group, List, Loader, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

export type TagRun = {
  tagId: number;
  name: string;
  status: 'waiting' | 'writing' | 'ready' | 'failed';
  /** While writing: the server's job is waiting for a runner, or asking the model. */
  phase?: 'queued' | 'running' | undefined;
  /** When the wizard asked for it (ms since the epoch), for the elapsed time. */
  startedAt?: number | undefined;
  /** Runs the server started on it: more than 1 after an interruption. */
  attempts?: number | undefined;
  error?: string | undefined;
};

/** Seconds since `since`, counted up every second. */
function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - since) / 1000));
  return <> · {seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`}</>;
}

/** What a tag being written says: queued, writing, or writing again after an interruption. */
function writingText(run: TagRun): string {
  if (run.phase !== 'running') return 'Queued…';
  return (run.attempts ?? 1) > 1
    ? 'Writing the insight again after an interruption…'
    : 'Writing the insight…';
}

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

const STATUS_TEXT: Record<Exclude<TagRun['status'], 'writing'>, string> = {
  waiting: 'Waiting',
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
                {run.status === 'writing' ? writingText(run) : STATUS_TEXT[run.status]}
                {run.status === 'writing' && run.startedAt ? <Elapsed since={run.startedAt} /> : null}
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
