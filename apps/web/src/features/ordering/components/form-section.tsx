import { Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A titled block of the ordering form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={id}>
      <Title order={2} fz={20} mb="md" id={id}>
        {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}
