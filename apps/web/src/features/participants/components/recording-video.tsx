import type { RecordingProgress, RemovedData } from '@limbus/contract';
import { Alert, Center, Group, Paper, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { RefObject } from 'react';
import { AppTooltip, formatMinutesSeconds, RecordingBeingMade } from '../../../ui';
import { RemovedNotice } from '../../retention';
import { recordingLengthDiffers } from '../recording-length';

/** Spec 3 §2 and §8, verbatim. */
export const RECORDING_LENGTH_HINT =
  'Recording length can differ from time to complete because video and mouse data are captured by separate processes. Minor differences are expected.';

/** The participant's screen recording, with the hint when its length and the time to complete differ by 1 s or more. */
export function RecordingVideo({
  video,
  src,
  durationMs,
  timeToCompleteMs,
  isPending = false,
  progress,
  removal = null,
}: {
  video: RefObject<HTMLVideoElement | null>;
  src: string | null | undefined;
  durationMs: number | null;
  timeToCompleteMs: number | null;
  /** The server is making the recording (video_pending). */
  isPending?: boolean;
  /** How far the recording is while it is made (video_progress). */
  progress?: RecordingProgress;
  /** The recording was removed (retention, a withdrawal): when and why. */
  removal?: RemovedData | null;
}) {
  if (!src && removal) return <RemovedNotice removal={removal} what="The screen recording" />;
  if (!src && isPending)
    return (
      <Paper withBorder p="xl" bg="gray.0">
        <Center>
          <RecordingBeingMade progress={progress} />
        </Center>
      </Paper>
    );
  if (!src)
    return (
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
        There is no recording of this participant yet.
      </Alert>
    );
  return (
    <div>
      {/* biome-ignore lint/a11y/useMediaCaption: a screen recording has no speech to caption */}
      <video
        ref={video}
        src={src}
        controls
        preload="metadata"
        // a screen's shape until the metadata says the recording's own, so that what is below stays put
        style={{ width: '100%', aspectRatio: 'auto 16 / 9', maxHeight: 480, background: '#000' }}
      >
        Your browser does not support the video tag.
      </video>
      {recordingLengthDiffers(durationMs, timeToCompleteMs) ? (
        <Group gap={6} mt={4}>
          <AppTooltip label={RECORDING_LENGTH_HINT}>
            <IconInfoCircle size={16} aria-label={RECORDING_LENGTH_HINT} tabIndex={0} />
          </AppTooltip>
          <Text size="xs" c="dimmed">
            Recording {formatMinutesSeconds(durationMs)} · time to complete{' '}
            {formatMinutesSeconds(timeToCompleteMs)}
          </Text>
        </Group>
      ) : null}
    </div>
  );
}
