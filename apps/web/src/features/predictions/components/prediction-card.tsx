import type { CaptureState, Prediction } from '@limbus/contract';
import { Anchor, Badge, Card, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../../ui';

const THUMB_HEIGHT = 170;

/** One heatmap of a list: the top of the screenshot, its title linking to the viewer, date and requester. */
const BADGES: Record<Exclude<CaptureState, 'done'> | 'none', { label: string; color: string }> = {
  queued: { label: 'Generating', color: 'blue' },
  running: { label: 'Generating', color: 'blue' },
  failed: { label: 'Generation failed', color: 'red' },
  none: { label: 'Not generated yet', color: 'gray' },
};

/** Where a prediction without images stands: not asked for, being generated, or failed. */
function GenerationBadge({ generation }: { generation: Prediction['generation'] }) {
  const state = generation?.state;
  const { label, color } = BADGES[!state || state === 'done' ? 'none' : state];
  return (
    <Badge variant="light" color={color} w="fit-content">
      {label}
    </Badge>
  );
}

export function PredictionCard({
  prediction,
  to = `/predictions/heatmaps/${prediction.id}`,
}: {
  prediction: Prediction;
  /** Where the title leads: the viewer, or the viewer inside a project. */
  to?: string;
}) {
  return (
    <Card component="article" withBorder padding="md" h="100%">
      <Card.Section>
        <Image src={prediction.image_thumb} alt="" h={THUMB_HEIGHT} fit="cover" />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Title order={2} fz={17}>
          <Anchor component={Link} to={to} c="inherit">
            {prediction.title}
          </Anchor>
        </Title>
        <Text size="sm" c="dimmed">
          <time dateTime={prediction.created_at}>{formatDate(prediction.created_at)}</time>
          {prediction.requester ? ` · ${prediction.requester}` : ''}
        </Text>
        {prediction.heatmap ? null : <GenerationBadge generation={prediction.generation} />}
      </Stack>
    </Card>
  );
}
