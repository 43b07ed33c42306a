import type { Emotion } from '@limbus/contract';
import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { EMOTION_COLORS } from '../../../ui';

const EMOTIONS: Array<{ key: Emotion; label: string }> = [
  { key: 'joy', label: 'Joy' },
  { key: 'attention', label: 'Attention' },
  { key: 'frustration', label: 'Frustration' },
];

/** The welcome header of /signup, accented with the three emotions the product measures. */
export function WelcomeHeader() {
  return (
    <Stack gap="sm" mb="xl">
      <Box
        h={6}
        w={120}
        style={{
          borderRadius: 3,
          background: `linear-gradient(90deg, ${EMOTION_COLORS.joy}, ${EMOTION_COLORS.attention}, ${EMOTION_COLORS.frustration})`,
        }}
        aria-hidden
      />
      <Title order={1} fz={{ base: 28, sm: 36 }}>
        Welcome to Limbus
      </Title>
      <Text c="dimmed" maw={620}>
        See how people really experience your website, app or video: joy, attention and frustration, measured
        moment by moment, next to where they look and what they say.
      </Text>
      <Group gap="md" aria-hidden>
        {EMOTIONS.map((emotion) => (
          <Group key={emotion.key} gap={6}>
            <Box w={10} h={10} style={{ borderRadius: '50%', background: EMOTION_COLORS[emotion.key] }} />
            <Text size="sm" fw={500}>
              {emotion.label}
            </Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
