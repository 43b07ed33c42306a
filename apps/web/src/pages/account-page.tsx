import { AccountForm, useCurrentUser } from '../features/account';
import { PageLoader, PageTitle } from '../ui';

export function AccountPage() {
  const { user } = useCurrentUser();
  return (
    <>
      <PageTitle>My account</PageTitle>
      {user ? <AccountForm key={user.id} user={user} /> : <PageLoader />}
    </>
  );
}
