import { REMOVED_DATA_MESSAGES, type RemovedData } from '@limbus/contract';
import { Alert } from '@mantine/core';
import { IconClockX } from '@tabler/icons-react';
import { formatDate } from '../../../ui';

/** The removal of a participant's recording (kind `screen`), or null while it is kept. */
export const removedRecording = (removed: readonly RemovedData[] | undefined) =>
  removed?.find((entry) => entry.kind === 'screen') ?? null;

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
