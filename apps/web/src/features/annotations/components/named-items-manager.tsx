import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AppTooltip, ErrorAlert, TableSkeleton } from '../../../ui';

// The frame the research managers of a test's named items (page titles, tags) share: an intro
// with an Add button, a table of the items with their counts, and a modal for a name and a text.

export type ManagerColumn = { label: string; numeric?: boolean };

/** The intro, the Add button and the table (a skeleton while loading, the empty text without items). */
export function ManagerFrame({
  intro,
  addLabel,
  onAdd,
  isPending,
  isEmpty,
  emptyText,
  tableLabel,
  minWidth,
  columns,
  rows,
  modal,
}: {
  intro: string;
  addLabel: string;
  onAdd: () => void;
  isPending: boolean;
  isEmpty: boolean;
  emptyText: string;
  tableLabel: string;
  minWidth: number;
  columns: ManagerColumn[];
  rows: ReactNode;
  modal: ReactNode;
}) {
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed">{intro}</Text>
        <Button onClick={onAdd}>{addLabel}</Button>
      </Group>
      {isPending ? (
        <TableSkeleton />
      ) : isEmpty ? (
        <Text c="dimmed">{emptyText}</Text>
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table striped aria-label={tableLabel}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.label} ta={column.numeric ? 'right' : undefined}>
                    {column.label}
                  </Table.Th>
                ))}
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{rows}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {modal}
    </Stack>
  );
}

/** Edit and Delete of a row of the research managers. */
export function RowButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <AppTooltip label="Edit">
        <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={onEdit}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </AppTooltip>
      <AppTooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </AppTooltip>
    </Group>
  );
}

/** The modal that adds or edits an item: its name and one text (a description, the URLs). */
export function NameAndTextModal({
  item,
  isNew,
  initial,
  text,
  saving,
  onSave,
  onClose,
}: {
  /** 'page', 'tag': the modal's title, the form's label and the error's title say it. */
  item: string;
  isNew: boolean;
  initial: { name: string; text: string };
  text: { label: string; description?: string; maxLength?: number };
  saving: { error: Error | null; isPending: boolean };
  onSave: (values: { name: string; text: string }) => void;
  onClose: () => void;
}) {
  const form = useForm({ initialValues: initial });
  const title = `${isNew ? 'Add' : 'Edit'} ${item}`;
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={form.onSubmit(onSave)} aria-label={item[0]?.toUpperCase() + item.slice(1)}>
        <Stack gap="sm">
          {saving.error && <ErrorAlert error={saving.error} title={`The ${item} was not saved`} />}
          <TextInput label="Name" required {...form.getInputProps('name')} data-autofocus />
          <Textarea autosize minRows={3} {...text} {...form.getInputProps('text')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
