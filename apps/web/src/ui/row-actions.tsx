import { ActionIcon, Button, Group } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AppTooltip } from './app-tooltip';

/** Select and Delete of an admin list row; `cannotDelete` says why Delete is off, when it is. */
export function RowActions({
  to,
  name,
  cannotDelete,
  onDelete,
}: {
  to: string;
  name: string;
  cannotDelete?: string;
  onDelete: () => void;
}) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button component={Link} to={to} size="xs" variant="light" aria-label={`Select ${name}`}>
        Select
      </Button>
      <AppTooltip label={cannotDelete ?? 'Delete'}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${name}`}
          disabled={Boolean(cannotDelete)}
          onClick={onDelete}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </AppTooltip>
    </Group>
  );
}
