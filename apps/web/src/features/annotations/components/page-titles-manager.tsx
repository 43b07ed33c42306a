import type { LabelWithMetrics } from '@limbus/contract';
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
import { useState } from 'react';
import { AppTooltip, ErrorAlert, formatClock, openConfirmDelete, TableSkeleton } from '../../../ui';
import { type LabelChanges, useCreateLabel, useDeleteLabel, useLabels, useUpdateLabel } from '../api';

type Draft = { id: number | null; name: string; urls: string };

const urlLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** /research/test/{id}/pages: the test's page titles (labels) with their URLs and counts. */
export function PageTitlesManager({ testId }: { testId: number }) {
  const labels = useLabels(testId);
  const remove = useDeleteLabel(testId);
  const [draft, setDraft] = useState<Draft | null>(null);

  if (labels.isError) return <ErrorAlert error={labels.error} title="The pages could not be loaded" />;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed">
          Pages group the URLs participants visited; the Pages screen ranks them. Counts follow the last
          recomputation.
        </Text>
        <Button onClick={() => setDraft({ id: null, name: '', urls: '' })}>Add page</Button>
      </Group>
      {labels.isPending ? (
        <TableSkeleton />
      ) : labels.data.length === 0 ? (
        <Text c="dimmed">No pages yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Pages of the test">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Page</Table.Th>
                <Table.Th>URLs</Table.Th>
                <Table.Th ta="right">Participants</Table.Th>
                <Table.Th ta="right">Average time</Table.Th>
                <Table.Th ta="right">Peaks</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {labels.data.map((label) => (
                <PageRow
                  key={label.id}
                  label={label}
                  onEdit={() => setDraft({ id: label.id, name: label.name, urls: label.urls.join('\n') })}
                  onDelete={() =>
                    openConfirmDelete({
                      message: `Delete the page “${label.name}”? Sections with this title lose it.`,
                      onConfirm: () => remove.mutate(label.id),
                    })
                  }
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {draft && <PageTitleModal testId={testId} draft={draft} onClose={() => setDraft(null)} />}
    </Stack>
  );
}

function PageRow({
  label,
  onEdit,
  onDelete,
}: {
  label: LabelWithMetrics;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Table.Tr>
      <Table.Td fw={600}>{label.name}</Table.Td>
      <Table.Td>
        {label.urls.length === 0 ? (
          <Text size="sm" c="dimmed">
            No URLs
          </Text>
        ) : (
          label.urls.map((url) => (
            <Text key={url} size="sm" style={{ wordBreak: 'break-all' }}>
              {url}
            </Text>
          ))
        )}
      </Table.Td>
      <Table.Td ta="right">{label.total_participants}</Table.Td>
      <Table.Td ta="right">{formatClock(label.average_time / 1000, { padMinutes: true })}</Table.Td>
      <Table.Td ta="right">{label.significant_points.length}</Table.Td>
      <Table.Td>
        <RowButtons name={label.name} onEdit={onEdit} onDelete={onDelete} />
      </Table.Td>
    </Table.Tr>
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

function PageTitleModal({ testId, draft, onClose }: { testId: number; draft: Draft; onClose: () => void }) {
  const form = useForm({ initialValues: { name: draft.name, urls: draft.urls } });
  const create = useCreateLabel(testId);
  const update = useUpdateLabel(testId);
  const saving = draft.id === null ? create : update;

  const save = form.onSubmit(({ name, urls }) => {
    const changes: Required<LabelChanges> = { name: name.trim(), urls: urlLines(urls) };
    const done = { onSuccess: onClose };
    if (draft.id === null) create.mutate(changes, done);
    else update.mutate({ id: draft.id, changes }, done);
  });

  return (
    <Modal opened onClose={onClose} title={draft.id === null ? 'Add page' : 'Edit page'} centered>
      <form onSubmit={save} aria-label="Page">
        <Stack gap="sm">
          {saving.error && <ErrorAlert error={saving.error} title="The page was not saved" />}
          <TextInput label="Name" required {...form.getInputProps('name')} data-autofocus />
          <Textarea
            label="URLs"
            description="One URL per line"
            autosize
            minRows={3}
            {...form.getInputProps('urls')}
          />
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
