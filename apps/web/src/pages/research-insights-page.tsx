import { readerOfUser, type TestDetail, usesInsightsWizard, VIDEO_RESULT_MESSAGES } from '@limbus/contract';
import { Alert, Anchor, Button, Grid, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconWand } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useCurrentUser } from '../features/account';
import { ReelPanel } from '../features/evidence-reels';
import {
  FeedbackPicker,
  InsightsPanel,
  TranslateCommentsButton,
  useInsightsFirstViewLoaded,
} from '../features/insights';
import { useTest } from '../features/user-tests';
import { hasVideoResults, useVideoParticipant } from '../features/video-results';
import { ErrorAlert, FullWidthPage, PageLoader, PageTitle } from '../ui';

/** A video test's insights rest on its scenes: without any, the researcher makes them first. */
function NoScenesHint({ test }: { test: TestDetail }) {
  const testId = test.id;
  const result = useVideoParticipant(testId, { enabled: hasVideoResults(test) });
  if (result.isLoading || (result.data?.sections?.length ?? 0) > 0) return null;
  return (
    <Alert variant="light" color="yellow">
      <Group gap="xs">
        {VIDEO_RESULT_MESSAGES.noScenes}
        <Anchor component={Link} to={`/research/test/${testId}/scenes`}>
          Go to Scenes
        </Anchor>
      </Group>
    </Alert>
  );
}

/** The feedback beside the insights, shown once their first answers are in (see useInsightsFirstViewLoaded). */
function InsightsColumns({
  test,
  openId,
  threeColumns,
}: {
  test: TestDetail;
  openId: number;
  threeColumns: boolean;
}) {
  const testId = test.id;
  if (!useInsightsFirstViewLoaded(test)) return <PageLoader label="Loading the feedback and insights" />;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: threeColumns ? 7 : 6 }}>
        <FeedbackPicker testId={testId} threeColumns={threeColumns} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: threeColumns ? 5 : 6 }}>
        <InsightsPanel
          test={test}
          initialOpenId={openId > 0 ? openId : null}
          insightExtras={(insight) => <ReelPanel test={test} insight={insight} />}
        />
      </Grid.Col>
    </Grid>
  );
}

/**
 * /research/test/{id}/insights (?open={insightId}): the test's insights beside its participants'
 * feedback, to group chosen feedback into an insight. Users of company id 2 (usesInsightsWizard)
 * also get the Wizard button of spec 3 §2.
 */
export function ResearchInsightsPage() {
  const testId = Number(useParams().id);
  const [search] = useSearchParams();
  const openId = Number(search.get('open'));
  const test = useTest(String(testId));
  const { user } = useCurrentUser();
  const threeColumns = user ? usesInsightsWizard(readerOfUser(user)) : false;
  return (
    <FullWidthPage>
      <Stack gap="sm">
        <Anchor component={Link} to={`/research/test/${testId}/test-setup`} size="sm">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
          Back to the test setup
        </Anchor>
        <Group justify="space-between" wrap="wrap">
          <PageTitle>{test.data ? `Insights · ${test.data.name}` : 'Insights'}</PageTitle>
          <Group gap="sm">
            {test.data ? <TranslateCommentsButton test={test.data} /> : null}
            {threeColumns ? (
              <Button
                component={Link}
                to={`/research/test/${testId}/insights-wizard`}
                variant="light"
                leftSection={<IconWand size={16} aria-hidden />}
              >
                Wizard
              </Button>
            ) : null}
          </Group>
        </Group>
        {test.isLoading ? <PageLoader label="Loading the test" /> : null}
        {test.isError ? <ErrorAlert error={test.error} title="The test could not be loaded" /> : null}
        {test.data?.platform === 'video' ? <NoScenesHint test={test.data} /> : null}
        {test.data ? <InsightsColumns test={test.data} openId={openId} threeColumns={threeColumns} /> : null}
      </Stack>
    </FullWidthPage>
  );
}
