import {
  CONSENT_STREAM_NAMES,
  type ConsentStream,
  REMOVED_DATA_MESSAGES,
  type RemovedData,
} from '@limbus/contract';
import { Alert, Text } from '@mantine/core';
import { IconClockX } from '@tabler/icons-react';
import { formatDate } from '../../../ui';

/** The removal of a participant's recording (kind `screen`), or null while it is kept. */
export const removedRecording = (removed: readonly RemovedData[] | undefined) =>
  removed?.find((entry) => entry.kind === 'screen') ?? null;

/** 'The screen recording was removed by the retention policy on 24 Nov 2026.' */
export const describeRemoval = (removal: RemovedData, what = 'The screen recording') =>
  `${what} was ${REMOVED_DATA_MESSAGES[removal.reason]} on ${formatDate(removal.at)}.`;

/**
 * What a screen shows instead of a recording that was removed: by the retention policy (or a
 * withdrawal), and when. Never a broken player.
 */
export function RemovedNotice({ removal, what = 'The recording' }: { removal: RemovedData; what?: string }) {
  return (
    <Alert
      variant="light"
      color="gray"
      icon={<IconClockX size={18} aria-hidden />}
      title={`${what} was ${REMOVED_DATA_MESSAGES[removal.reason]}`}
      role="status"
    >
      Removed on {formatDate(removal.at)}. The participant's other data stays.
    </Alert>
  );
}

const STREAM_KINDS = ['emotions', 'eyes', 'mice', 'expressions'] as const satisfies readonly ConsentStream[];

/**
 * A line for the participant's raw streams that were removed (retention, a withdrawal), each with
 * its date; nothing while every stream is kept. The charts that need them show their empty states.
 */
export function RemovedStreamsNotice({ removed }: { removed: readonly RemovedData[] | undefined }) {
  const streams = (removed ?? []).filter((entry) => (STREAM_KINDS as readonly string[]).includes(entry.kind));
  if (streams.length === 0) return null;
  return (
    <Text size="sm" c="dimmed" role="note">
      {streams
        .map(
          (entry) =>
            `${CONSENT_STREAM_NAMES[entry.kind as ConsentStream]}: ${REMOVED_DATA_MESSAGES[entry.reason]} on ${formatDate(entry.at)}`,
        )
        .join(' · ')}
    </Text>
  );
}
