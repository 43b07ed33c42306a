import { Box } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { PlainRecording, RecordingScreen, SectionVideoScreen } from '../features/recording';
import { useLoadedTest } from '../features/test-results';

const idOf = (value: string | null | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** /test/{id}/participant/{participantId}/recording?timestamp=…&sp_id=… (full width). */
export function RecordingPage() {
  const test = useLoadedTest();
  const participantId = idOf(useParams().participantId) ?? 0;
  const [search] = useSearchParams();
  return (
    <Box px="md" pt="md" pb="xl">
      <RecordingScreen
        test={test}
        participantId={participantId}
        timestamp={search.get('timestamp')}
        pointId={idOf(search.get('sp_id'))}
      />
    </Box>
  );
}

/** /test/{id}/participant/{participantId}/video: the plain recording (full width). */
export function ParticipantVideoPage() {
  const test = useLoadedTest();
  return (
    <Box px="md" pt="md" pb="xl">
      <PlainRecording test={test} participantId={idOf(useParams().participantId) ?? 0} />
    </Box>
  );
}

/** /test/{id}/section-video (Professional, full width): every participant's visit of a page side by side. */
export function SectionVideoPage() {
  const test = useLoadedTest();
  return (
    <Box px="md" pt="md" pb="xl">
      <SectionVideoScreen test={test} />
    </Box>
  );
}
