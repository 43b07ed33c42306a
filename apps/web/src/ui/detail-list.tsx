import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type Detail = { label: string; value: ReactNode };

/** Read-only label/value pairs in a responsive grid (a description list for screen readers). */
export function DetailList({ items, cols = 2 }: { items: Detail[]; cols?: number }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: cols }} spacing="lg" verticalSpacing="md" m={0}>
      {items.map((item) => (
        <Stack key={item.label} gap={2}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
            {item.label}
          </Text>
          <Text component="dd" m={0} fw={500}>
            {item.value === '' || item.value === null || item.value === undefined ? '—' : item.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
