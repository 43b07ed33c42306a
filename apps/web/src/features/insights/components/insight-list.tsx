import { INSIGHT_TITLE_PLACEHOLDER, MESSAGES } from '@limbus/contract';
import { ActionIcon, Badge, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ErrorAlert, TableSkeleton } from '../../../ui';
import { useCreateInsight, useInsights } from '../api';

/** List mode: the test's insights by number, and a title input that creates one. */
export function InsightList({ testId, onOpen }: { testId: number; onOpen: (id: number) => void }) {
  const insights = useInsights(testId);
  const create = useCreateInsight(testId);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();

  const handleCreate = (event: FormEvent) => {
    event.preventDefault();
    // A new insight needs a title (spec 2 §5).
    if (!title.trim()) return setError(MESSAGES.required);
    create.mutate(title.trim(), {
      onSuccess: (insight) => {
        setTitle('');
        onOpen(insight.id);
      },
    });
  };

  return (
    <Stack gap="sm">
      <form onSubmit={handleCreate} noValidate aria-label="New insight">
        <TextInput
          aria-label="New insight title"
          placeholder={INSIGHT_TITLE_PLACEHOLDER}
          value={title}
          error={error ?? create.error?.message}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            setError(undefined);
          }}
          rightSection={
            <ActionIcon type="submit" variant="subtle" aria-label="Add insight" loading={create.isPending}>
              <IconPlus size={16} aria-hidden />
            </ActionIcon>
          }
        />
      </form>
      {insights.isLoading ? <TableSkeleton rows={3} /> : null}
      {insights.isError ? (
        <ErrorAlert error={insights.error} title="The insights could not be loaded" />
      ) : null}
      {insights.data?.length === 0 ? (
        <Text c="dimmed" size="sm">
          No insights yet.
        </Text>
      ) : null}
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {insights.data?.map((insight) => (
          <li key={insight.id}>
            <UnstyledButton
              onClick={() => onOpen(insight.id)}
              w="100%"
              p="xs"
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                border: '1px solid var(--mantine-color-default-border)',
              }}
            >
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} size="sm">
                  {insight.assigned_id}. {insight.title}
                </Text>
                <Badge variant="light" size="sm">
                  {insight.significant_points_ids.length} points
                </Badge>
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
