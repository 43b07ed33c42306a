import { TEST_MESSAGES } from '@limbus/contract';
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconConfetti } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import confetti from 'canvas-confetti';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { testKeys } from '../../user-tests';

/** Spec 2 §9: the number of confetti particles on /success/. */
export const CONFETTI_COUNT = 300;

/** /success/: the spec's message with confetti, and the test list fetched again. */
export function SuccessMessage() {
  const queryClient = useQueryClient();
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: testKeys.all });
  }, [queryClient]);

  useEffect(() => {
    if (!canvas.current) return;
    // our own canvas without a worker: the Content-Security-Policy allows no blob: workers
    const cannon = confetti.create(canvas.current, {
      resize: true,
      useWorker: false,
      disableForReducedMotion: true,
    });
    void cannon({ particleCount: CONFETTI_COUNT, spread: 100, origin: { y: 0.6 } });
    return () => cannon.reset();
  }, []);

  return (
    <>
      <canvas
        ref={canvas}
        aria-hidden
        style={{
          position: 'fixed',
          inset: 0,
          width: '100%',
          height: '100%',
          pointerEvents: 'none',
          zIndex: 300,
        }}
      />
      <Paper withBorder p={{ base: 'lg', sm: 'xl' }} maw={720}>
        <Stack align="center" gap="lg" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color="teal">
            <IconConfetti size={36} aria-hidden />
          </ThemeIcon>
          <Title order={2} fz={24}>
            Test submitted
          </Title>
          <Text size="lg" role="status">
            {TEST_MESSAGES.success}
          </Text>
          <Group>
            <Button component={Link} to="/tests">
              Go to your tests
            </Button>
            <Button component={Link} to="/create-test" variant="default">
              Order another test
            </Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}
