import { EMOTION_NAMES, EMOTIONS, type Emotion } from '@limbus/contract';
import { Box, Group, Stack, Text } from '@mantine/core';
import { EMOTION_COLORS, EMOTION_TEXT_COLORS, SegmentedChoice } from '../../ui';

export const EmotionDot = ({ emotion, size = 10 }: { emotion: Emotion; size?: number }) => (
  <Box
    w={size}
    h={size}
    bg={EMOTION_COLORS[emotion]}
    style={{ borderRadius: '50%', flex: 'none', boxShadow: '0 0 0 1.5px white' }}
    aria-hidden
  />
);

/** The emotion buttons, each in its colour. */
export function EmotionSelector({
  value,
  onChange,
}: {
  value: Emotion;
  onChange: (emotion: Emotion) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="emotion-selector">
        Emotion
      </Text>
      <SegmentedChoice
        aria-labelledby="emotion-selector"
        color={EMOTION_TEXT_COLORS[value]}
        data={EMOTIONS.map((emotion) => ({
          value: emotion,
          label: (
            <Group gap={6} wrap="nowrap" justify="center">
              <EmotionDot emotion={emotion} />
              {EMOTION_NAMES[emotion]}
            </Group>
          ),
        }))}
        value={value}
        onChange={onChange}
      />
    </Stack>
  );
}

/** A horizontal bar of a width in px (the spec's ranking bars), with what it measures for readers. */
export function MeasureBar({ width, emotion, label }: { width: number; emotion: Emotion; label: string }) {
  return (
    <Box
      role="meter"
      aria-label={label}
      aria-valuenow={width}
      h={8}
      w={width}
      maw="100%"
      bg={EMOTION_COLORS[emotion]}
      style={{ borderRadius: 4 }}
    />
  );
}
