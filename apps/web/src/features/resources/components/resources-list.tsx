import { RESOURCE_TYPE_ALL } from '@limbus/contract';
import { Group, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BlockSkeleton, Empty, ErrorAlert } from '../../../ui';
import { useResources } from '../api';
import { filterResources, RESOURCE_TYPE_OPTIONS } from '../resource-filters';
import { ResourceCard } from './resource-card';

/** The library as cards, with search on title or tags (prefilled by `?tag=`) and the type filter. */
export function ResourcesList() {
  const resources = useResources();
  const [params] = useSearchParams();
  const tag = params.get('tag') ?? '';
  const [search, setSearch] = useState(tag);
  const [type, setType] = useState(RESOURCE_TYPE_ALL);
  // A tag link of a card (or the address) changes the search.
  useEffect(() => setSearch(tag), [tag]);
  const shown = useMemo(
    () => filterResources(resources.data ?? [], { search, type }),
    [resources.data, search, type],
  );

  if (resources.isError)
    return <ErrorAlert error={resources.error} title="The resources could not be loaded" />;

  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Search on title or tags"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', xs: 320 }}
          />
          <Select
            label="Type"
            data={RESOURCE_TYPE_OPTIONS}
            value={String(type)}
            onChange={(value) => setType(Number(value ?? RESOURCE_TYPE_ALL))}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
        </Group>
      </Paper>
      {resources.isLoading ? (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md" role="status" aria-label="Loading">
          {[0, 1, 2].map((index) => (
            <BlockSkeleton key={index} height={280} />
          ))}
        </SimpleGrid>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, lg: 3 }}
          spacing="md"
          component="ul"
          aria-label="Resources"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {shown.map((resource) => (
            <li key={resource.id}>
              <ResourceCard resource={resource} />
            </li>
          ))}
        </SimpleGrid>
      )}
      {resources.isSuccess && resources.data.length === 0 ? (
        <Empty title="No articles yet" description="Guides, news and cases will appear here." />
      ) : null}
      {resources.isSuccess && resources.data.length > 0 && shown.length === 0 ? (
        <Empty title="No article matches your search" />
      ) : null}
    </Stack>
  );
}
