import type { LabelWithMetrics } from '@limbus/contract';
import { Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert, formatClock, openConfirmDelete } from '../../../ui';
import { type LabelChanges, useCreateLabel, useDeleteLabel, useLabels, useUpdateLabel } from '../api';
import { ManagerFrame, NameAndTextModal, RowButtons } from './named-items-manager';

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
    <ManagerFrame
      intro="Pages group the URLs participants visited; the Pages screen ranks them. Counts follow the last recomputation."
      addLabel="Add page"
      onAdd={() => setDraft({ id: null, name: '', urls: '' })}
      isPending={labels.isPending}
      isEmpty={labels.data?.length === 0}
      emptyText="No pages yet."
      tableLabel="Pages of the test"
      minWidth={640}
      columns={[
        { label: 'Page' },
        { label: 'URLs' },
        { label: 'Participants', numeric: true },
        { label: 'Average time', numeric: true },
        { label: 'Peaks', numeric: true },
      ]}
      rows={labels.data?.map((label) => (
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
      modal={draft && <PageTitleModal testId={testId} draft={draft} onClose={() => setDraft(null)} />}
    />
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

function PageTitleModal({ testId, draft, onClose }: { testId: number; draft: Draft; onClose: () => void }) {
  const create = useCreateLabel(testId);
  const update = useUpdateLabel(testId);
  return (
    <NameAndTextModal
      item="page"
      isNew={draft.id === null}
      initial={{ name: draft.name, text: draft.urls }}
      text={{ label: 'URLs', description: 'One URL per line' }}
      saving={draft.id === null ? create : update}
      onSave={({ name, text }) => {
        const changes: Required<LabelChanges> = { name: name.trim(), urls: urlLines(text) };
        const done = { onSuccess: onClose };
        if (draft.id === null) create.mutate(changes, done);
        else update.mutate({ id: draft.id, changes }, done);
      }}
      onClose={onClose}
    />
  );
}
