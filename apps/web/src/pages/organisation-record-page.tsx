import { Alert } from '@mantine/core';
import { useCurrentUser } from '../features/account';
import { ProcessingRecordDocument } from '../features/processing-record';
import { BackLink, PageLoader, PageTitle } from '../ui';

/** /organisation/record-of-processing: a company admin's record of processing (Art. 30). */
export function OrganisationRecordPage() {
  const { user } = useCurrentUser();
  if (!user) return <PageLoader />;
  if (user.role !== 'company_admin' || user.company_id === null)
    return (
      <>
        <PageTitle>Record of processing</PageTitle>
        <Alert color="gray" variant="light">
          The record of processing of your organisation is for its company admins.
        </Alert>
      </>
    );
  return (
    <ProcessingRecordDocument
      companyId={user.company_id}
      back={<BackLink to="/organisation">Back to organisation</BackLink>}
    />
  );
}
