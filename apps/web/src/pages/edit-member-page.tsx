import { Navigate, useParams } from 'react-router';
import { useCurrentUser } from '../features/account';
import { canManageMembers } from '../features/auth';
import { EditMemberForm } from '../features/members';
import { PageLoader, PageTitle } from '../ui';

export function EditMemberPage() {
  const { id } = useParams();
  const { user } = useCurrentUser();
  if (!user) return <PageLoader />;
  if (!canManageMembers(user)) return <Navigate to="/members" replace />;
  return (
    <>
      <PageTitle>Edit member</PageTitle>
      <EditMemberForm memberId={Number(id)} />
    </>
  );
}
