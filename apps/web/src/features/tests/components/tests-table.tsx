import { DATE_FORMATS } from '@limbus/contract';
import { Anchor, Badge, Button, Paper, Table, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Empty, ErrorAlert, formatUnixDate, TableSkeleton } from '../../../ui';
import { useTests } from '../api';
import { platformLabel, stateLabel, TEST_STATE_COLORS } from '../test-labels';
import { testHref } from '../test-links';

/** The company's tests with their platform and state; each row links by state and platform. */
export function TestsTable() {
  const tests = useTests();
  const [search, setSearch] = useState('');
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (tests.data ?? []).filter((test) => test.name.toLowerCase().includes(needle));
  }, [tests.data, search]);

  if (tests.isLoading) return <TableSkeleton />;
  if (tests.isError) return <ErrorAlert error={tests.error} title="Your tests could not be loaded" />;
  if ((tests.data ?? []).length === 0) {
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
    <Paper withBorder p="md">
      <TextInput
        label="Search tests"
        placeholder="Test name"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        mb="md"
        maw={360}
      />
      <Table.ScrollContainer minWidth={560}>
        <Table highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Platform</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Updated</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((test) => (
              <Table.Tr key={test.id}>
                <Table.Td>
                  <Anchor component={Link} to={testHref(test)} fw={500}>
                    {test.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{platformLabel(test.platform)}</Table.Td>
                <Table.Td>
                  <Badge color={TEST_STATE_COLORS[test.state]} variant="light">
                    {stateLabel(test.state)}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatUnixDate(test.updated_at, DATE_FORMATS.admin)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length === 0 ? <Empty title="No test matches your search" /> : null}
    </Paper>
  );
}
