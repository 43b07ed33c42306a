import { Box, Group, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import type { VoiceRecorder } from '../tracking/voice-recorder';

/**
 * While the voice is recorded: a red dot and the words (not the colour alone), small, in the
 * flow of the page; gone once the recording stops or the server refuses it.
 */
export function VoiceIndicator({ voice, label }: { voice: VoiceRecorder | null; label: string }) {
  if (!voice) return null;
  return <Indicator voice={voice} label={label} />;
}

function Indicator({ voice, label }: { voice: VoiceRecorder; label: string }) {
  const state = useSyncExternalStore(voice.subscribe, voice.state);
  if (state !== 'recording') return null;
  return (
    <Group gap={6} wrap="nowrap" role="status">
      <Box w={8} h={8} bg="red.7" style={{ borderRadius: '50%', flex: 'none' }} aria-hidden />
      <Text size="xs">{label}</Text>
    </Group>
  );
}
