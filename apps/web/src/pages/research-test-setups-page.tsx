import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { TestSetupsManager } from '../features/test-setups';
import { PageTitle } from '../ui';

/** /research/testsetups: the lab recorders. */
export function ResearchTestSetupsPage() {
  return (
    <>
      <Anchor component={Link} to="/research" size="sm" mb="xs" display="inline-flex" style={{ gap: 4 }}>
        <IconArrowLeft size={16} aria-hidden /> Research
      </Anchor>
      <PageTitle>Test setups</PageTitle>
      <TestSetupsManager />
    </>
  );
}
