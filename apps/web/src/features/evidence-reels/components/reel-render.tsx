import type { Reel } from '@limbus/contract';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPlay, IconSend } from '@tabler/icons-react';
import { ErrorAlert, formatPercent } from '../../../ui';
import type { useReelActions } from '../api';

type Actions = ReturnType<typeof useReelActions>;

/** Render with its progress, the preview of the last render, and publishing to the client. */
export function ReelRender({ reel, actions }: { reel: Reel; actions: Pick<Actions, 'render' | 'publish'> }) {
  const { render, publish } = actions;
  const rendering = reel.state === 'rendering';
  return (
    <Stack gap="sm">
      {reel.state === 'draft' && reel.video ? (
        <Alert color="yellow" variant="light" title="Changed since its last render">
          Render it again to see the changes
          {reel.published ? '; the client sees the last render until then' : ''}.
        </Alert>
      ) : null}
      {rendering ? <RenderProgress progress={reel.progress} /> : null}
      {reel.state === 'failed' ? (
        <Alert color="red" variant="light" title="The render failed">
          {reel.message ?? 'The reel could not be made.'} Check the clips and render again; if it fails again,
          start again from the insight's points.
        </Alert>
      ) : null}
      {render.error ? <ErrorAlert error={render.error} title="The render could not be started" /> : null}
      {publish.error ? <ErrorAlert error={publish.error} title="The reel could not be published" /> : null}
      {reel.video ? (
        // biome-ignore lint/a11y/useMediaCaption: the captions are drawn into the video itself
        <video
          src={reel.video}
          controls
          preload="metadata"
          aria-label="Preview of the evidence reel"
          style={{ width: '100%', aspectRatio: '16 / 9', background: 'black', borderRadius: 4 }}
        />
      ) : null}
      <Group gap="sm">
        <Button
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          onClick={() => render.mutate()}
          loading={render.isPending}
          disabled={rendering}
        >
          {reel.video ? 'Render again' : 'Render'}
        </Button>
        {reel.published ? (
          <Button variant="default" onClick={() => publish.mutate(false)} loading={publish.isPending}>
            Stop showing to the client
          </Button>
        ) : (
          <Button
            variant="light"
            leftSection={<IconSend size={16} aria-hidden />}
            onClick={() => publish.mutate(true)}
            loading={publish.isPending}
            disabled={reel.state !== 'ready'}
          >
            Publish to client
          </Button>
        )}
      </Group>
      {!reel.published && reel.state !== 'ready' ? (
        <Text size="xs" c="dimmed">
          Render the reel to preview and publish it.
        </Text>
      ) : null}
    </Stack>
  );
}

function RenderProgress({ progress }: { progress: number }) {
  const percent = formatPercent(progress / 100);
  return (
    <Stack gap={4}>
      <Progress value={progress} aria-label={`Rendering: ${percent}`} animated />
      <Text size="sm" role="status">
        Rendering: {percent} done. You may leave this screen; the render goes on.
      </Text>
    </Stack>
  );
}
