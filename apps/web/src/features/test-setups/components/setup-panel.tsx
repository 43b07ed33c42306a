import type { TestSetup } from '@limbus/contract';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorAlert, TableSkeleton } from '../../../ui';
import { researchHref } from '../../user-tests';
import { useTestSetups } from '../api';
import { testSetupAddress } from '../setup-address';
import { DeviceStatus, LastHeartbeat, OnlineBadge } from './setup-status';

/** Online setups first, then by name. */
const byAvailability = (a: TestSetup, b: TestSetup) =>
  Number(b.is_online) - Number(a.is_online) || a.name.localeCompare(b.name);

function SetupRow({ setup, testId }: { setup: TestSetup; testId: number }) {
  const address = testSetupAddress(setup.ip, testId);
  return (
    <Paper withBorder p="sm" component="li">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{setup.name}</Text>
            <OnlineBadge setup={setup} />
            <Text size="sm" c="dimmed">
              {setup.ip || 'No address'}
            </Text>
          </Group>
          <DeviceStatus status={setup.status} />
          <LastHeartbeat setup={setup} />
        </Stack>
        <Button
          size="xs"
          leftSection={<IconPlayerPlay size={14} aria-hidden />}
          disabled={address === null}
          aria-label={`Start Test on ${setup.name}`}
          onClick={() => {
            if (address) window.open(address, '_blank', 'noopener');
          }}
        >
          Start Test
        </Button>
      </Group>
    </Paper>
  );
}

/** Choose Setup: the lab recorders with their live status; Start Test opens the test on one of them. */
export function SetupPanel({ test }: { test: { id: number; name: string } }) {
  const setups = useTestSetups({ isPolling: true });
  const sorted = [...(setups.data ?? [])].sort(byAvailability);
  const hasOnline = sorted.some((setup) => setup.is_online);

  return (
    <Stack gap="sm" p="sm" aria-label={`Test setups for ${test.name}`} role="region">
      <Group justify="space-between">
        <Text fw={600}>Test setups</Text>
        <Button
          component={Link}
          to={researchHref(test)}
          size="xs"
          variant="light"
          aria-label={`Select ${test.name}`}
        >
          Select
        </Button>
      </Group>
      {setups.isLoading ? <TableSkeleton rows={2} /> : null}
      {setups.isError ? (
        <ErrorAlert error={setups.error} title="The test setups could not be loaded" />
      ) : null}
      {setups.data && !hasOnline ? (
        <Text size="sm" c="dimmed">
          There are no active test setups
        </Text>
      ) : null}
      {sorted.length > 0 ? (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {sorted.map((setup) => (
            <SetupRow key={setup.id} setup={setup} testId={test.id} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
