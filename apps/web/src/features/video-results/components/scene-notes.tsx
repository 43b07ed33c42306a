import {
  type ConsultancyNote,
  NOTE_TYPE_NAMES,
  VIDEO_RESULT_MESSAGES,
  type VideoScene,
} from '@limbus/contract';
import { Button, Group, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../../api';
import { useSaveNote } from '../api';

const noteOf = (scene: VideoScene, type: number) => scene.notes.find((note) => note.note_type === type);

function NoteText({ note }: { note: ConsultancyNote | undefined }) {
  if (!note?.note.trim()) return null;
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {NOTE_TYPE_NAMES[note.note_type]}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {note.note}
      </Text>
    </div>
  );
}

/** The consultant's notes on a scene: insights (summary and explanation) and suggestions. */
export function SceneNotesTabs({ scene }: { scene: VideoScene }) {
  const insights = [noteOf(scene, 0), noteOf(scene, 1)].filter((note) => note?.note.trim());
  const suggestion = noteOf(scene, 2);
  const empty = (
    <Text c="dimmed" size="sm">
      {VIDEO_RESULT_MESSAGES.noConsultantInput}
    </Text>
  );
  return (
    <Tabs defaultValue="insights">
      <Tabs.List>
        <Tabs.Tab value="insights">Insights</Tabs.Tab>
        <Tabs.Tab value="suggestions">Suggestions</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="insights" pt="sm">
        {insights.length === 0 ? (
          empty
        ) : (
          <Stack gap="sm">
            {insights.map((note) => (
              <NoteText key={note?.id} note={note} />
            ))}
          </Stack>
        )}
      </Tabs.Panel>
      <Tabs.Panel value="suggestions" pt="sm">
        {suggestion?.note.trim() ? <Text size="sm">{suggestion.note}</Text> : empty}
      </Tabs.Panel>
    </Tabs>
  );
}

/** One note, written and saved on its own. */
function NoteField({ testId, note }: { testId: number; note: ConsultancyNote }) {
  const [text, setText] = useState(note.note);
  const save = useSaveNote(testId);
  const isChanged = text !== note.note;
  return (
    <Stack gap={4}>
      <Textarea
        label={NOTE_TYPE_NAMES[note.note_type]}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={8}
        error={
          save.isError ? (isApiError(save.error) ? save.error.message : 'The note could not be saved') : null
        }
      />
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          disabled={!isChanged}
          loading={save.isPending}
          onClick={() => save.mutate({ id: note.id, note: text })}
        >
          Save {NOTE_TYPE_NAMES[note.note_type].toLowerCase()}
        </Button>
        {!isChanged && save.isSuccess && (
          <Text size="xs" c="dimmed" role="status">
            Saved
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/** The research area's three notes of a scene: summary, explanation, suggestion. */
export function SceneNotesEditor({ testId, scene }: { testId: number; scene: VideoScene }) {
  return (
    <Stack gap="md" component="section" aria-label={`Notes on ${scene.name}`}>
      {scene.notes.map((note) => (
        <NoteField key={note.id} testId={testId} note={note} />
      ))}
    </Stack>
  );
}
