import { useCurrentUser } from '../../features/account';
import { UsersList } from '../../features/admin-users';
import { PageLoader, PageTitle } from '../../ui';

export function UsersPage() {
  const { user } = useCurrentUser();
  return (
    <>
      <PageTitle>Users</PageTitle>
      {user ? <UsersList viewer={user} /> : <PageLoader />}
    </>
  );
}
