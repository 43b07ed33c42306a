import { Group, Pagination, Text } from '@mantine/core';

/** Row count and pages under an admin list. */
export function ListFooter({
  total,
  page,
  pages,
  onPage,
  noun,
}: {
  total: number;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  noun: string;
}) {
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total} {noun}
      </Text>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      ) : null}
    </Group>
  );
}
