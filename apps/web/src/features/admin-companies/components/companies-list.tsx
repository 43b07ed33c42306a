import { type CompanySummary, isPermanentCompany, MESSAGES } from '@limbus/contract';
import { Button, Group, Paper, Table, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Empty, ErrorAlert, formatDate, openConfirmDelete, RowActions, TableSkeleton } from '../../../ui';
import { ListFooter } from '../../../ui/list-footer';
import { usePagedSearch } from '../../../ui/use-paged-search';
import { useCompanies } from '../../organisation';
import { useDeleteCompany } from '../api';

const byName = (company: CompanySummary) => company.name;

/** /admin/companies: search by name, paged rows, Select and Delete. */
export function CompaniesList() {
  const companies = useCompanies();
  const remove = useDeleteCompany();
  const list = usePagedSearch(companies.data ?? [], byName);

  const handleDelete = (company: CompanySummary) =>
    openConfirmDelete({
      message: MESSAGES.confirmRemoveCompany,
      onConfirm: () =>
        remove.mutate(company.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: `${company.name} was removed.` }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="md" wrap="wrap">
        <TextInput
          label="Search companies"
          placeholder="Company name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Button component={Link} to="/admin/companies/new" leftSection={<IconPlus size={16} aria-hidden />}>
          Add company
        </Button>
      </Group>
      {companies.isLoading ? <TableSkeleton /> : null}
      {companies.isError ? (
        <ErrorAlert error={companies.error} title="The companies could not be loaded" />
      ) : null}
      {companies.data ? (
        <>
          <Table.ScrollContainer minWidth={620}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Available tests</Table.Th>
                  <Table.Th>End date</Table.Th>
                  <Table.Th aria-label="Actions" w={150} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.rows.map((company) => {
                  const undeletable = isPermanentCompany({
                    isDemo: company.is_demo,
                    isProvider: company.is_provider,
                  });
                  return (
                    <Table.Tr key={company.id}>
                      <Table.Td fw={500}>{company.name}</Table.Td>
                      <Table.Td>{company.available_tests}</Table.Td>
                      <Table.Td>{formatDate(company.end_date)}</Table.Td>
                      <Table.Td>
                        <RowActions
                          to={`/admin/companies/${company.id}`}
                          name={company.name}
                          cannotDelete={undeletable ? 'This company cannot be deleted' : undefined}
                          onDelete={() => handleDelete(company)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.total === 0 ? (
            <Empty title={list.search ? 'No company matches your search' : 'No companies yet'} />
          ) : null}
          <ListFooter
            total={list.total}
            page={list.page}
            pages={list.pages}
            onPage={list.setPage}
            noun="companies"
          />
        </>
      ) : null}
    </Paper>
  );
}
