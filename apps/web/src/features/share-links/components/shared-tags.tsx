import { Table, Text } from '@mantine/core';
import { Empty, PageLoader } from '../../../ui';
import { type SharedApi, useSharedTags } from '../api';
import { SharedError } from './shared-error';

/** The tags of the test's moments: how many moments each tags and how many participants they come from. */
export function SharedTags({ api, token }: { api: SharedApi; token: string }) {
  const tags = useSharedTags(api, token);
  if (tags.isLoading) return <PageLoader label="Loading the tags" />;
  if (tags.isError || !tags.data) return <SharedError error={tags.error} />;
  if (tags.data.length === 0)
    return <Empty title="No tags" description="The researchers tagged no moments of this test." />;
  return (
    <Table striped verticalSpacing="sm" aria-label="Tags">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Tag</Table.Th>
          <Table.Th ta="right">Moments tagged</Table.Th>
          <Table.Th ta="right">Participants</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tags.data.map((tag) => (
          <Table.Tr key={tag.name}>
            <Table.Td>
              <Text fw={600} size="sm">
                {tag.name}
              </Text>
              {tag.description && (
                <Text size="xs" c="dimmed">
                  {tag.description}
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right">{tag.count}</Table.Td>
            <Table.Td ta="right">{tag.participants}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
