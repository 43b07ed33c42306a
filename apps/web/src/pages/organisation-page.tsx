import { Stack } from '@mantine/core';
import { useCurrentUser } from '../features/account';
import { OrganisationDetails } from '../features/organisation';
import { RetentionPolicySection } from '../features/retention';
import { PageTitle } from '../ui';

export function OrganisationPage() {
  const { user } = useCurrentUser();
  const companyId = user?.company_id ?? null;
  return (
    <>
      <PageTitle>Organisation</PageTitle>
      <Stack gap="lg">
        <OrganisationDetails companyId={companyId} />
        {/* A company admin reads the company's retention policy; provider staff set it in the admin area. */}
        {companyId !== null && user?.role === 'company_admin' ? (
          <RetentionPolicySection companyId={companyId} canEdit={false} />
        ) : null}
      </Stack>
    </>
  );
}
