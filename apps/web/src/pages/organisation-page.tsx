import { useCurrentUser } from '../features/account';
import { OrganisationDetails } from '../features/organisation';
import { PageTitle } from '../ui';

export function OrganisationPage() {
  const { user } = useCurrentUser();
  return (
    <>
      <PageTitle>Organisation</PageTitle>
      <OrganisationDetails companyId={user?.company_id ?? null} />
    </>
  );
}
