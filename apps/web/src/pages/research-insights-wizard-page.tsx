import { readerOfUser, usesInsightsWizard } from '@limbus/contract';
import { Alert, Anchor, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useCurrentUser } from '../features/account';
import { InsightsWizard } from '../features/insights';
import { useTest } from '../features/user-tests';
import { ErrorAlert, FullWidthPage, PageLoader, PageTitle } from '../ui';

/** /research/test/{id}/insights-wizard: the AI insights wizard, for the users of company id 2 (spec 3 §2). */
export function ResearchInsightsWizardPage() {
  const testId = Number(useParams().id);
  const test = useTest(String(testId));
  const { user } = useCurrentUser();
  const mayUse = user ? usesInsightsWizard(readerOfUser(user)) : false;
  return (
    <FullWidthPage>
      <Stack gap="sm">
        <Anchor component={Link} to={`/research/test/${testId}/insights`} size="sm">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
          Back to insights
        </Anchor>
        <PageTitle>{test.data ? `Insights wizard · ${test.data.name}` : 'Insights wizard'}</PageTitle>
        {test.isLoading ? <PageLoader label="Loading the test" /> : null}
        {test.isError ? <ErrorAlert error={test.error} title="The test could not be loaded" /> : null}
        {test.data && !mayUse ? (
          <Alert color="yellow" variant="light">
            The insights wizard is available to the provider's researchers only.
          </Alert>
        ) : null}
        {test.data && mayUse ? <InsightsWizard testId={testId} /> : null}
      </Stack>
    </FullWidthPage>
  );
}
