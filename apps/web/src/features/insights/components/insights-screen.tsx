import { ESSENTIAL_INSIGHTS, type TestDetail } from '@limbus/contract';
import { Alert, Anchor, SimpleGrid, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Empty, ErrorAlert, PageTitle, TableSkeleton } from '../../../ui';
import { useInsights } from '../api';
import { useInsightsPdf } from '../use-insights-pdf';
import { byNumber, InsightCard, InsightsPdfButton } from './insight-card';

/** /test/{id}/insights: the consultants' findings by number, each to its detail; the Insights PDF. */
export function InsightsScreen({ test }: { test: TestDetail }) {
  const insights = useInsights(test.id);
  const pdf = useInsightsPdf(test);
  const list = byNumber(insights.data ?? []);
  return (
    <Stack gap="md">
      <PageTitle actions={<InsightsPdfButton pdf={pdf} insights={list} />}>Insights</PageTitle>
      {pdf.isError ? <ErrorAlert error={pdf.error} title="The Insights PDF could not be made" /> : null}
      {insights.isLoading ? <TableSkeleton rows={4} /> : null}
      {insights.isError ? (
        <ErrorAlert error={insights.error} title="The insights could not be loaded" />
      ) : null}
      {insights.data && list.length === 0 ? (
        <Empty
          title="No insights yet"
          description="The researchers have not written up findings for this test yet."
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {list.map((insight) => (
          <InsightCard
            key={insight.id}
            insight={insight}
            detail={{ href: `/test/${test.id}/insights/${insight.id}` }}
          />
        ))}
      </SimpleGrid>
      {test.test_type === 'essential' && list.length >= ESSENTIAL_INSIGHTS ? (
        <Alert
          variant="light"
          icon={<IconLock size={18} aria-hidden />}
          title="More findings with Professional"
        >
          Essential tests show the first {ESSENTIAL_INSIGHTS} insights.{' '}
          <Anchor component={Link} to={`/test/${test.id}/locked`}>
            See what Professional adds
          </Anchor>
        </Alert>
      ) : null}
    </Stack>
  );
}
