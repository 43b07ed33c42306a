import type { VideoScene } from '@limbus/contract';
import { Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { formatClock } from '../../../ui';
import { CHART_AXIS_PX } from '../../participants';

const SCENE_COLOURS = [
  '#4c6ef5',
  '#15aabf',
  '#82c91e',
  '#fab005',
  '#fd7e14',
  '#be4bdb',
  '#e64980',
  '#7950f2',
];
export const sceneColour = (index: number) => SCENE_COLOURS[index % SCENE_COLOURS.length] as string;

/**
 * Where the video card's chart plots time, from the card's outer edges: its border and padding
 * (md, 16 px), and on the left the chart's percent axis. The strip under the card starts and ends
 * there, so a scene lines up with its stretch of the time axis (issue 26: it was ~50 px off).
 */
const PLOT_INSET = { left: 1 + 16 + CHART_AXIS_PX, right: 1 + 16 };

/** The scenes as a bar over the video's length with a legend; choosing one plays from its start. */
export function SceneStrip({
  scenes,
  durationMs,
  nowMs,
  onSeek,
}: {
  scenes: readonly VideoScene[];
  durationMs: number;
  nowMs: number;
  onSeek: (seconds: number) => void;
}) {
  if (scenes.length === 0 || durationMs <= 0) return null;
  const cssShare = (ms: number) => `${(Math.min(Math.max(ms, 0), durationMs) / durationMs) * 100}%`;
  return (
    <Box component="section" aria-label="Scenes">
      <Box
        pos="relative"
        h={14}
        ml={PLOT_INSET.left}
        mr={PLOT_INSET.right}
        bg="gray.1"
        style={{ borderRadius: 7, overflow: 'hidden' }}
        aria-hidden
      >
        {scenes.map((scene, index) => (
          <Box
            key={scene.section_id}
            pos="absolute"
            top={0}
            h="100%"
            left={cssShare(scene.start_ms)}
            w={`calc(${cssShare(scene.end_ms)} - ${cssShare(scene.start_ms)})`}
            bg={sceneColour(index)}
          />
        ))}
        <Box pos="absolute" top={0} h="100%" w={2} bg="dark.7" left={cssShare(nowMs)} />
      </Box>
      <Group gap="md" mt="xs">
        {scenes.map((scene, index) => (
          <UnstyledButton key={scene.section_id} onClick={() => onSeek(scene.start_ms / 1000)}>
            <Group gap={6} wrap="nowrap">
              <Box w={10} h={10} bg={sceneColour(index)} style={{ borderRadius: 2 }} />
              {/* the visible name and time are the button's name, so that speech input finds it */}
              <VisuallyHidden>Play </VisuallyHidden>
              <Text size="sm">{scene.name}</Text>
              <Text size="xs" c="dimmed">
                {formatClock(scene.start_ms / 1000, { padMinutes: true })}
              </Text>
            </Group>
          </UnstyledButton>
        ))}
      </Group>
    </Box>
  );
}
