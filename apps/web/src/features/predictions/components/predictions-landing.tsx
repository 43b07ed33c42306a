import { PREDICTION_CREDITS } from '@limbus/contract';
import { Anchor, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconFlame, IconFolder } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * /predictions: what predicted attention is and where to start. Unlike the spec's landing, the
 * area did not move to another product (docs/decisions/predictions.md).
 */
export function PredictionsLanding() {
  return (
    <Stack gap="lg" maw={760}>
      <Text size="lg">
        See where people are likely to look on a page before you test it. Capture a web page or upload a
        screenshot of a website or app and Limbus predicts the attention of the first seconds of a visit, with
        our own attention model.
      </Text>
      <Card withBorder padding="lg" component="section" aria-labelledby="predictions-heatmaps">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap="xs">
            <Group gap="xs">
              <IconFlame size={22} aria-hidden color="var(--mantine-color-yellow-6)" />
              <Title order={2} fz={20} id="predictions-heatmaps">
                Heatmaps
              </Title>
            </Group>
            <List size="sm" spacing={4}>
              <List.Item>A heatmap of the predicted attention over your screenshot</List.Item>
              <List.Item>Peekthrough: what is unlikely to be seen in the first 3 to 5 seconds</List.Item>
              <List.Item>Boxes around elements with their share of the attention</List.Item>
            </List>
          </Stack>
          <Badge variant="light" color="gray">
            Credits: {PREDICTION_CREDITS}
          </Badge>
        </Group>
        <Group mt="md">
          <Button component={Link} to="/predictions/heatmaps">
            Open heatmaps
          </Button>
        </Group>
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="predictions-projects">
        <Stack gap="xs">
          <Group gap="xs">
            <IconFolder size={22} aria-hidden color="var(--mantine-color-blue-6)" />
            <Title order={2} fz={20} id="predictions-projects">
              Projects
            </Title>
          </Group>
          <Text size="sm">
            Keep the heatmaps of one site, campaign or redesign together, and compare the versions side by
            side.
          </Text>
        </Stack>
        <Group mt="md">
          <Button component={Link} to="/predictions/projects" variant="light">
            Open projects
          </Button>
        </Group>
      </Card>
      <Text size="sm" c="dimmed">
        A prediction is a model, not a measurement: compare it with a test with real participants before you
        rely on it.{' '}
        <Anchor component={Link} to="/tests" size="sm">
          Your user tests
        </Anchor>
      </Text>
    </Stack>
  );
}
