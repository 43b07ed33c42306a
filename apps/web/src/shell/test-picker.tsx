import { Select } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { pickerOptions, useTests } from '../features/user-tests';
import { isResearchPath } from '../ui/layout-constants';

/** Searchable test list of the sidebar: every test in research, done tests elsewhere. */
export function TestPicker({ onNavigate }: { onNavigate?: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const inResearch = isResearchPath(pathname);
  const tests = useTests();
  const options = useMemo(() => pickerOptions(tests.data ?? [], inResearch), [tests.data, inResearch]);

  return (
    <Select
      label={inResearch ? 'Open a test in research' : 'Open test results'}
      placeholder={tests.isLoading ? 'Loading tests…' : 'Search tests'}
      leftSection={<IconSearch size={16} aria-hidden />}
      data={options.map(({ value, label }) => ({ value, label }))}
      value={null}
      searchable
      clearable={false}
      disabled={tests.isError}
      nothingFoundMessage={options.length === 0 ? 'No tests yet' : 'No test with that name'}
      comboboxProps={{ withinPortal: true }}
      onChange={(value) => {
        const option = options.find((candidate) => candidate.value === value);
        if (!option) return;
        onNavigate?.();
        void navigate(option.href);
      }}
    />
  );
}
