import type { ParticipantSummary } from '@limbus/contract';
import { useMemo } from 'react';
import { avatarFor } from './avatar-choice';
import { PortraitSvg } from './portrait';

type AvatarParticipant = Pick<ParticipantSummary, 'id' | 'demographic'>;

/** The participant's portrait from the avatar sets, the same for them on every screen. */
export function ParticipantAvatar({
  participant,
  size = 40,
}: {
  participant: AvatarParticipant;
  size?: number;
}) {
  const { portrait, set, index } = useMemo(() => avatarFor(participant), [participant]);
  return (
    <span data-avatar={`${set}-${index + 1}`} style={{ display: 'inline-flex', flex: 'none' }}>
      <PortraitSvg portrait={portrait} size={size} />
    </span>
  );
}
