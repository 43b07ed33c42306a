import { type ParticipantSummary, participantLabel } from '@limbus/contract';
import { Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { z } from 'zod';
import { ErrorAlert, formatDateTime, TableSkeleton, zodValidate } from '../../../ui';
import { useEraseParticipant, useErasures } from '../api';
import { useRequestsErasures } from '../requester';
import { ErasureConfirmation, erasureError } from './erasure-consequences';
import { ErasureStateBadge } from './erasure-receipt';

const requestSchema = z.object({ participant_id: z.string().min(1, 'Choose the participant to erase') });
type RequestValues = z.infer<typeof requestSchema>;

/**
 * For a company admin on their test's participants: ask for a participant's erasure (a researcher
 * carries it out), and follow the test's erasures to their verified receipts. Renders nothing for
 * anyone else (researchers erase from the research participant page).
 */
export function ErasureRequestPanel({
  testId,
  participants,
}: {
  testId: number;
  participants: readonly ParticipantSummary[];
}) {
  if (!useRequestsErasures()) return null;
  return <RequestPanel testId={testId} participants={participants} />;
}

function RequestPanel({
  testId,
  participants,
}: {
  testId: number;
  participants: readonly ParticipantSummary[];
}) {
  const erasures = useErasures(testId);
  const erase = useEraseParticipant(testId);
  const [isOpen, { open, close }] = useDisclosure(false);
  const form = useForm<RequestValues>({
    initialValues: { participant_id: '' },
    validate: zodValidate(requestSchema),
  });
  const asked = new Set((erasures.data ?? []).map((erasure) => erasure.participant_id));
  const options = participants
    .filter((participant) => !asked.has(participant.id))
    .map((participant) => ({ value: String(participant.id), label: participantLabel(participant) }));

  const confirm = () =>
    erase.mutate(Number(form.values.participant_id), {
      onSuccess: () => {
        close();
        form.reset();
        notifications.show({
          color: 'teal',
          message: 'The erasure was requested: a researcher carries it out.',
        });
      },
    });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="erasure-requests-title">
      <Stack gap="md">
        <Title order={3} size="h4" id="erasure-requests-title">
          Erasure requests
        </Title>
        <Text size="sm" c="dimmed">
          A participant who withdraws has the right to be erased (GDPR Art. 17). Ask for it here; a researcher
          carries it out and the receipt shows when it is verified.
        </Text>
        <form onSubmit={form.onSubmit(open)} noValidate aria-label="Request an erasure">
          <Group align="flex-end">
            <Select
              label="Participant"
              placeholder={options.length > 0 ? 'Choose a participant' : 'No participant left to erase'}
              data={options}
              searchable
              disabled={options.length === 0}
              w={280}
              {...form.getInputProps('participant_id')}
            />
            <Button type="submit" color="red.9" variant="outline" disabled={options.length === 0}>
              Request erasure
            </Button>
          </Group>
        </form>
        {erasures.isPending ? <TableSkeleton rows={2} /> : null}
        {erasures.isError ? (
          <ErrorAlert error={erasures.error} title="The erasures could not be read" />
        ) : null}
        {erasures.data && erasures.data.length > 0 ? (
          <Table withTableBorder aria-label="Erasures of this test">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Participant (pseudonym)</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Requested</Table.Th>
                <Table.Th>Finished</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {erasures.data.map((erasure) => (
                <Table.Tr key={erasure.id}>
                  <Table.Td ff="monospace">{erasure.subject}</Table.Td>
                  <Table.Td>
                    <ErasureStateBadge erasure={erasure} />
                  </Table.Td>
                  <Table.Td>{formatDateTime(erasure.requested_at)}</Table.Td>
                  <Table.Td>{formatDateTime(erasure.finished_at) || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {erasures.data && erasures.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No erasure was asked for in this test.
          </Text>
        ) : null}
      </Stack>
      <ErasureConfirmation
        opened={isOpen}
        onClose={close}
        title="Request this participant's erasure?"
        action="Request erasure"
        isPending={erase.isPending}
        error={erasureError(erase.error, 'The request could not be sent; please try again.')}
        onConfirm={confirm}
      />
    </Card>
  );
}
