import type { TestDetail } from '@limbus/contract';
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { researchViewHref } from '../research-filters';

/**
 * The Insights tab: insights are written per participant (the participant's Data tab), suggestions
 * per test; this tab leads there and to the results the client sees.
 */
export function InsightsTab({ test }: { test: TestDetail }) {
  const isVideo = test.platform === 'video';
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {isVideo
            ? 'Video tests are summarised from their processed results.'
            : 'Insights are written beside a participant’s recording: open a participant and use the Insights panel of its Data tab.'}
        </Text>
        {isVideo ? null : (
          <Anchor component={Link} to={`/research/test/${test.id}/participants`}>
            Participants and their insights
          </Anchor>
        )}
        <Anchor component={Link} to={`/test/${test.id}/suggestions`}>
          Suggestions
        </Anchor>
        <Anchor component={Link} to={researchViewHref(test)}>
          Results as the client sees them
        </Anchor>
        <Text size="sm">
          {test.tags.length} {test.tags.length === 1 ? 'tag' : 'tags'} on this test’s feedback points
        </Text>
      </Stack>
    </Paper>
  );
}
