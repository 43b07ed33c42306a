import { TEST_SETUP_STATUS_KEYS, type TestSetup, type TestSetupStatus } from '@limbus/contract';
import { Badge, Group, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { formatDateTime } from '../../../ui';

const STATUS_LABELS: Record<keyof TestSetupStatus, string> = {
  eeg: 'EEG',
  eye: 'Eye tracker',
  mouse: 'Mouse',
  tapp: 'Tapp',
  recorder: 'Recorder',
  redis: 'Redis',
};

export function OnlineBadge({ setup }: { setup: Pick<TestSetup, 'is_online'> }) {
  return (
    <Badge color={setup.is_online ? 'teal' : 'gray'} variant="light">
      {setup.is_online ? 'Online' : 'Offline'}
    </Badge>
  );
}

/** What the last heartbeat said of each device and service. */
export function DeviceStatus({ status }: { status: TestSetupStatus }) {
  return (
    <Group gap={6} wrap="wrap" role="list" aria-label="Devices and services">
      {TEST_SETUP_STATUS_KEYS.map((key) => {
        const isUp = status[key];
        const Icon = isUp ? IconCheck : IconX;
        return (
          <Badge
            key={key}
            role="listitem"
            size="sm"
            variant="light"
            color={isUp ? 'teal' : 'red'}
            leftSection={<Icon size={12} aria-hidden />}
            aria-label={`${STATUS_LABELS[key]}: ${isUp ? 'working' : 'not working'}`}
          >
            {STATUS_LABELS[key]}
          </Badge>
        );
      })}
    </Group>
  );
}

/** The time of the last heartbeat (before the first one: when the setup was added). */
export function LastHeartbeat({ setup }: { setup: Pick<TestSetup, 'updated_at'> }) {
  return (
    <Text size="sm" c="dimmed">
      Last heartbeat {formatDateTime(setup.updated_at)}
    </Text>
  );
}
