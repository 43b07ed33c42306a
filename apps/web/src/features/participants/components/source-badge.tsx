import type { ParticipantSource } from '@limbus/contract';
import { Badge, VisuallyHidden } from '@mantine/core';
import { IconDeviceComputerCamera } from '@tabler/icons-react';

/**
 * Where a participant took part, where it is not the lab (the default, which shows nothing): a
 * remote cohort's participant, in its own browser with a webcam (docs/remote-studies.md). Screen
 * readers hear what the badge means, not only its word.
 */
export function SourceBadge({ source }: { source: ParticipantSource }) {
  if (source !== 'webcam') return null;
  return (
    <Badge
      variant="light"
      color="grape"
      size="sm"
      leftSection={<IconDeviceComputerCamera size={12} aria-hidden />}
      style={{ flexShrink: 0 }}
    >
      Webcam
      <VisuallyHidden>: took part remotely, gaze measured by webcam</VisuallyHidden>
    </Badge>
  );
}
