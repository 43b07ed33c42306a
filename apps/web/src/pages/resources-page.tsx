import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../features/account';
import { canAuthorResources, ResourcesList } from '../features/resources';
import { PageTitle } from '../ui';

/** /resources: the knowledge library. */
export function ResourcesPage() {
  const { user } = useCurrentUser();
  return (
    <>
      <PageTitle
        actions={
          canAuthorResources(user) ? (
            <Button component={Link} to="/resources/new" leftSection={<IconPlus size={16} aria-hidden />}>
              New resource
            </Button>
          ) : undefined
        }
      >
        Resources
      </PageTitle>
      <ResourcesList />
    </>
  );
}
