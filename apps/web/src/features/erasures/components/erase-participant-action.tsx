import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../ui';
import { useEraseParticipant, useErasure, useErasures } from '../api';
import { ErasureConfirmation, erasureError } from './erasure-consequences';
import { ErasureReceipt } from './erasure-receipt';

/**
 * The research participant page's 'Erase participant' (GDPR Art. 17): a confirmation that says
 * what goes, then the receipt, followed until the erasure is verified. An erasure a company admin
 * requested shows first, with the button to carry it out.
 */
export function EraseParticipantAction({
  testId,
  participantId,
  beside,
  children,
}: {
  testId: number;
  participantId: number;
  /** Other actions on the participant's data, beside the erase button (the access export). */
  beside?: ReactNode;
  /** The participant's screen: shown until an erasure has started (its data is going, then gone). */
  children?: ReactNode;
}) {
  const [isOpen, { open, close }] = useDisclosure(false);
  const erasures = useErasures(testId);
  const erase = useEraseParticipant(testId);
  const existing = erasures.data?.find((erasure) => erasure.participant_id === participantId) ?? null;
  const receipt = useErasure(testId, erase.data?.id ?? existing?.id ?? null);
  const shown = receipt.data ?? erase.data ?? existing;
  const isRequested = shown?.state === 'requested';

  return (
    <Stack gap="sm">
      {shown && !isRequested ? (
        <>
          <Anchor component={Link} to={`/research/test/${testId}/participants`} size="sm">
            ← Back to participants
          </Anchor>
          <ErasureReceipt erasure={shown} />
        </>
      ) : null}
      {isRequested ? (
        <Alert color="blue" variant="light" title="Erasure requested">
          <Text size="sm">
            {shown.requested_by?.label ?? 'The client'} asked for this participant to be erased.
          </Text>
        </Alert>
      ) : null}
      {!shown || isRequested ? (
        <Group justify="flex-end" align="flex-start" gap="sm">
          {beside}
          <Button
            // red 9: the filled shade (7) is 3.6:1 on the page's grey, below WCAG AA for text
            color="red.9"
            variant="outline"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={open}
          >
            {isRequested ? 'Carry out the erasure' : 'Erase participant'}
          </Button>
        </Group>
      ) : null}
      {erasures.isError ? <ErrorAlert error={erasures.error} title="The erasures could not be read" /> : null}
      <ErasureConfirmation
        opened={isOpen}
        onClose={close}
        title="Erase this participant?"
        action="Erase for good"
        isPending={erase.isPending}
        error={erasureError(erase.error, 'The erasure could not start; please try again.')}
        onConfirm={() => erase.mutate(participantId, { onSuccess: close })}
      />
      {!shown || isRequested ? children : null}
    </Stack>
  );
}
