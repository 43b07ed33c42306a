import { EMOTION_NAMES, VIDEO_RESULT_MESSAGES, type VideoPoint } from '@limbus/contract';
import { Card, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { EMOTION_COLORS, EVIDENCE_CARD_COLUMNS, formatClock } from '../../../ui';

/** Neurofeedback: the viewers' emotion peaks as cards; choosing one plays from it. */
export function PointCards({
  points,
  onSeek,
}: {
  points: readonly VideoPoint[];
  onSeek: (seconds: number) => void;
}) {
  if (points.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {VIDEO_RESULT_MESSAGES.noNeurofeedback}
      </Text>
    );
  return (
    // columns by the room it has: beside the video on a wide screen it is one
    <SimpleGrid type="container" cols={EVIDENCE_CARD_COLUMNS}>
      {points.map((point) => (
        <Card
          key={point.id}
          withBorder
          padding="sm"
          style={{ borderLeft: `4px solid ${EMOTION_COLORS[point.emotion]}` }}
        >
          <UnstyledButton
            onClick={() => onSeek(point.t / 1000)}
            aria-label={`Play the ${EMOTION_NAMES[point.emotion]} peak at ${formatClock(point.t / 1000)}`}
          >
            <Text size="sm" fw={600}>
              {EMOTION_NAMES[point.emotion]} peak · {formatClock(point.t / 1000, { padMinutes: true })}
            </Text>
            <Text size="xs" c="dimmed">
              Mean score {Math.round(point.score * 100)} of 100
            </Text>
            {point.comment && <Text size="sm">{point.comment}</Text>}
          </UnstyledButton>
        </Card>
      ))}
    </SimpleGrid>
  );
}
