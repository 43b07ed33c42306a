import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** Asks the spec's removal question with Cancel and Delete; `onConfirm` runs on Delete only. */
export function openConfirmDelete({
  message,
  onConfirm,
  title = 'Please confirm',
}: {
  message: string;
  onConfirm: () => void;
  title?: string;
}): void {
  modals.openConfirmModal({
    title,
    centered: true,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
