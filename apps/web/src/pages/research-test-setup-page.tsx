import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { TestSetupEditor } from '../features/test-editor';
import { useTest } from '../features/user-tests';
import { ErrorAlert, PageLoader, PageTitle } from '../ui';

/** /research/test/{id}/test-setup */
export function ResearchTestSetupPage() {
  const { id = '' } = useParams();
  const test = useTest(id);
  return (
    <>
      <Anchor component={Link} to="/research" size="sm" mb="xs" display="inline-flex" style={{ gap: 4 }}>
        <IconArrowLeft size={16} aria-hidden /> Research
      </Anchor>
      {test.isLoading ? <PageLoader label="Loading the test" /> : null}
      {test.isError ? <ErrorAlert error={test.error} title="The test could not be loaded" /> : null}
      {test.data ? (
        <>
          <PageTitle>{test.data.name}</PageTitle>
          <TestSetupEditor key={test.data.id} test={test.data} />
        </>
      ) : null}
    </>
  );
}
