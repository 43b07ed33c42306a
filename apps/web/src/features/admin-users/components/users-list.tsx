import { MESSAGES, type User } from '@limbus/contract';
import { Button, Group, Paper, Table, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Empty, ErrorAlert, openConfirmDelete, RowActions, TableSkeleton } from '../../../ui';
import { ListFooter } from '../../../ui/list-footer';
import { usePagedSearch } from '../../../ui/use-paged-search';
import { displayName } from '../../auth';
import { useDeleteUser } from '../../members';
import { useUsers } from '../api';

const searchText = (user: User) =>
  [user.profile.first_name, user.profile.last_name, user.email, user.company?.name ?? ''].join(' ');

/** /admin/users: search on names, e-mail and company; paged; Select and Delete. */
export function UsersList({ viewer }: { viewer: User }) {
  const users = useUsers();
  const remove = useDeleteUser();
  const list = usePagedSearch(users.data ?? [], searchText);

  const handleDelete = (user: User) =>
    openConfirmDelete({
      message: MESSAGES.confirmRemoveUser,
      onConfirm: () =>
        remove.mutate(user, {
          onSuccess: () =>
            notifications.show({ color: 'teal', message: `${displayName(user)} was removed.` }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="md" wrap="wrap">
        <TextInput
          label="Search users"
          placeholder="Name, e-mail or company"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Button component={Link} to="/admin/users/new" leftSection={<IconPlus size={16} aria-hidden />}>
          Add user
        </Button>
      </Group>
      {users.isLoading ? <TableSkeleton /> : null}
      {users.isError ? <ErrorAlert error={users.error} title="The users could not be loaded" /> : null}
      {users.data ? (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Last name</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Company</Table.Th>
                  <Table.Th aria-label="Actions" w={150} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.rows.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td fw={500}>{user.profile.first_name}</Table.Td>
                    <Table.Td>{user.profile.last_name}</Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>{user.company?.name ?? ''}</Table.Td>
                    <Table.Td>
                      <RowActions
                        to={`/admin/users/${user.id}`}
                        name={displayName(user)}
                        cannotDelete={user.id === viewer.id ? 'You cannot delete yourself' : undefined}
                        onDelete={() => handleDelete(user)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.total === 0 ? (
            <Empty title={list.search ? 'No user matches your search' : 'No users yet'} />
          ) : null}
          <ListFooter
            total={list.total}
            page={list.page}
            pages={list.pages}
            onPage={list.setPage}
            noun="users"
          />
        </>
      ) : null}
    </Paper>
  );
}
