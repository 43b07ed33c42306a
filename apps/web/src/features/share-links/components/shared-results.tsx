import type { SharedOverview } from '@limbus/contract';
import { Box, Card, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { formatMinutesSeconds, PageLoader } from '../../../ui';
import { type SharedApi, useSharedInsights, useSharedOverview } from '../api';
import { SharedError } from './shared-error';
import { SharedHeatmaps } from './shared-heatmaps';
import { SharedInsightCard } from './shared-insight-card';
import { SharedPages, SharedTags } from './shared-pages';

/** The screens of a test link, in the order of the client's results; Pages and Tags are Professional data. */
const VIEWS = [
  { value: 'overview', label: 'Overview' },
  { value: 'insights', label: 'Insights' },
  { value: 'pages', label: 'Pages', professional: true },
  { value: 'tags', label: 'Tags', professional: true },
  { value: 'heatmaps', label: 'Heatmaps' },
] as const;
type View = (typeof VIEWS)[number]['value'];

type Props = { api: SharedApi; token: string; testType: 'essential' | 'professional' };

/**
 * A test link's read-only results as tabs; the chosen one is in the address (`?view=pages`), so
 * that a reload or a forwarded address opens it again.
 */
export function SharedResults({ api, token, testType }: Props) {
  const [params, setParams] = useSearchParams();
  const views = VIEWS.filter((view) => testType === 'professional' || !('professional' in view));
  const asked = params.get('view');
  const current: View = views.find((view) => view.value === asked)?.value ?? 'overview';
  const choose = (next: string | null) =>
    setParams(next && next !== 'overview' ? { view: next } : {}, { replace: true });
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
      <Tabs.Panel value="overview">
        <SharedOverviewPanel api={api} token={token} />
      </Tabs.Panel>
      <Tabs.Panel value="insights">
        <SharedInsights api={api} token={token} />
      </Tabs.Panel>
      <Tabs.Panel value="pages">
        <SharedPages api={api} token={token} />
      </Tabs.Panel>
      <Tabs.Panel value="tags">
        <SharedTags api={api} token={token} />
      </Tabs.Panel>
      <Tabs.Panel value="heatmaps">
        <SharedHeatmaps api={api} token={token} />
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
  const insights = useSharedInsights(api, token, true);
  if (insights.isLoading) return <PageLoader label="Loading the insights" />;
  if (insights.isError || !insights.data) return <SharedError error={insights.error} />;
  if (insights.data.length === 0) return <Text c="dimmed">No insights yet.</Text>;
  return (
    <Stack gap="lg">
      {insights.data.map((insight) => (
        <SharedInsightCard key={insight.assigned_id} insight={insight} />
      ))}
    </Stack>
  );
}

function OverviewCard({ overview }: { overview: SharedOverview }) {
  const items = [
    { label: 'Participants', value: String(overview.participants) },
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
