import { useCurrentUser } from '../../features/account';
import { UserForm } from '../../features/admin-users';
import { PageLoader, PageTitle } from '../../ui';

export function NewUserPage() {
  const { user } = useCurrentUser();
  return (
    <>
      <PageTitle>New user</PageTitle>
      {user ? <UserForm viewer={user} /> : <PageLoader />}
    </>
  );
}
