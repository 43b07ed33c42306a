import { TAG_DESCRIPTION_MAX, type TagWithPoints } from '@limbus/contract';
import { Button, Group, Modal, Stack, Table, Text, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ErrorAlert, openConfirmDelete, TableSkeleton } from '../../../ui';
import { useCreateTag, useDeleteTag, useTags, useUpdateTag } from '../tags-api';
import { RowButtons } from './page-titles-manager';

type Draft = { id: number | null; name: string; description: string };

/** /research/test/{id}/tags: the test's tags with their descriptions and counts. */
export function TagsManager({ testId }: { testId: number }) {
  const tags = useTags(testId);
  const remove = useDeleteTag(testId);
  const [draft, setDraft] = useState<Draft | null>(null);

  if (tags.isError) return <ErrorAlert error={tags.error} title="The tags could not be loaded" />;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed">
          Tags mark the participants' peaks; their description tells readers what a tag stands for.
        </Text>
        <Button onClick={() => setDraft({ id: null, name: '', description: '' })}>Add tag</Button>
      </Group>
      {tags.isPending ? (
        <TableSkeleton />
      ) : tags.data.length === 0 ? (
        <Text c="dimmed">No tags yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Tags of the test">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tag</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Peaks</Table.Th>
                <Table.Th ta="right">Participants</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tags.data.map((tag) => (
                <TagRow
                  key={tag.id}
                  tag={tag}
                  onEdit={() => setDraft({ id: tag.id, name: tag.name, description: tag.description })}
                  onDelete={() =>
                    openConfirmDelete({
                      message: `Delete the tag “${tag.name}”? Its ${tag.count} peaks lose it.`,
                      onConfirm: () => remove.mutate(tag.id),
                    })
                  }
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {draft && <TagModal testId={testId} draft={draft} onClose={() => setDraft(null)} />}
    </Stack>
  );
}

function TagRow({ tag, onEdit, onDelete }: { tag: TagWithPoints; onEdit: () => void; onDelete: () => void }) {
  return (
    <Table.Tr>
      <Table.Td fw={600}>{tag.name}</Table.Td>
      <Table.Td>
        <Text size="sm" c={tag.description ? undefined : 'dimmed'}>
          {tag.description || 'No description'}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{tag.count}</Table.Td>
      <Table.Td ta="right">{tag.participants}</Table.Td>
      <Table.Td>
        <RowButtons name={tag.name} onEdit={onEdit} onDelete={onDelete} />
      </Table.Td>
    </Table.Tr>
  );
}

function TagModal({ testId, draft, onClose }: { testId: number; draft: Draft; onClose: () => void }) {
  const form = useForm({ initialValues: { name: draft.name, description: draft.description } });
  const create = useCreateTag(testId);
  const update = useUpdateTag(testId);
  const saving = draft.id === null ? create : update;

  const save = form.onSubmit(({ name, description }) => {
    const tag = { name: name.trim(), description: description.trim() };
    const done = { onSuccess: onClose };
    if (draft.id === null) create.mutate(tag, done);
    else update.mutate({ id: draft.id, changes: tag }, done);
  });

  return (
    <Modal opened onClose={onClose} title={draft.id === null ? 'Add tag' : 'Edit tag'} centered>
      <form onSubmit={save} aria-label="Tag">
        <Stack gap="sm">
          {saving.error && <ErrorAlert error={saving.error} title="The tag was not saved" />}
          <TextInput label="Name" required {...form.getInputProps('name')} data-autofocus />
          <Textarea
            label="Description"
            autosize
            minRows={3}
            maxLength={TAG_DESCRIPTION_MAX}
            {...form.getInputProps('description')}
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
