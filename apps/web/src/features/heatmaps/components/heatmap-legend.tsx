import { HEAT_GRADIENT } from '@limbus/analytics';
import { Box, Group, Text } from '@mantine/core';

const GRADIENT = `linear-gradient(to right, ${HEAT_GRADIENT.map(
  ({ at, rgb }) => `rgba(${rgb.join(',')},${Math.max(0.15, at)}) ${at * 100}%`,
).join(', ')})`;

/** The colour scale: from the least to the most looked-at (or clicked) place of this page. */
export function HeatmapLegend({ kind }: { kind: 'gaze' | 'clicks' }) {
  return (
    <Group gap="xs" wrap="nowrap" aria-label="Legend">
      <Text size="xs" c="dimmed">
        Fewer {kind === 'gaze' ? 'looks' : 'clicks'}
      </Text>
      <Box w={160} h={10} style={{ background: GRADIENT, borderRadius: 4 }} />
      <Text size="xs" c="dimmed">
        Most {kind === 'gaze' ? 'looks' : 'clicks'}
      </Text>
    </Group>
  );
}
