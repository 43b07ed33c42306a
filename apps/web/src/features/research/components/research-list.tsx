import { ADMIN_PAGE_SIZE, TEST_MESSAGES, type TestSummary } from '@limbus/contract';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AppTooltip, Empty, ErrorAlert, formatDate, openConfirmDelete, TableSkeleton } from '../../../ui';
import { ListFooter } from '../../../ui/list-footer';
import { useDeleteTest } from '../../ordering';
import { SetupPanel } from '../../test-setups';
import { platformLabel, stateLabel, TEST_STATE_COLORS, useTests } from '../../user-tests';
import {
  filterResearchTests,
  NO_FILTERS,
  pageOf,
  type ResearchFilters,
  requesterName,
  researchViewHref,
} from '../research-filters';
import { ResearchFiltersBar } from './research-filters-bar';

const COLUMNS = 7;

type RowProps = {
  test: TestSummary;
  isPanelOpen: boolean;
  onTogglePanel: () => void;
  onDelete: () => void;
};

function RowActions({ test, isPanelOpen, onTogglePanel, onDelete }: RowProps) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button
        size="xs"
        variant={isPanelOpen ? 'filled' : 'light'}
        aria-expanded={isPanelOpen}
        aria-controls={isPanelOpen ? `setups-${test.id}` : undefined}
        aria-label={`Choose Setup for ${test.name}`}
        onClick={onTogglePanel}
      >
        Choose Setup
      </Button>
      <Button
        component={Link}
        to={researchViewHref(test)}
        size="xs"
        variant="default"
        aria-label={`View ${test.name}`}
      >
        View
      </Button>
      <AppTooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${test.name}`} onClick={onDelete}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </AppTooltip>
    </Group>
  );
}

function TestRow({ test, isPanelOpen, onTogglePanel, onDelete }: RowProps) {
  return (
    <>
      <Table.Tr>
        <Table.Td>{test.company.name}</Table.Td>
        <Table.Td fw={500}>{test.name}</Table.Td>
        <Table.Td>
          <Badge color={TEST_STATE_COLORS[test.state]} variant="light">
            {stateLabel(test.state)}
          </Badge>
        </Table.Td>
        <Table.Td>{platformLabel(test.platform)}</Table.Td>
        <Table.Td>{requesterName(test)}</Table.Td>
        <Table.Td>{formatDate(test.updated_at)}</Table.Td>
        <Table.Td>
          <RowActions
            test={test}
            isPanelOpen={isPanelOpen}
            onTogglePanel={onTogglePanel}
            onDelete={onDelete}
          />
        </Table.Td>
      </Table.Tr>
      {isPanelOpen ? (
        <Table.Tr id={`setups-${test.id}`}>
          <Table.Td colSpan={COLUMNS} bg="var(--mantine-color-gray-0)">
            <SetupPanel test={test} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}

/** A test as a card on a phone: every column as text, the actions below, the setups under them. */
function TestCard({ test, isPanelOpen, onTogglePanel, onDelete }: RowProps) {
  const requester = requesterName(test);
  return (
    <Paper component="li" withBorder p="sm" aria-label={test.name}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600}>{test.name}</Text>
          <Badge color={TEST_STATE_COLORS[test.state]} variant="light" style={{ flexShrink: 0 }}>
            {stateLabel(test.state)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {test.company.name} · {platformLabel(test.platform)} · updated {formatDate(test.updated_at)}
        </Text>
        {requester ? <Text size="sm">Requested by {requester}</Text> : null}
        <RowActions test={test} isPanelOpen={isPanelOpen} onTogglePanel={onTogglePanel} onDelete={onDelete} />
        {isPanelOpen ? (
          <Paper id={`setups-${test.id}`} bg="var(--mantine-color-gray-0)" p="xs">
            <SetupPanel test={test} />
          </Paper>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * /research: every test with search, platform and state filters, 10 a page, and its row actions;
 * a table from 48em, cards on a phone (a table of seven columns cannot be read at 390 px).
 */
export function ResearchList() {
  const tests = useTests();
  const remove = useDeleteTest();
  const [filters, setFilters] = useState<ResearchFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [openPanel, setOpenPanel] = useState<number | null>(null);
  const filtered = useMemo(() => filterResearchTests(tests.data ?? [], filters), [tests.data, filters]);
  const shown = pageOf(filtered, page, ADMIN_PAGE_SIZE);
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

  const handleFilters = (next: ResearchFilters) => {
    setFilters(next);
    setPage(1);
  };
  const handleDelete = (test: TestSummary) =>
    openConfirmDelete({
      message: TEST_MESSAGES.confirmRemove,
      onConfirm: () =>
        remove.mutate(test, {
          onSuccess: () => notifications.show({ color: 'teal', message: `${test.name} was removed.` }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });

  const rowProps = (test: TestSummary) => ({
    isPanelOpen: openPanel === test.id,
    onTogglePanel: () => setOpenPanel(openPanel === test.id ? null : test.id),
    onDelete: () => handleDelete(test),
  });

  return (
    <Paper withBorder p="md">
      <ResearchFiltersBar filters={filters} onChange={handleFilters} />
      {tests.isLoading ? <TableSkeleton /> : null}
      {tests.isError ? <ErrorAlert error={tests.error} title="The tests could not be loaded" /> : null}
      {tests.data ? (
        <>
          {isPhone ? (
            <Stack
              component="ul"
              gap="sm"
              p={0}
              m={0}
              mt="md"
              style={{ listStyle: 'none' }}
              aria-label="Tests"
            >
              {shown.rows.map((test) => (
                <TestCard key={test.id} test={test} {...rowProps(test)} />
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={900}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Company</Table.Th>
                    <Table.Th>Title</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Platform</Table.Th>
                    <Table.Th>Requester</Table.Th>
                    <Table.Th>Updated</Table.Th>
                    <Table.Th aria-label="Actions" />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.rows.map((test) => (
                    <TestRow key={test.id} test={test} {...rowProps(test)} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {filtered.length === 0 ? (
            <Empty title={tests.data.length ? 'No test matches these filters' : 'No tests yet'} />
          ) : null}
          <ListFooter
            total={filtered.length}
            page={shown.page}
            pages={shown.pages}
            onPage={setPage}
            noun="tests"
          />
        </>
      ) : null}
    </Paper>
  );
}
