import { Alert } from '@mantine/core';
import { useCurrentUser } from '../features/account';
import { ShareLinksTable } from '../features/share-links';
import { PageLoader, PageTitle } from '../ui';

/** /organisation/share-links: a company admin's share links with their views, and revoke. */
export function OrganisationShareLinksPage() {
  const { user } = useCurrentUser();
  if (!user) return <PageLoader />;
  return (
    <>
      <PageTitle>Share links</PageTitle>
      {user.role === 'company_admin' && user.company_id !== null ? (
        <ShareLinksTable companyId={user.company_id} />
      ) : (
        <Alert color="gray" variant="light">
          The share links of your organisation are for its company admins.
        </Alert>
      )}
    </>
  );
}
