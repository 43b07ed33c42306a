import { PLATFORMS, TEST_STATES, type TestState } from '@limbus/contract';
import { Chip, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { platformLabel, stateLabel } from '../../user-tests';
import type { PlatformFilter, ResearchFilters } from '../research-filters';

const PLATFORM_OPTIONS = [
  { value: 'all', label: 'All' },
  ...PLATFORMS.map((platform) => ({ value: platform, label: platformLabel(platform) })),
];

const asPlatformFilter = (value: string | null): PlatformFilter =>
  PLATFORMS.find((platform) => platform === value) ?? 'all';

/** Search, platform select and the state bubbles of the research list. */
export function ResearchFiltersBar({
  filters,
  onChange,
}: {
  filters: ResearchFilters;
  onChange: (next: ResearchFilters) => void;
}) {
  return (
    <Group align="flex-end" gap="md" wrap="wrap" mb="md">
      <TextInput
        label="Search tests"
        placeholder="Test, company or requester"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filters.search}
        onChange={(event) => onChange({ ...filters, search: event.currentTarget.value })}
        w={{ base: '100%', sm: 300 }}
      />
      <Select
        label="Platform"
        data={PLATFORM_OPTIONS}
        value={filters.platform}
        allowDeselect={false}
        onChange={(value) => onChange({ ...filters, platform: asPlatformFilter(value) })}
        w={150}
      />
      <Chip.Group
        multiple
        value={[...filters.states]}
        onChange={(states) => onChange({ ...filters, states: states as TestState[] })}
      >
        <Group gap="xs" role="group" aria-label="Status" pb={4}>
          {TEST_STATES.map((state) => (
            <Chip key={state} value={state} size="sm" variant="outline">
              {stateLabel(state)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Group>
  );
}
