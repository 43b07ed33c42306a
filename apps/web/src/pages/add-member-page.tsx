import { Navigate } from 'react-router';
import { useCurrentUser } from '../features/account';
import { canManageMembers } from '../features/auth';
import { AddMemberForm } from '../features/members';
import { PageLoader, PageTitle } from '../ui';

export function AddMemberPage() {
  const { user } = useCurrentUser();
  if (!user) return <PageLoader />;
  if (!canManageMembers(user)) return <Navigate to="/members" replace />;
  return (
    <>
      <PageTitle>Add a new member</PageTitle>
      <AddMemberForm viewer={user} />
    </>
  );
}
