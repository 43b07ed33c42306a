import { Button, Group, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { BlockSkeleton, Empty, ErrorAlert } from '../../../ui';
import { useTests } from '../api';
import { filterTests, NO_FILTERS, type PlatformFilter, type TestFilters } from '../test-filters';
import { StateBubbles } from './state-bubbles';
import { namesCompanies, TestCard } from './test-card';

const PLATFORM_OPTIONS: Array<{ value: PlatformFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'desktop', label: 'Desktop' },
  { value: 'mobile', label: 'Mobile' },
  { value: 'video', label: 'Video' },
];

function Filters({ filters, onChange }: { filters: TestFilters; onChange: (next: TestFilters) => void }) {
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          label="Search tests"
          placeholder="Test name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filters.search}
          onChange={(event) => onChange({ ...filters, search: event.currentTarget.value })}
          w={{ base: '100%', xs: 320 }}
        />
        <Select
          label="Platform"
          data={PLATFORM_OPTIONS}
          value={filters.platform}
          onChange={(platform) =>
            onChange({ ...filters, platform: (platform as PlatformFilter | null) ?? 'all' })
          }
          allowDeselect={false}
          w={{ base: '100%', xs: 180 }}
        />
      </Group>
      <StateBubbles value={filters.states} onChange={(states) => onChange({ ...filters, states })} />
    </Stack>
  );
}

/** The company's tests as cards with search, platform select and state bubbles (spec 2 /tests/). */
export function TestsList() {
  const tests = useTests();
  const [filters, setFilters] = useState<TestFilters>(NO_FILTERS);
  const reduceMotion = useReducedMotion();
  const shown = useMemo(() => filterTests(tests.data ?? [], filters), [tests.data, filters]);
  const showsCompany = namesCompanies(tests.data ?? []);

  if (tests.isError) return <ErrorAlert error={tests.error} title="Your tests could not be loaded" />;
  if (tests.isSuccess && tests.data.length === 0) {
    return (
      <Empty
        title="No tests yet"
        description="Order your first usability test and follow it here."
        action={
          <Button component={Link} to="/create-test" leftSection={<IconPlus size={16} aria-hidden />}>
            Create new test
          </Button>
        }
      />
    );
  }

  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Filters filters={filters} onChange={setFilters} />
      </Paper>
      {tests.isLoading ? (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md" role="status" aria-label="Loading">
          {[0, 1, 2].map((index) => (
            <BlockSkeleton key={index} height={150} />
          ))}
        </SimpleGrid>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, lg: 3 }}
          spacing="md"
          component="ul"
          aria-label="Tests"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {shown.map((test, index) => (
            <li key={test.id}>
              <TestCard test={test} index={index} animated={!reduceMotion} showsCompany={showsCompany} />
            </li>
          ))}
        </SimpleGrid>
      )}
      {tests.isSuccess && shown.length === 0 ? <Empty title="No test matches your filters" /> : null}
    </Stack>
  );
}
