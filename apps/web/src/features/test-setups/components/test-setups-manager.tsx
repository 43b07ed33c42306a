import type { TestSetup } from '@limbus/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconDeviceDesktop, IconKey, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { AppTooltip, Empty, ErrorAlert, openConfirmDelete, TableSkeleton } from '../../../ui';
import { useCreateTestSetup, useDeleteTestSetup, useRotateTestSetupKey, useTestSetups } from '../api';
import { GeometryDialog, GeometrySummary } from './setup-geometry';
import { DeviceStatus, LastHeartbeat, OnlineBadge } from './setup-status';

export const CONFIRM_REMOVE_SETUP = 'Are you sure you want to remove this test setup?';

type IssuedKey = { setupName: string; key: string };

/** The key of a setup, shown this once with a copy button. */
function IssuedKeyNote({ issued, onDone }: { issued: IssuedKey; onDone: () => void }) {
  return (
    <Alert color="yellow" variant="light" title={`Key of ${issued.setupName}`} role="status" mb="md">
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Setup key"
            readOnly
            value={issued.key}
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            style={{ flex: 1 }}
          />
          <CopyButton value={issued.key}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                onClick={copy}
                leftSection={
                  copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
                }
              >
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">
          Copy this key into the recorder's configuration now: it is shown only this once and cannot be read
          again. The recorder sends it as <Code>Authorization: Setup &lt;key&gt;</Code>. If it gets lost, give
          the setup a new key.
        </Text>
        <Group>
          <Button size="xs" variant="default" onClick={onDone}>
            I have stored the key
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function NewSetupForm({ onIssued }: { onIssued: (issued: IssuedKey) => void }) {
  const create = useCreateTestSetup();
  const [name, setName] = useState('');
  const [ip, setIp] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('This field is required');
      return;
    }
    create.mutate(
      { name: name.trim(), ip: ip.trim() },
      {
        onSuccess: (answer) => {
          onIssued({ setupName: answer.data.name, key: answer.key });
          setName('');
          setIp('');
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} aria-label="New test setup" noValidate>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(null);
          }}
          error={nameError}
          w={{ base: '100%', sm: 240 }}
        />
        <TextInput
          label="IP address"
          description="Port 8080 unless given, e.g. 10.0.0.5:9000"
          value={ip}
          onChange={(event) => setIp(event.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
        />
        <Button type="submit" loading={create.isPending}>
          Add test setup
        </Button>
      </Group>
      {create.isError ? <ErrorAlert error={create.error} title="The setup could not be added" /> : null}
    </form>
  );
}

function SetupRow({ setup, onIssued }: { setup: TestSetup; onIssued: (issued: IssuedKey) => void }) {
  const remove = useDeleteTestSetup();
  const rotate = useRotateTestSetupKey();
  const [isEditingScreen, setEditingScreen] = useState(false);
  const handleError = (error: Error) => notifications.show({ color: 'red', message: error.message });
  const handleDelete = () =>
    openConfirmDelete({
      message: CONFIRM_REMOVE_SETUP,
      onConfirm: () => remove.mutate(setup.id, { onError: handleError }),
    });
  const handleRotate = () =>
    modals.openConfirmModal({
      title: 'Please confirm',
      centered: true,
      children: (
        <Text size="sm">{`Give ${setup.name} a new key? Its current key stops working at once.`}</Text>
      ),
      labels: { confirm: 'New key', cancel: 'Cancel' },
      onConfirm: () =>
        rotate.mutate(setup.id, {
          onSuccess: (answer) => onIssued({ setupName: answer.data.name, key: answer.key }),
          onError: handleError,
        }),
    });

  return (
    <Table.Tr>
      <Table.Td fw={500}>{setup.name}</Table.Td>
      <Table.Td>{setup.ip}</Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <OnlineBadge setup={setup} />
          <LastHeartbeat setup={setup} />
        </Stack>
      </Table.Td>
      <Table.Td>
        <DeviceStatus status={setup.status} />
      </Table.Td>
      <Table.Td>
        <GeometrySummary setup={setup} />
        {isEditingScreen ? <GeometryDialog setup={setup} onClose={() => setEditingScreen(false)} /> : null}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <AppTooltip label="Screen and viewing distance">
            <ActionIcon
              variant="subtle"
              aria-label={`Screen of ${setup.name}`}
              onClick={() => setEditingScreen(true)}
            >
              <IconDeviceDesktop size={18} aria-hidden />
            </ActionIcon>
          </AppTooltip>
          <AppTooltip label="Give a new key">
            <ActionIcon variant="subtle" aria-label={`New key for ${setup.name}`} onClick={handleRotate}>
              <IconKey size={18} aria-hidden />
            </ActionIcon>
          </AppTooltip>
          <AppTooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${setup.name}`}
              onClick={handleDelete}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </AppTooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** /research/testsetups: add, re-key and remove lab recorders, set their screens, and watch their heartbeats. */
export function TestSetupsManager() {
  const setups = useTestSetups({ isPolling: true });
  const [issued, setIssued] = useState<IssuedKey | null>(null);

  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          Add a test setup
        </Title>
        {issued ? <IssuedKeyNote issued={issued} onDone={() => setIssued(null)} /> : null}
        <NewSetupForm onIssued={setIssued} />
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          All test setups
        </Title>
        {setups.isLoading ? <TableSkeleton rows={3} /> : null}
        {setups.isError ? (
          <ErrorAlert error={setups.error} title="The test setups could not be loaded" />
        ) : null}
        {setups.data?.length === 0 ? <Empty title="No test setups yet" /> : null}
        {setups.data?.length ? (
          <Table.ScrollContainer minWidth={960}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>IP address</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Devices and services</Table.Th>
                  <Table.Th>Screen</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {setups.data.map((setup) => (
                  <SetupRow key={setup.id} setup={setup} onIssued={setIssued} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Paper>
    </Stack>
  );
}
