import { Box, Group, Text } from '@mantine/core';
import { EMOTION_COLORS } from './emotion-colors';

/** The Limbus word mark: an eye-like ring with the three emotion colours. */
export function BrandMark({ compact = false }: { compact?: boolean }) {
  return (
    <Group gap={10} wrap="nowrap">
      <Box
        w={30}
        h={30}
        aria-hidden
        style={{
          borderRadius: '50%',
          background: `conic-gradient(${EMOTION_COLORS.joy} 0 33%, ${EMOTION_COLORS.attention} 0 66%, ${EMOTION_COLORS.frustration} 0)`,
          display: 'grid',
          placeItems: 'center',
          flexShrink: 0,
        }}
      >
        <Box w={14} h={14} bg="var(--mantine-primary-color-filled)" style={{ borderRadius: '50%' }} />
      </Box>
      {compact ? null : (
        <Text fw={800} fz={20} c="var(--mantine-primary-color-filled)" lts={-0.3}>
          Limbus
        </Text>
      )}
    </Group>
  );
}
