import { Alert } from '@mantine/core';
import { useCurrentUser } from '../features/account';
import { AuditLog } from '../features/audit';
import { PageLoader, PageTitle } from '../ui';

/** /organisation/audit: a company admin's view of the audit trail, about their own company only. */
export function OrganisationAuditPage() {
  const { user } = useCurrentUser();
  if (!user) return <PageLoader />;
  return (
    <>
      <PageTitle>Audit log</PageTitle>
      {user.role === 'company_admin' && user.company_id !== null ? (
        <AuditLog companyId={user.company_id} />
      ) : (
        <Alert color="gray" variant="light">
          The audit log of your organisation is for its company admins.
        </Alert>
      )}
    </>
  );
}
