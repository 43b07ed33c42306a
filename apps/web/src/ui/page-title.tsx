import { Group, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';

/** The page heading; also names the browser tab. */
export function PageTitle({ children, actions }: { children: string; actions?: ReactNode }) {
  useEffect(() => {
    document.title = `${children} · Limbus`;
  }, [children]);
  return (
    <Group justify="space-between" align="center" mb="lg" wrap="wrap" gap="sm">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {children}
      </Title>
      {actions}
    </Group>
  );
}
