import type { Platform } from '@limbus/contract';
import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconMovie } from '@tabler/icons-react';
import { platformLabel } from '../test-labels';

const DEVICE_ICONS = { desktop: IconDeviceDesktop, mobile: IconDeviceMobile, video: IconMovie } as const;
const DEVICE_COLORS: Record<Platform, string> = { desktop: 'indigo', mobile: 'grape', video: 'orange' };

/** The device a test runs on, chosen by its platform: a monitor, a phone or a video screen. */
export function DeviceSelector({ platform }: { platform: Platform }) {
  const Icon = DEVICE_ICONS[platform];
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon variant="light" color={DEVICE_COLORS[platform]} size="lg" radius="md">
        <Icon size={20} aria-hidden />
      </ThemeIcon>
      <Text size="sm" c="dimmed">
        {platformLabel(platform)}
      </Text>
    </Group>
  );
}
