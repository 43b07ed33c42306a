import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageLoader, PageTitle } from '../../../ui';
import { useCurrentUser } from '../api';

/** A page of the organisation area that only its company admins read; anyone else is told so. */
export function CompanyAdminOnly({
  title,
  refusal,
  children,
}: {
  title: string;
  refusal: string;
  children: (companyId: number) => ReactNode;
}) {
  const { user } = useCurrentUser();
  if (!user) return <PageLoader />;
  return (
    <>
      <PageTitle>{title}</PageTitle>
      {user.role === 'company_admin' && user.company_id !== null ? (
        children(user.company_id)
      ) : (
        <Alert color="gray" variant="light">
          {refusal}
        </Alert>
      )}
    </>
  );
}
