import { VIDEO_RESULT_MESSAGES, type VideoResults } from '@limbus/contract';
import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ErrorAlert, PageLoader } from '../../../ui';
import { useCohort } from '../../cohorts';
import { useLoadedTest } from '../../test-results';
import { useVideoResults } from '../api';
import { cohortResultLines } from '../cohort-results';

/** Where the scenes screen of this test is: the research area's or the client's. */
export function useScenesPath(): string {
  const test = useLoadedTest();
  const { pathname } = useLocation();
  return pathname.startsWith('/research/')
    ? `/research/test/${test.id}/scenes`
    : `/video-test/${test.id}/scenes`;
}

/** Whether the screen is the research area's (where scenes, notes and associations are written). */
export const useIsResearch = () => useLocation().pathname.startsWith('/research/');

export function ProcessingNotice() {
  return (
    <Alert variant="light" icon={<Loader size={16} />} title="The video is being processed" role="status">
      {VIDEO_RESULT_MESSAGES.processing}
    </Alert>
  );
}

export function NoResultsNotice() {
  const scenesPath = useScenesPath();
  return (
    <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
      <Group gap="xs">
        <Text size="sm">{VIDEO_RESULT_MESSAGES.noResults}</Text>
        <Anchor component={Link} to={scenesPath} size="sm">
          Go to Scenes
        </Anchor>
      </Group>
    </Alert>
  );
}

/** The screen's content once the results exist; before: the processing or the missing-results notice. */
export function ResultsGate({ children }: { children: (results: VideoResults) => ReactNode }) {
  const test = useLoadedTest();
  const results = useVideoResults(test.id);
  if (results.isPending) return <PageLoader label="Loading the results" />;
  if (results.isError) return <ErrorAlert error={results.error} />;
  if (results.data.processing) return <ProcessingNotice />;
  if (!results.data.has_results) return <NoResultsNotice />;
  return (
    <>
      <CohortResultsNote results={results.data} />
      {children(results.data)}
    </>
  );
}

/** With a cohort chosen: whose gaze and whose EEG the screen's results are (cohortResultLines). */
export function CohortResultsNote({ results }: { results: VideoResults }) {
  const lines = cohortResultLines(results, useCohort());
  if (lines.length === 0) return null;
  return (
    <Alert variant="light" color="blue" icon={<IconUsers size={18} aria-hidden />} role="note">
      <Stack gap={4}>
        {lines.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
