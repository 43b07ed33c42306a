import { VIDEO_RESULT_MESSAGES, type VideoResults } from '@limbus/contract';
import { Alert, Anchor, Group, Loader, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ErrorAlert, PageLoader } from '../../../ui';
import { useLoadedTest } from '../../test-results';
import { useVideoResults } from '../api';

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
  return children(results.data);
}
