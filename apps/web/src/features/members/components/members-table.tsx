import { MESSAGES, ROLE_NAMES, type User } from '@limbus/contract';
import { ActionIcon, Anchor, Group, Paper, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AppTooltip, Empty, ErrorAlert, formatDate, openConfirmDelete, TableSkeleton } from '../../../ui';
import { canManageMembers, displayName } from '../../auth';
import { useCompanyMembers } from '../../organisation';
import { useDeleteUser } from '../api';

/** Members of the signed-in user's company; actions and 'Add a new member' for company admins only. */
export function MembersTable({ viewer }: { viewer: User }) {
  const members = useCompanyMembers(viewer.company_id);
  const remove = useDeleteUser();
  const canManage = canManageMembers(viewer);

  if (members.isLoading) return <TableSkeleton />;
  if (members.isError) return <ErrorAlert error={members.error} title="The members could not be loaded" />;
  const rows = members.data ?? [];

  const handleDelete = (member: User) =>
    openConfirmDelete({
      message: MESSAGES.confirmRemoveUser,
      onConfirm: () =>
        remove.mutate(member, {
          onSuccess: () =>
            notifications.show({ color: 'teal', message: `${displayName(member)} was removed.` }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });

  return (
    <Paper withBorder p="md">
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Member name</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Last login</Table.Th>
              {canManage ? <Table.Th aria-label="Actions" w={100} /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((member) => {
              const name = displayName(member);
              return (
                <Table.Tr key={member.id}>
                  <Table.Td fw={500}>
                    {member.profile.first_name || member.profile.last_name ? (
                      name
                    ) : (
                      <Text span c="dimmed" fs="italic" size="sm">
                        Invitation pending
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{ROLE_NAMES[member.role]}</Table.Td>
                  <Table.Td>{member.email}</Table.Td>
                  <Table.Td>{formatDate(member.last_login)}</Table.Td>
                  {canManage ? (
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <AppTooltip label="Edit">
                          <ActionIcon
                            component={Link}
                            to={`/edit-member/${member.id}`}
                            variant="subtle"
                            aria-label={`Edit ${name}`}
                          >
                            <IconPencil size={18} aria-hidden />
                          </ActionIcon>
                        </AppTooltip>
                        {member.id === viewer.id ? null : (
                          <AppTooltip label="Delete">
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`Delete ${name}`}
                              onClick={() => handleDelete(member)}
                            >
                              <IconTrash size={18} aria-hidden />
                            </ActionIcon>
                          </AppTooltip>
                        )}
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              );
            })}
            {canManage ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Anchor component={Link} to="/add-member" fw={500}>
                    <Group gap={6}>
                      <IconPlus size={16} aria-hidden />
                      Add a new member
                    </Group>
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length === 0 ? <Empty title="No members yet" /> : null}
    </Paper>
  );
}
