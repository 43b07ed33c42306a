import { Alert, Center, EmptyState, Loader, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconMoodEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { isApiError } from '../api';

export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader aria-label={label} />
    </Center>
  );
}

export function TableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <Stack gap="xs" role="status" aria-label="Loading">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} height={36} radius="sm" />
      ))}
    </Stack>
  );
}

export function BlockSkeleton({ height = 160 }: { height?: number }) {
  return <Skeleton height={height} radius="lg" aria-label="Loading" />;
}

export function Empty({
  title,
  description,
  action,
  icon,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <EmptyState
      py="xl"
      title={title}
      description={description}
      icon={icon ?? <IconMoodEmpty size={28} aria-hidden />}
      variant="light"
    >
      {action ? <EmptyState.Actions>{action}</EmptyState.Actions> : null}
    </EmptyState>
  );
}

export function ErrorAlert({ error, title = 'Something went wrong' }: { error: unknown; title?: string }) {
  const message = isApiError(error) ? error.message : 'Please try again in a moment.';
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle size={18} aria-hidden />}>
      {message}
    </Alert>
  );
}
