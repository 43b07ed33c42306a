import { ThemeIcon } from '@mantine/core';
import { IconCheck, IconLoader2, IconX } from '@tabler/icons-react';

export type ItemState = 'checking' | 'ok' | 'failed';

/** A check item's state as an icon, named for screen readers. */
export function StateIcon({ state, label }: { state: ItemState; label: string }) {
  const [color, Icon] =
    state === 'ok'
      ? ['green', IconCheck]
      : state === 'failed'
        ? ['red', IconX]
        : (['gray', IconLoader2] as const);
  return (
    <ThemeIcon color={color} variant="light" radius="xl" size="sm" aria-label={label} role="img">
      <Icon size={14} aria-hidden />
    </ThemeIcon>
  );
}
