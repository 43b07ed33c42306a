import { useCurrentUser } from '../features/account';
import { MembersTable } from '../features/members';
import { PageLoader, PageTitle } from '../ui';

export function MembersPage() {
  const { user } = useCurrentUser();
  return (
    <>
      <PageTitle>Members</PageTitle>
      {user ? <MembersTable viewer={user} /> : <PageLoader />}
    </>
  );
}
