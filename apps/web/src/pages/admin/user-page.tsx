import { Anchor, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useCurrentUser } from '../../features/account';
import { UserForm } from '../../features/admin-users';
import { useUser } from '../../features/members';
import { BlockSkeleton, ErrorAlert, PageTitle } from '../../ui';

export function UserPage() {
  const id = Number(useParams().id);
  const { user: viewer } = useCurrentUser();
  const user = useUser(id);
  return (
    <Stack gap={0}>
      <Anchor component={Link} to="/admin/users" size="sm" mb="xs" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden /> Back to users
        </Group>
      </Anchor>
      <PageTitle>Edit user</PageTitle>
      {user.isLoading || !viewer ? <BlockSkeleton height={240} /> : null}
      {user.isError ? <ErrorAlert error={user.error} title="This user could not be loaded" /> : null}
      {user.data && viewer ? <UserForm key={user.data.id} viewer={viewer} user={user.data} /> : null}
    </Stack>
  );
}
