import type { SharedInsight, SharedOverview } from '@limbus/contract';
import { Anchor, Box, Card, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatMinutesSeconds, PageLoader } from '../../../ui';
import { COHORT_PARAM, CohortFilter, participantsHeading, useCohort } from '../../cohorts';
import { type SharedApi, useSharedInsights, useSharedOverview } from '../api';
import { SharedHeatmaps, SharedInsightCard, SharedPages, SharedTags } from './lazy-panels';
import { SharedError } from './shared-error';
import { SharedInsightSummary } from './shared-insight-summary';

/** The screens of a test link, in the order of the client's results; Pages and Tags are Professional data. */
const VIEWS = [
  { value: 'overview', label: 'Overview' },
  { value: 'insights', label: 'Insights' },
  { value: 'pages', label: 'Pages', professional: true },
  { value: 'tags', label: 'Tags', professional: true },
  { value: 'heatmaps', label: 'Heatmaps' },
] as const;
type View = (typeof VIEWS)[number]['value'];

type Props = {
  api: SharedApi;
  token: string;
  testType: 'essential' | 'professional';
  /** The participants the link shows per cohort: with both, the results can be read per cohort. */
  cohorts: { lab: number; remote: number } | null;
};

/**
 * A test link's read-only results as tabs; the chosen one is in the address (`?view=pages`), so
 * that a reload or a forwarded address opens it again, as is the cohort (`&cohort=remote`).
 */
export function SharedResults({ api, token, testType, cohorts }: Props) {
  const [params, setParams] = useSearchParams();
  const views = VIEWS.filter((view) => testType === 'professional' || !('professional' in view));
  const asked = params.get('view');
  const current: View = views.find((view) => view.value === asked)?.value ?? 'overview';
  const choose = (next: string | null) =>
    setParams(
      (previous) => {
        // a tab's own state (the insight open) is left behind; the cohort goes along
        const kept = new URLSearchParams();
        if (next && next !== 'overview') kept.set('view', next);
        const cohort = previous.get(COHORT_PARAM);
        if (cohort) kept.set(COHORT_PARAM, cohort);
        return kept;
      },
      { replace: true },
    );
  return (
    <Tabs value={current} onChange={choose} keepMounted={false}>
      <Tabs.List mb="lg">
        {views.map((view) => (
          // narrower on a phone, so that the five tabs fit on one line of 390 px
          <Tabs.Tab key={view.value} value={view.value} px={{ base: 8, sm: 'md' }}>
            {view.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {cohorts ? <CohortFilter test={{ cohorts }} /> : null}
      <Tabs.Panel value="overview">
        <SharedOverviewPanel api={api} token={token} />
      </Tabs.Panel>
      <Tabs.Panel value="insights">
        <SharedInsights api={api} token={token} />
      </Tabs.Panel>
      <Tabs.Panel value="pages">
        <Suspense fallback={<PageLoader label="Loading the pages" />}>
          <SharedPages api={api} token={token} />
        </Suspense>
      </Tabs.Panel>
      <Tabs.Panel value="tags">
        <Suspense fallback={<PageLoader label="Loading the tags" />}>
          <SharedTags api={api} token={token} />
        </Suspense>
      </Tabs.Panel>
      <Tabs.Panel value="heatmaps">
        <Suspense fallback={<PageLoader label="Loading the heatmaps" />}>
          <SharedHeatmaps api={api} token={token} />
        </Suspense>
      </Tabs.Panel>
    </Tabs>
  );
}

function SharedOverviewPanel({ api, token }: { api: SharedApi; token: string }) {
  const overview = useSharedOverview(api, token, true);
  if (overview.isLoading) return <PageLoader label="Loading the overview" />;
  if (overview.isError || !overview.data) return <SharedError error={overview.error} />;
  return <OverviewCard overview={overview.data} />;
}

function SharedInsights({ api, token }: { api: SharedApi; token: string }) {
  const [params] = useSearchParams();
  const insights = useSharedInsights(api, token, true);
  if (insights.isLoading) return <PageLoader label="Loading the insights" />;
  if (insights.isError || !insights.data) return <SharedError error={insights.error} />;
  if (insights.data.length === 0) return <Text c="dimmed">No insights yet.</Text>;
  const open = insights.data.find((insight) => String(insight.assigned_id) === params.get('insight'));
  if (open) return <OpenInsight insight={open} />;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {insights.data.map((insight) => (
        <SharedInsightSummary key={insight.assigned_id} insight={insight} />
      ))}
    </SimpleGrid>
  );
}

/** One insight of the list, whole, with the way back to all of them. */
function OpenInsight({ insight }: { insight: SharedInsight }) {
  // a reader who chose it from far down the list starts at its title
  useEffect(() => {
    // a block, not an arrow's value: newer browsers' scrollTo returns a promise, which React would
    // take for the effect's clean-up and call
    window.scrollTo(0, 0);
  }, []);
  return (
    <Stack gap="md">
      <Anchor component={Link} to="?view=insights" size="sm">
        ← All insights
      </Anchor>
      <Suspense fallback={<PageLoader label="Loading the insight" />}>
        <SharedInsightCard insight={insight} />
      </Suspense>
    </Stack>
  );
}

function OverviewCard({ overview }: { overview: SharedOverview }) {
  const cohort = useCohort();
  const items = [
    { label: participantsHeading(cohort), value: String(overview.participants) },
    {
      label: 'Average time to finish (mm:ss)',
      value: overview.average_seconds === null ? '—' : formatMinutesSeconds(overview.average_seconds * 1000),
    },
    { label: 'Insights', value: String(overview.insights) },
    { label: 'Test', value: overview.test_type === 'professional' ? 'Professional' : 'Essential' },
  ];
  return (
    <Card withBorder component="section" aria-label="Overview">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {items.map((item) => (
          <Box key={item.label}>
            <Text size="sm" c="dimmed">
              {item.label}
            </Text>
            <Text fw={700} fz={22}>
              {item.value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      {overview.left_out > 0 && (
        <Text size="sm" c="dimmed" mt="sm">
          {overview.left_out === 1 ? '1 participant is' : `${overview.left_out} participants are`} left out:
          they did not consent to this report being shared.
        </Text>
      )}
      {overview.scenario && (
        <Text size="sm" mt="sm">
          {overview.scenario}
        </Text>
      )}
    </Card>
  );
}
