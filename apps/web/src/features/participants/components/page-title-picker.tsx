import type { Label } from '@limbus/contract';
import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { isApiError } from '../../../api';
import { useCreateLabel } from '../../annotations';

type PickerProps = {
  testId: number;
  labels: Label[];
  value: number | null;
  /** The page the participant is on at the playhead (assistant page matching), without query string. */
  assistantUrl: string | null;
  matched: Label | null;
  onChange: (label: Label | null) => void;
};

/**
 * The page title (label) of the selected section, or of the next new one; a new page title takes
 * the assistant's URL, so that a page without a title gets one.
 */
export function PageTitlePicker({ testId, labels, value, assistantUrl, matched, onChange }: PickerProps) {
  const create = useCreateLabel(testId);
  const [name, setName] = useState('');
  const handleCreate = () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    create.mutate(
      { name: trimmed, urls: assistantUrl ? [assistantUrl] : [] },
      {
        onSuccess: (label) => {
          setName('');
          onChange(label);
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: isApiError(error) ? error.message : 'The page title was not created',
          }),
      },
    );
  };
  return (
    <Group align="end" wrap="wrap" gap="sm">
      <Select
        label="Page title"
        placeholder={matched ? `Assistant: ${matched.name}` : 'Choose a page title'}
        data={labels.map((label) => ({ value: String(label.id), label: label.name }))}
        value={value === null ? null : String(value)}
        onChange={(id) => onChange(labels.find((label) => String(label.id) === id) ?? null)}
        clearable
        searchable
        w={260}
      />
      <TextInput
        label="New page title"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') handleCreate();
        }}
        w={220}
      />
      <Button variant="default" onClick={handleCreate} loading={create.isPending} disabled={!name.trim()}>
        Create page title
      </Button>
      {assistantUrl ? (
        <Text size="sm" c={matched ? 'dimmed' : 'orange'} w="100%">
          {matched
            ? `Assistant: the participant is on ${assistantUrl} (${matched.name})`
            : `Assistant: the participant is on ${assistantUrl}, which has no page title: choose or create one`}
        </Text>
      ) : null}
    </Group>
  );
}
