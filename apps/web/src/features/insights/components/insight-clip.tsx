import { INSIGHT_CLIP } from '@limbus/contract';
import { Box, Button, Modal, Skeleton, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { RecordingBeingMade } from '../../../ui';
import { describeRemoval, removedRecording } from '../../retention';
import { useParticipantRecording } from '../api';
import { clipWindow } from '../insight-reading';

type ClipProps = { testId: number; participantId: number; pointAtMs: number };

/** Plays the clip muted from its start, and back to its start every 7000 ms (spec 3 §9). */
function useLoopingClip(start: number) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const restart = () => {
      element.currentTime = start;
      void element.play().catch(() => undefined);
    };
    if (element.readyState >= 1) restart();
    else element.addEventListener('loadedmetadata', restart, { once: true });
    const timer = window.setInterval(restart, INSIGHT_CLIP.loopMs);
    return () => {
      window.clearInterval(timer);
      element.removeEventListener('loadedmetadata', restart);
    };
  }, [start]);
  return video;
}

/** The highlighted moment as a looping muted clip, with 'Watch video' for the recording with sound. */
export function InsightClip({ testId, participantId, pointAtMs }: ClipProps) {
  const recording = useParticipantRecording(testId, participantId);
  const [isOpen, { open, close }] = useDisclosure(false);
  const source = recording.data?.video ?? null;
  const startedAt = recording.data?.started_at ?? null;
  if (recording.isLoading) return <Skeleton h={180} radius="md" aria-label="Loading the clip" />;
  const removal = removedRecording(recording.data?.removed);
  if ((!source || startedAt === null) && !removal && recording.data?.video_pending)
    return <RecordingBeingMade progress={recording.data.video_progress} />;
  if (!source || startedAt === null)
    return (
      <Text size="sm" c="dimmed">
        {removal ? describeRemoval(removal) : 'There is no screen recording of this participant.'}
      </Text>
    );
  const { start } = clipWindow(pointAtMs, startedAt);
  return (
    <Box>
      <LoopingClip source={source} start={start} />
      <Button mt="xs" variant="light" leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={open}>
        Watch video
      </Button>
      <Modal opened={isOpen} onClose={close} title="The participant’s recording" size="xl" centered>
        <FullVideo source={source} start={start} />
      </Modal>
    </Box>
  );
}

function LoopingClip({ source, start }: { source: string; start: number }) {
  const video = useLoopingClip(start);
  return (
    <video
      ref={video}
      src={source}
      muted
      playsInline
      preload="metadata"
      aria-label="Clip of the highlighted moment (muted, repeating)"
      data-clip-start={start}
      style={{ width: '100%', borderRadius: 'var(--mantine-radius-md)', background: '#000' }}
    >
      Your browser does not support the video tag.
    </video>
  );
}

/** The whole recording with sound and controls, from the clip's start. */
function FullVideo({ source, start }: { source: string; start: number }) {
  return (
    // biome-ignore lint/a11y/useMediaCaption: participants' screen recordings have no captions
    <video
      src={`${source}#t=${start}`}
      controls
      autoPlay
      playsInline
      style={{ width: '100%', background: '#000' }}
    >
      Your browser does not support the video tag.
    </video>
  );
}
