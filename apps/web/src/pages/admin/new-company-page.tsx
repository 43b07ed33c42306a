import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { NewCompanyForm } from '../../features/admin-companies';
import { PageTitle } from '../../ui';

export function NewCompanyPage() {
  return (
    <>
      <Anchor component={Link} to="/admin/companies" size="sm" mb="md" display="inline-block">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden /> Back to companies
        </Group>
      </Anchor>
      <PageTitle>Add company</PageTitle>
      <NewCompanyForm />
    </>
  );
}
