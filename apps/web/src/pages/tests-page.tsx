import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { TestsList } from '../features/user-tests';
import { PageTitle } from '../ui';

export function TestsPage() {
  return (
    <>
      <PageTitle
        actions={
          <Button component={Link} to="/create-test" leftSection={<IconPlus size={16} aria-hidden />}>
            Create new test
          </Button>
        }
      >
        User tests
      </PageTitle>
      <TestsList />
    </>
  );
}
