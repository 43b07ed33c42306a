import { type Insight, writtenInsightText } from '@limbus/contract';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { counted, insightFacts, richTextToPlain } from '../insight-facts';
import { insightColor } from '../insight-reading';
import type { useInsightsPdf } from '../use-insights-pdf';
import { EvidenceWithdrawnBadge } from './evidence-withdrawn-badge';

/** The insights in the order of their assigned numbers. */
export const byNumber = (insights: readonly Insight[]) =>
  [...insights].sort((a, b) => a.assigned_id - b.assigned_id);

/** Where an insight's detail opens: a client's detail route, or the researcher's panel. */
export type InsightDetailTarget = { href: string } | { onOpen: () => void };

/** A link to the detail, or a button that opens it in place, looking alike. */
function DetailLink({
  target,
  children,
  ...rest
}: {
  target: InsightDetailTarget;
  children: ReactNode;
  size?: string;
  ml?: string;
  c?: string;
  fw?: number;
  'aria-label'?: string;
}) {
  return 'href' in target ? (
    <Anchor component={Link} to={target.href} {...rest}>
      {children}
    </Anchor>
  ) : (
    <Anchor component="button" type="button" onClick={target.onOpen} ta="left" {...rest}>
      {children}
    </Anchor>
  );
}

/**
 * One insight of a list (spec 3 §2): its assigned number, its title in its emotion's colour, its
 * summary, how many data points and participants it rests on, and the way to its detail.
 */
export function InsightCard({
  insight,
  detail,
  headingOrder = 2,
}: {
  insight: Insight;
  detail: InsightDetailTarget;
  headingOrder?: 2 | 3;
}) {
  const facts = insightFacts(insight);
  return (
    <Card withBorder padding="lg" component="article" aria-labelledby={`insight-${insight.id}`} h="100%">
      <Stack gap="xs" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Badge size="lg" variant="light" color="gray" circle aria-label={`Insight ${insight.assigned_id}`}>
            {insight.assigned_id}
          </Badge>
          <Title
            order={headingOrder}
            fz="lg"
            id={`insight-${insight.id}`}
            style={{ color: insightColor(insight) }}
          >
            <DetailLink target={detail} c="inherit" fw={700}>
              {insight.title}
            </DetailLink>
          </Title>
        </Group>
        <EvidenceWithdrawnBadge insight={insight} />
        <InsightSummaryPreview summary={insight.summary} />
        <Group gap="md" mt="auto">
          <Text size="sm" c="dimmed">
            {counted(facts.dataPoints, 'data point')}
          </Text>
          <Text size="sm" c="dimmed">
            {counted(facts.participants, 'participant')}
          </Text>
          <DetailLink
            target={detail}
            size="sm"
            ml="auto"
            aria-label={`Read more about insight ${insight.assigned_id}`}
          >
            Read more
          </DetailLink>
        </Group>
      </Stack>
    </Card>
  );
}

/** An insight's summary as a list shows it: plain text, three lines at most. */
export function InsightSummaryPreview({ summary }: { summary: string }) {
  const text = richTextToPlain(writtenInsightText(summary));
  return text ? (
    <Text size="sm" lineClamp={3}>
      {text}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      No summary written yet.
    </Text>
  );
}

/** 'Insights PDF', once there are insights to put in it. */
export function InsightsPdfButton({
  pdf,
  insights,
}: {
  pdf: ReturnType<typeof useInsightsPdf>;
  insights: readonly Insight[];
}) {
  if (insights.length === 0) return null;
  return (
    <Button
      variant="light"
      leftSection={<IconFileDownload size={18} aria-hidden />}
      loading={pdf.isPending}
      onClick={() => pdf.mutate(insights)}
    >
      Insights PDF
    </Button>
  );
}
