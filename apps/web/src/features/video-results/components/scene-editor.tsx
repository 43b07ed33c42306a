import type { VideoResults, VideoScene } from '@limbus/contract';
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../api';
import { formatClock, openConfirmDelete } from '../../../ui';
import { useCreateScene, useDeleteScene, useRenameScene } from '../api';
import { parseClock } from '../video-time';

const clock = (ms: number) => formatClock(ms / 1000, { padMinutes: true });
const errorText = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

/** A new scene from `start` to `end` (mm:ss into the video), by default the 5 s from the playhead. */
function NewSceneForm({ results, testId, nowMs }: { results: VideoResults; testId: number; nowMs: number }) {
  const create = useCreateScene(results, testId);
  // the times stay empty until typed: an empty time is the playhead's
  const form = useForm({ initialValues: { name: '', start: '', end: '' } });
  const [problem, setProblem] = useState<string | null>(null);
  const { name } = form.values;
  const startText = form.values.start || clock(nowMs);
  const endText = form.values.end || clock(Math.min(nowMs + 5000, results.duration_ms));

  const submit = form.onSubmit(() => {
    const startMs = parseClock(startText);
    const endMs = parseClock(endText);
    if (!name.trim()) return setProblem('Name the scene');
    if (startMs === null || endMs === null) return setProblem('Write the times as mm:ss');
    setProblem(null);
    create.mutate(
      { name: name.trim(), startMs, endMs: Math.min(endMs, results.duration_ms) - 1 },
      {
        onSuccess: () => form.reset(),
        onError: (error) => setProblem(errorText(error, 'The scene could not be created')),
      },
    );
  });

  return (
    <form onSubmit={submit} aria-label="New scene">
      <Group align="flex-end" gap="sm">
        <TextInput label="Scene name" {...form.getInputProps('name')} required />
        <TextInput label="Start (mm:ss)" w={110} {...form.getInputProps('start')} value={startText} />
        <TextInput label="End (mm:ss)" w={110} {...form.getInputProps('end')} value={endText} />
        <Button type="submit" loading={create.isPending}>
          Create scene
        </Button>
      </Group>
      {problem && (
        <Text c="red" size="sm" mt={4} role="alert">
          {problem}
        </Text>
      )}
    </form>
  );
}

function SceneRow({ testId, scene }: { testId: number; scene: VideoScene }) {
  const [name, setName] = useState(scene.name);
  const rename = useRenameScene(testId);
  const remove = useDeleteScene(testId);
  return (
    <Group gap="sm" wrap="nowrap">
      <TextInput
        aria-label={`Name of the scene from ${clock(scene.start_ms)}`}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={rename.isError ? errorText(rename.error, 'Not renamed') : null}
        style={{ flex: 1 }}
      />
      <Text size="sm" c="dimmed" w={110}>
        {clock(scene.start_ms)} – {clock(scene.end_ms)}
      </Text>
      <ActionIcon
        variant="light"
        aria-label={`Rename ${scene.name}`}
        disabled={!name.trim() || name === scene.name}
        loading={rename.isPending}
        onClick={() => rename.mutate({ labelId: scene.label_id, name: name.trim() })}
      >
        <IconCheck size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="light"
        color="red"
        aria-label={`Delete ${scene.name}`}
        loading={remove.isPending}
        onClick={() =>
          openConfirmDelete({
            message: `Delete the scene '${scene.name}' with its notes?`,
            onConfirm: () => remove.mutate({ sectionId: scene.section_id, labelId: scene.label_id }),
          })
        }
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** The research area's scenes: create (by the sections editor's overlap rules), rename, delete. */
export function SceneEditor({
  results,
  testId,
  nowMs,
}: {
  results: VideoResults;
  testId: number;
  nowMs: number;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="edit-scenes">
      <Stack gap="md">
        <Title order={3} fz="lg" id="edit-scenes">
          Edit scenes
        </Title>
        {results.scenes.map((scene) => (
          <SceneRow key={`${scene.section_id}-${scene.name}`} testId={testId} scene={scene} />
        ))}
        <NewSceneForm results={results} testId={testId} nowMs={nowMs} />
      </Stack>
    </Paper>
  );
}
