import { participantLabel, type TestDetail } from '@limbus/contract';
import { Alert, Anchor, Center, Group, Paper, Stack } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { ErrorAlert, PageLoader, PageTitle, RecordingBeingMade } from '../../../ui';
import { useVideoKeys } from '../../participants';
import { RemovedNotice, removedRecording } from '../../retention';
import { useRecordingParticipant } from '../api';
import { videoAspectRatio } from '../video-box';

/** /test/{id}/participant/{participantId}/video: the screen recording alone, nothing drawn over it. */
export function PlainRecording({ test, participantId }: { test: TestDetail; participantId: number }) {
  const participant = useRecordingParticipant(test.id, participantId);
  const video = useRef<HTMLVideoElement>(null);
  useVideoKeys(video);
  if (participant.isPending) return <PageLoader label="Loading the recording" />;
  if (participant.isError) return <ErrorAlert error={participant.error} />;
  const { video: src, video_pending: isPending } = participant.data;
  const removal = removedRecording(participant.data.removed);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="end">
        <Stack gap={4}>
          <Anchor component={Link} to={`/test/${test.id}/participants`} size="sm">
            <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
            Back to participants
          </Anchor>
          <PageTitle>{`Screen recording of participant ${participantLabel(participant.data)}`}</PageTitle>
        </Stack>
        <Anchor component={Link} to={`/test/${test.id}/participant/${participantId}/recording`}>
          Replay with gaze, clicks and emotions
        </Anchor>
      </Group>
      {src ? (
        // biome-ignore lint/a11y/useMediaCaption: a screen recording has no speech to caption
        <video
          ref={video}
          src={src}
          controls
          preload="metadata"
          style={{
            width: '100%',
            maxHeight: '75vh',
            background: '#000',
            display: 'block',
            aspectRatio: videoAspectRatio(test.platform),
          }}
        >
          Your browser does not support the video tag.
        </video>
      ) : removal ? (
        <RemovedNotice removal={removal} what="The screen recording" />
      ) : isPending ? (
        <Paper withBorder p="xl" bg="gray.0">
          <Center>
            <RecordingBeingMade progress={participant.data.video_progress} />
          </Center>
        </Paper>
      ) : (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
          There is no recording of this participant yet.
        </Alert>
      )}
    </Stack>
  );
}
