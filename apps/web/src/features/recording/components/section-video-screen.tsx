import type { TestDetail } from '@limbus/contract';
import { Alert, Button, Group, Select, SimpleGrid, Slider, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Empty, ErrorAlert, formatClock, PageLoader, PageTitle } from '../../../ui';
import { useLabels } from '../../annotations';
import { participantsOfCohort, useCohort } from '../../cohorts';
import { useShortcutKeys } from '../../participants';
import { useSectionClips } from '../api';
import { ClipCard } from './section-clip-card';

/** How often the shared playhead is shown while playing (the videos play on their own between). */
const TICK_MS = 100;

/** The shared playhead: advances while playing, stops at the longest clip's end. */
function usePlayhead(lengthSeconds: number) {
  const [elapsed, setElapsed] = useState(0);
  const [isPlaying, setPlaying] = useState(false);
  useEffect(() => {
    if (!isPlaying) return;
    let last = performance.now();
    const timer = window.setInterval(() => {
      const now = performance.now();
      const step = (now - last) / 1000;
      last = now;
      setElapsed((current) => {
        const next = current + step;
        if (next >= lengthSeconds) setPlaying(false);
        return Math.min(next, lengthSeconds);
      });
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [isPlaying, lengthSeconds]);
  const toggle = () => {
    if (!isPlaying && elapsed >= lengthSeconds) setElapsed(0);
    setPlaying(!isPlaying);
  };
  return { elapsed, setElapsed, isPlaying, toggle };
}

function SectionClips({ test, labelId }: { test: TestDetail; labelId: number }) {
  const answer = useSectionClips(test.id, labelId);
  const cohort = useCohort();
  const clips = answer.data?.clips ?? [];
  const longest = clips.reduce((max, clip) => Math.max(max, clip.length), 0);
  const { elapsed, setElapsed, isPlaying, toggle } = usePlayhead(longest);
  useShortcutKeys({ ' ': toggle });
  if (answer.isPending) return <PageLoader label="Loading the participants' visits" />;
  if (answer.isError) return <ErrorAlert error={answer.error} />;
  if (clips.length === 0) return <Empty title="Nobody visited this page" />;
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap" align="center">
        <Button
          onClick={toggle}
          leftSection={
            isPlaying ? <IconPlayerPause size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />
          }
          w={120}
        >
          {isPlaying ? 'Pause' : 'Play all'}
        </Button>
        <Slider
          flex={1}
          min={0}
          max={Math.max(longest, 0.1)}
          step={0.1}
          value={elapsed}
          onChange={setElapsed}
          label={(value) => formatClock(value)}
          thumbLabel="Time into every visit"
        />
        <Text size="sm" c="dimmed" w={110} ta="right">
          {formatClock(elapsed)} / {formatClock(longest)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {clips.length} of {participantsOfCohort(answer.data.participants, cohort)} visited this page; each
        clip starts where their first visit began. Space plays and pauses.
      </Text>
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3, xl: 4 }}
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {clips.map((clip) => (
          <ClipCard
            key={clip.participant_id}
            testId={test.id}
            clip={clip}
            elapsed={elapsed}
            isPlaying={isPlaying}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * /test/{id}/section-video (Professional): for one page, every participant's clip of their first
 * visit side by side, played together from a shared playhead, each with its emotions under it.
 */
export function SectionVideoScreen({ test }: { test: TestDetail }) {
  const labels = useLabels(test.id);
  const [search, setSearch] = useSearchParams();
  if (labels.isPending) return <PageLoader label="Loading the pages" />;
  if (labels.isError) return <ErrorAlert error={labels.error} />;
  const pages = labels.data;
  const chosen = Number(search.get('page'));
  const page = pages.find((label) => label.id === chosen) ?? pages[0];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="end">
        <PageTitle>Section video</PageTitle>
        {pages.length > 0 ? (
          <Select
            label="Page"
            data={pages.map((label) => ({ value: String(label.id), label: label.name }))}
            value={page ? String(page.id) : null}
            onChange={(value) =>
              value &&
              setSearch(
                (previous) => {
                  const next = new URLSearchParams(previous);
                  next.set('page', value);
                  return next;
                },
                { replace: true },
              )
            }
            allowDeselect={false}
            w={280}
          />
        ) : null}
      </Group>
      {page ? (
        <SectionClips key={page.id} test={test} labelId={page.id} />
      ) : (
        <Alert color="gray" variant="light">
          The researchers have not named this test's pages yet.
        </Alert>
      )}
    </Stack>
  );
}
