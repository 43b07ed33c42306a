import type { TestDetail, User } from '@limbus/contract';
import { Button, Group, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usesResearchArea } from '../auth';
import { ShareButton } from '../share-links';
import { researchHref, resultsHref } from '../user-tests';
import { reportLabel } from './test-access';

/** Test name with 'Open in Research' (research licence only) and the report button (spec 1 §2). */
export function TestHeader({ test, user }: { test: TestDetail; user: User | null | undefined }) {
  return (
    <Group justify="space-between" align="center" mb="lg" wrap="wrap" gap="sm">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {test.name}
      </Title>
      <Group gap="sm">
        <ShareButton test={test} />
        {usesResearchArea(user) && (
          <Button component={Link} to={researchHref(test)} variant="default">
            Open in Research
          </Button>
        )}
        <Button component={Link} to={resultsHref(test)}>
          {reportLabel(test)}
        </Button>
      </Group>
    </Group>
  );
}
