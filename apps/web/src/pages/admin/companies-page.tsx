import { CompaniesList } from '../../features/admin-companies';
import { PageTitle } from '../../ui';

export function CompaniesPage() {
  return (
    <>
      <PageTitle>Companies</PageTitle>
      <CompaniesList />
    </>
  );
}
