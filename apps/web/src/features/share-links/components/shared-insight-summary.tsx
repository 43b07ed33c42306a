import type { SharedInsight } from '@limbus/contract';
import { Anchor, Badge, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { counted, InsightSummaryPreview } from '../../insights';

/** Where one insight of a test link opens: the Insights tab with its number. */
export const sharedInsightSearch = (assignedId: number) => `?view=insights&insight=${assignedId}`;

/**
 * One insight in a test link's list: its number, title, summary and what it rests on, and the way
 * to the whole insight. The list stays light (no rich text, no players) so that a phone shows it
 * at once; the whole insight, with its clip, opens one at a time.
 */
export function SharedInsightSummary({ insight }: { insight: SharedInsight }) {
  const headingId = `shared-insight-${insight.assigned_id}`;
  return (
    <Card withBorder padding="lg" component="article" aria-labelledby={headingId} h="100%">
      <Stack gap="xs" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Badge size="lg" variant="light" color="gray" circle aria-hidden>
            {insight.assigned_id}
          </Badge>
          <Title order={2} fz="lg" id={headingId}>
            <Anchor component={Link} to={sharedInsightSearch(insight.assigned_id)} c="inherit" fw={700}>
              <VisuallyHidden>Insight {insight.assigned_id}: </VisuallyHidden>
              {insight.title}
            </Anchor>
          </Title>
        </Group>
        <InsightSummaryPreview summary={insight.summary} />
        <Group gap="md" mt="auto">
          <Text size="sm" c="dimmed">
            {counted(insight.significant_points.length, 'data point')}
          </Text>
          <Text size="sm" c="dimmed">
            {counted(insight.participants, 'participant')}
          </Text>
          {insight.clip && (
            <Text size="sm" c="dimmed">
              With a recording
            </Text>
          )}
          <Anchor
            component={Link}
            to={sharedInsightSearch(insight.assigned_id)}
            size="sm"
            ml="auto"
            aria-label={`Read more about insight ${insight.assigned_id}`}
          >
            Read more
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
