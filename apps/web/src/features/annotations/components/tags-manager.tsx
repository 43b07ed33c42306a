import { TAG_DESCRIPTION_MAX, type TagWithPoints } from '@limbus/contract';
import { Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert, openConfirmDelete } from '../../../ui';
import { useCreateTag, useDeleteTag, useTags, useUpdateTag } from '../tags-api';
import { ManagerFrame, NameAndTextModal, RowButtons } from './named-items-manager';

type Draft = { id: number | null; name: string; description: string };

/** /research/test/{id}/tags: the test's tags with their descriptions and counts. */
export function TagsManager({ testId }: { testId: number }) {
  const tags = useTags(testId);
  const remove = useDeleteTag(testId);
  const [draft, setDraft] = useState<Draft | null>(null);

  if (tags.isError) return <ErrorAlert error={tags.error} title="The tags could not be loaded" />;
  return (
    <ManagerFrame
      intro="Tags mark the participants' peaks; their description tells readers what a tag stands for."
      addLabel="Add tag"
      onAdd={() => setDraft({ id: null, name: '', description: '' })}
      isPending={tags.isPending}
      isEmpty={tags.data?.length === 0}
      emptyText="No tags yet."
      tableLabel="Tags of the test"
      minWidth={560}
      columns={[
        { label: 'Tag' },
        { label: 'Description' },
        { label: 'Peaks', numeric: true },
        { label: 'Participants', numeric: true },
      ]}
      rows={tags.data?.map((tag) => (
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
      modal={draft && <TagModal testId={testId} draft={draft} onClose={() => setDraft(null)} />}
    />
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
  const create = useCreateTag(testId);
  const update = useUpdateTag(testId);
  return (
    <NameAndTextModal
      item="tag"
      isNew={draft.id === null}
      initial={{ name: draft.name, text: draft.description }}
      text={{ label: 'Description', maxLength: TAG_DESCRIPTION_MAX }}
      saving={draft.id === null ? create : update}
      onSave={({ name, text }) => {
        const tag = { name: name.trim(), description: text.trim() };
        const done = { onSuccess: onClose };
        if (draft.id === null) create.mutate(tag, done);
        else update.mutate({ id: draft.id, changes: tag }, done);
      }}
      onClose={onClose}
    />
  );
}
