import { ERASURE_COUNT_NAMES, ERASURE_STATE_NAMES, type Erasure } from '@limbus/contract';
import { Badge, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { DetailList, formatCount, formatDateTime } from '../../../ui';
import { isUnderWay } from '../api';

const STATE_COLORS: Record<Erasure['state'], string> = {
  requested: 'blue',
  erasing: 'yellow',
  pending: 'orange',
  verified: 'teal',
  failed: 'red',
};

export function ErasureStateBadge({ erasure }: { erasure: Pick<Erasure, 'state'> }) {
  return (
    <Badge color={STATE_COLORS[erasure.state]} variant="light">
      {ERASURE_STATE_NAMES[erasure.state]}
    </Badge>
  );
}

/**
 * The receipt of an erasure: its state, what was removed with counts, when and by whom, and what
 * the verification searched and found. It holds no personal data (a pseudonym and a salted hash).
 */
export function ErasureReceipt({ erasure }: { erasure: Erasure }) {
  // In the order of the contract's names, then any kind it does not name yet.
  const order = Object.keys(ERASURE_COUNT_NAMES);
  const rank = (kind: string) => (order.includes(kind) ? order.indexOf(kind) : order.length);
  const counts = Object.entries(erasure.removed)
    .filter(([kind]) => !kind.startsWith('recomputed'))
    .sort(([a], [b]) => rank(a) - rank(b));
  const recomputed = Object.entries(erasure.removed)
    .filter(([kind, count]) => kind.startsWith('recomputed') && count > 0)
    .map(([kind]) => ERASURE_COUNT_NAMES[kind] ?? kind);
  const verification = erasure.verification;
  return (
    <Card withBorder padding="lg" component="section" aria-label="Erasure receipt">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={4}>Erasure receipt</Title>
          <Group gap="xs">
            {isUnderWay(erasure) ? <Loader size="xs" aria-label="Erasure under way" /> : null}
            <ErasureStateBadge erasure={erasure} />
          </Group>
        </Group>
        <DetailList
          cols={3}
          items={[
            { label: 'Participant (pseudonym)', value: erasure.subject },
            {
              label: 'Verified',
              value: erasure.is_verified ? (
                <Group gap={4} component="span">
                  <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden /> Yes
                </Group>
              ) : erasure.state === 'failed' ? (
                <Group gap={4} component="span">
                  <IconAlertTriangle size={16} color="var(--mantine-color-red-6)" aria-hidden /> No
                </Group>
              ) : (
                <Group gap={4} component="span">
                  <IconClockHour4 size={16} aria-hidden /> Not yet
                </Group>
              ),
            },
            { label: 'Files still to delete', value: formatCount(erasure.pending_files) },
            {
              label: 'Requested',
              value: erasure.requested_at
                ? `${formatDateTime(erasure.requested_at)}${erasure.requested_by ? ` by ${erasure.requested_by.label}` : ''}`
                : '',
            },
            {
              label: 'Erased',
              value: erasure.started_at
                ? `${formatDateTime(erasure.started_at)}${erasure.erased_by ? ` by ${erasure.erased_by.label}` : ''}`
                : 'Not started: a researcher carries it out',
            },
            { label: 'Finished', value: erasure.finished_at ? formatDateTime(erasure.finished_at) : '' },
          ]}
        />
        {counts.length > 0 ? (
          <Table withTableBorder striped aria-label="What was removed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Removed</Table.Th>
                <Table.Th ta="right">Count</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {counts.map(([kind, count]) => (
                <Table.Tr key={kind} c={count === 0 ? 'dimmed' : undefined}>
                  <Table.Td>{ERASURE_COUNT_NAMES[kind] ?? kind}</Table.Td>
                  <Table.Td ta="right">{formatCount(count)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {recomputed.length > 0 ? (
          <Text size="sm">Recomputed without them: {recomputed.join('; ')}.</Text>
        ) : null}
        {verification ? (
          <Text size="sm" c={verification.found.length === 0 ? 'dimmed' : 'red'}>
            Verification searched {formatCount(verification.columns_searched)} table columns and{' '}
            {formatCount(verification.files_searched)} stored files for the participant's identifiers
            {verification.found.length === 0
              ? ': none was found.'
              : `: still found in ${verification.found.map((hit) => `${hit.where} (${formatCount(hit.count)})`).join(', ')}.`}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          The receipt keeps no personal data: the participant's real id only as a salted hash (
          <Text span ff="monospace" size="xs">
            {erasure.subject_hash.slice(0, 16)}…
          </Text>
          ).
        </Text>
      </Stack>
    </Card>
  );
}
