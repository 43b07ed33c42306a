import { Button, NavLink } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { AppTooltip } from '../../../ui/app-tooltip';
import { openSupportChat, useSupportChat } from '../support-chat-store';

const LABEL = 'Message us';

/**
 * Opens the support chat from the shell's own chrome, so that it never lies over a page: an entry
 * of the sidebar (an icon when the sidebar is collapsed) or a button of the phone's header.
 */
export function MessageUsButton({
  place,
  collapsed = false,
}: {
  place: 'sidebar' | 'header';
  collapsed?: boolean;
}) {
  const { isOpen } = useSupportChat();
  const common = {
    onClick: () => openSupportChat(),
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': isOpen,
  };
  if (place === 'header')
    return (
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconMessageCircle size={16} aria-hidden />}
        {...common}
      >
        {LABEL}
      </Button>
    );
  const entry = (
    <NavLink
      component="button"
      type="button"
      label={collapsed ? undefined : LABEL}
      aria-label={collapsed ? LABEL : undefined}
      leftSection={<IconMessageCircle size={20} aria-hidden />}
      styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
      {...common}
    />
  );
  return collapsed ? (
    <AppTooltip label={LABEL} position="right">
      {entry}
    </AppTooltip>
  ) : (
    entry
  );
}
