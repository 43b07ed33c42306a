import { Box, Text, Title } from '@mantine/core';

/**
 * A step's one heading, with what comes above it (`kicker`, dimmed: the invitation, the attempt)
 * and the line under it (`intro`): every step of the participant's flow opens with it.
 */
export function StepHeading({ title, intro, kicker }: { title: string; intro?: string; kicker?: string }) {
  return (
    <Box>
      {kicker ? <Text c="dimmed">{kicker}</Text> : null}
      <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      {intro ? <Text mt="xs">{intro}</Text> : null}
    </Box>
  );
}
