import type { Emotion, EmotionSamples } from '@limbus/analytics';
import { EMOTION_NAMES } from '@limbus/contract';
import { Box, Group, Text } from '@mantine/core';
import { EMOTION_COLORS, formatClock } from '../../../ui';
import { CHART_EMOTIONS, formatEmotionShare } from '../emotion-scores';

/**
 * The scores of one moment as words: 'Joy 33 % (recording mean 25 %)', each emotion's score in
 * [0, 1] as a share next to its mean over the whole recording (or video), so that a number says whether it
 * is high for this participant.
 */
export function EmotionReadout({
  samples,
  means,
  meanLabel,
  index,
  startMs,
}: {
  samples: EmotionSamples;
  means: Record<Emotion, number>;
  meanLabel: string;
  index: number;
  startMs: number;
}) {
  const timestamp = samples.timestamp[index];
  const moment = timestamp === undefined ? null : formatClock(Math.max(0, (timestamp - startMs) / 1000));
  return (
    <Group gap="lg" wrap="wrap">
      <Text size="sm" fw={600} miw={64}>
        {moment ? `At ${moment}` : 'No scores'}
      </Text>
      {CHART_EMOTIONS.map((emotion) => (
        <Group key={emotion} gap={6} wrap="nowrap">
          <Box w={10} h={10} bg={EMOTION_COLORS[emotion]} style={{ borderRadius: 2 }} aria-hidden />
          <Text size="sm">
            <Text span size="sm" fw={600}>
              {EMOTION_NAMES[emotion]} {formatEmotionShare(samples[emotion][index])}
            </Text>{' '}
            <Text span size="sm" c="dimmed">
              ({meanLabel} {formatEmotionShare(means[emotion])})
            </Text>
          </Text>
        </Group>
      ))}
    </Group>
  );
}
