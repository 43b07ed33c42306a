import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { isApiError } from '../../../api';

/** What an erasure removes and recomputes, as the confirmations say it (docs/data-rights.md). */
export function ErasureConsequences() {
  return (
    <>
      <Text size="sm">This removes, for good, everything held about this participant:</Text>
      <List size="sm" spacing={4}>
        <List.Item>the EEG/emotion, gaze and mouse/touch streams, cached copies included</List.Item>
        <List.Item>the screen recording and its section clips, uploads and ingestion batches</List.Item>
        <List.Item>significant points, sections, questionnaire answers and consent records</List.Item>
        <List.Item>queued work that names the participant</List.Item>
      </List>
      <Text size="sm">
        Page and tag metrics, the video aggregate and heatmap, norms and benchmarks are recomputed without
        them. Insights that cite their moments lose those citations and are marked 'Evidence withdrawn'; the
        insights themselves stay. The erasure ends with a check of every table and stored file, and a receipt.
      </Text>
    </>
  );
}

/** The confirmation of an erasure or its request: what goes, the error of a failed try, Cancel and the action. */
export function ErasureConfirmation({
  opened,
  onClose,
  title,
  action,
  isPending,
  error,
  onConfirm,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  action: string;
  isPending: boolean;
  /** The failed try's message, null before. */
  error: string | null;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg">
      <Stack gap="sm">
        <ErasureConsequences />
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={isPending} onClick={onConfirm}>
            {action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A failed erasure call's message: the server's, or `fallback` when it gave none (no answer). */
export const erasureError = (error: Error | null, fallback: string): string | null =>
  error === null ? null : isApiError(error) ? error.message : fallback;
