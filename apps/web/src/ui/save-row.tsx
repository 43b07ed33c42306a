import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A settings form's Save button (enabled once something changed), 'Saved' once the change is
 * stored, other buttons beside it, and the error that belongs to no field.
 */
export function SaveRow({
  isSaving,
  isSaved,
  isDirty,
  error,
  children,
}: {
  isSaving: boolean;
  isSaved: boolean;
  isDirty: boolean;
  /** The save's error when no field shows it; null otherwise. */
  error: string | null;
  children?: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Button type="submit" loading={isSaving} disabled={!isDirty}>
          Save
        </Button>
        {children}
        <Text size="sm" c="teal.8" aria-live="polite">
          {isSaved && !isDirty ? (
            <Group gap={4} component="span">
              <IconCheck size={16} aria-hidden /> Saved
            </Group>
          ) : null}
        </Text>
      </Group>
      {error ? (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
