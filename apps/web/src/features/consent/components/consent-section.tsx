import {
  CONSENT_METHOD_NAMES,
  CONSENT_PURPOSE_NAMES,
  CONSENT_STREAM_NAMES,
  type ConsentPurpose,
  type ConsentRecord,
  type ConsentStream,
  type ParticipantConsent,
} from '@limbus/contract';
import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { isApiError } from '../../../api';
import { ErrorAlert, formatDateTime, TableSkeleton } from '../../../ui';
import { useParticipantConsent, useWithdrawConsent } from '../api';
import { GrantBadges, PURPOSE_SHORT } from './consent-lists';
import { PaperConsentForm } from './paper-consent-form';

/**
 * The research participant page's consent (docs/data-rights.md): the consent in force (version,
 * streams, purposes, when and how), its history, a paper consent to enter, and a withdrawal of
 * streams or purposes, confirmed first, which takes effect at once.
 */
export function ConsentSection({ testId, participantId }: { testId: number; participantId: number }) {
  const answer = useParticipantConsent(testId, participantId);
  const [isEntering, setEntering] = useState(false);
  const consent = answer.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="participant-consent-title" mt="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="md" id="participant-consent-title">
            Consent
          </Title>
          {consent && !isEntering ? (
            <Button size="xs" variant="light" onClick={() => setEntering(true)}>
              Enter a paper consent
            </Button>
          ) : null}
        </Group>
        {answer.isPending ? <TableSkeleton rows={3} /> : null}
        {answer.isError ? <ErrorAlert error={answer.error} /> : null}
        {consent ? (
          <>
            <InForce consent={consent} />
            {isEntering ? (
              <PaperConsentForm
                testId={testId}
                participantId={participantId}
                onDone={() => setEntering(false)}
              />
            ) : null}
            {consent.current ? (
              <Withdrawal testId={testId} participantId={participantId} current={consent.current} />
            ) : null}
            <History history={consent.history} />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

function InForce({ consent }: { consent: ParticipantConsent }) {
  const current = consent.current;
  if (!current)
    return consent.has_terms ? (
      <Alert color="orange" title="No consent recorded">
        This test has consent terms, and none of this participant's data is taken until their consent is
        recorded. Enter the consent they gave on paper, or have the lab recorder send it.
      </Alert>
    ) : (
      <Text size="sm" c="dimmed">
        This test has no consent terms: it was recorded before consent was kept per participant.
      </Text>
    );
  return (
    <Stack gap={6} aria-label="Consent in force">
      <Group gap="xs">
        <Badge variant="light" color="teal">
          In force
        </Badge>
        <Text size="sm">
          Version {current.version} · {CONSENT_METHOD_NAMES[current.method]} ·{' '}
          {formatDateTime(current.given_at)}
        </Text>
      </Group>
      <GrantBadges streams={current.streams} purposes={current.purposes} showMissing />
    </Stack>
  );
}

type WithdrawValues = { streams: ConsentStream[]; purposes: ConsentPurpose[] };

function Withdrawal({
  testId,
  participantId,
  current,
}: {
  testId: number;
  participantId: number;
  current: ConsentRecord;
}) {
  const withdraw = useWithdrawConsent(testId, participantId);
  const [chosen, setChosen] = useState<WithdrawValues>({ streams: [], purposes: [] });
  const count = chosen.streams.length + chosen.purposes.length;
  if (current.streams.length + current.purposes.length === 0) return null;
  const names = [
    ...chosen.streams.map((stream) => CONSENT_STREAM_NAMES[stream]),
    ...chosen.purposes.map((purpose) => CONSENT_PURPOSE_NAMES[purpose]),
  ];
  const confirm = () =>
    modals.openConfirmModal({
      title: 'Withdraw consent',
      centered: true,
      children: (
        <Text size="sm">
          The participant withdraws their consent to: {names.join('; ')}. This takes effect at once and is
          recorded in the audit trail. It cannot be undone: a new consent must be entered instead.
        </Text>
      ),
      labels: { confirm: 'Withdraw', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        withdraw.mutate(chosen, {
          onSuccess: () => {
            setChosen({ streams: [], purposes: [] });
            notifications.show({ color: 'teal', message: 'The withdrawal is in force.' });
          },
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: isApiError(error) ? error.message : 'The withdrawal failed: try again.',
            }),
        }),
    });
  return (
    <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" size="sm" fw={600}>
        Withdraw part of the consent
      </Text>
      <Group gap="md" wrap="wrap">
        {current.streams.map((stream) => (
          <Checkbox
            key={stream}
            label={CONSENT_STREAM_NAMES[stream]}
            checked={chosen.streams.includes(stream)}
            onChange={(event) => {
              const isChecked = event.currentTarget.checked;
              setChosen((values) => ({
                ...values,
                streams: isChecked ? [...values.streams, stream] : values.streams.filter((s) => s !== stream),
              }));
            }}
          />
        ))}
        {current.purposes.map((purpose) => (
          <Checkbox
            key={purpose}
            label={PURPOSE_SHORT[purpose]}
            checked={chosen.purposes.includes(purpose)}
            onChange={(event) => {
              const isChecked = event.currentTarget.checked;
              setChosen((values) => ({
                ...values,
                purposes: isChecked
                  ? [...values.purposes, purpose]
                  : values.purposes.filter((p) => p !== purpose),
              }));
            }}
          />
        ))}
      </Group>
      <Group>
        <Button
          size="xs"
          color="red"
          variant="light"
          disabled={count === 0}
          loading={withdraw.isPending}
          onClick={confirm}
        >
          Withdraw {count > 0 ? `(${count})` : ''}
        </Button>
      </Group>
    </Stack>
  );
}

function History({ history }: { history: ConsentRecord[] }) {
  if (history.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label="Consent history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>How</Table.Th>
            <Table.Th>Granted</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.map((record, index) => (
            <Table.Tr key={record.id}>
              <Table.Td>
                {formatDateTime(record.given_at)}
                {index === 0 ? (
                  <Text span size="xs" c="teal.9" ml={6}>
                    in force
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{record.version}</Table.Td>
              <Table.Td>
                {CONSENT_METHOD_NAMES[record.method]}
                {record.recorded_by ? (
                  <Text size="xs" c="dimmed">
                    by {record.recorded_by}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <GrantBadges streams={record.streams} purposes={record.purposes} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
