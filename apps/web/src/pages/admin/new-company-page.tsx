import { NewCompanyForm } from '../../features/admin-companies';
import { BackLink, PageTitle } from '../../ui';

export function NewCompanyPage() {
  return (
    <>
      <BackLink to="/admin/companies">Back to companies</BackLink>
      <PageTitle>Add company</PageTitle>
      <NewCompanyForm />
    </>
  );
}
