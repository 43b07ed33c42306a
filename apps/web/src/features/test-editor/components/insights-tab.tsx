import type { TestDetail } from '@limbus/contract';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * The Insights tab: the way to the research insights screen (the participants' feedback grouped
 * into insights) and to the test's suggestions, with the number of tags on its feedback.
 */
export function InsightsTab({ test }: { test: TestDetail }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed" maw={560}>
            Group the participants’ feedback into insights on the insights screen, or beside one participant’s
            recording in the Insights panel of its Data tab.
          </Text>
          <Button
            component={Link}
            to={`/research/test/${test.id}/insights`}
            variant="light"
            leftSection={<IconBulb size={16} aria-hidden />}
          >
            Open insights
          </Button>
        </Group>
        <Anchor component={Link} to={`/test/${test.id}/suggestions`}>
          Suggestions
        </Anchor>
        <Text size="sm">
          {test.tags.length} {test.tags.length === 1 ? 'tag' : 'tags'} on this test’s feedback points
        </Text>
      </Stack>
    </Paper>
  );
}
