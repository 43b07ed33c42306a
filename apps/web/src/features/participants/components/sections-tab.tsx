import type { Label, ParticipantDetail, TestDetail } from '@limbus/contract';
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { type RefObject, useMemo, useState } from 'react';
import { isApiError } from '../../../api';
import { formatMinutesSeconds } from '../../../ui';
import { useLabels } from '../../annotations';
import { useSectionMutations, useStreamSamples } from '../api';
import { labelForUrl, pageAt } from '../page-matching';
import {
  type EditorSection,
  type EditorState,
  type EditorStep,
  EMPTY_EDITOR,
  pressEnd,
  pressStart,
  select,
} from '../section-editor';
import { useShortcutKeys } from '../use-video';
import { PageTitlePicker } from './page-title-picker';
import { SectionsTimeline } from './sections-timeline';

/**
 * The sections editor (spec 2 §2): marks page sections on the recording with [ and ] (or Start,
 * which plays, and End, which pauses). With no section selected it is in Create Mode; selecting
 * one edits it. The rules are the shared `placeSection`; the server applies them again. The
 * recording's player belongs to the participant screen and is shared with the Data tab.
 */
export function SectionsTab({
  test,
  participant,
  video,
  seconds,
  durationMs,
}: {
  test: TestDetail;
  participant: ParticipantDetail;
  video: RefObject<HTMLVideoElement | null>;
  /** The playhead, in seconds into the recording. */
  seconds: number;
  /** The recording's length once its metadata is read. */
  durationMs: number | null;
}) {
  const labels = useLabels(test.id);
  const mice = useStreamSamples(test.id, participant.id, 'mice');
  const mutations = useSectionMutations(test.id, participant.id);
  const [editor, setEditor] = useState<EditorState>(EMPTY_EDITOR);
  const [chosenLabelId, setChosenLabelId] = useState<number | null>(null);
  const startMs = (participant.started_at ?? 0) * 1000;
  const nowMs = startMs + seconds * 1000;
  const sections = useMemo<EditorSection[]>(
    () =>
      (participant.sections ?? []).map((section) => ({
        id: section.id,
        start: section.timestamp_start,
        end: section.timestamp_end,
        labelId: section.label_id,
      })),
    [participant.sections],
  );
  const selected = participant.sections?.find((section) => section.id === editor.selectedId) ?? null;
  const assistantUrl = mice.data ? pageAt(mice.data, nowMs) : null;
  const matched = assistantUrl ? labelForUrl(labels.data ?? [], assistantUrl) : null;

  const showServerError = (error: unknown) =>
    setEditor((state) => ({
      ...state,
      error: isApiError(error) ? error.message : 'The section was not saved',
    }));

  /** Applies a key press: the new state at once, then the save it asks for. */
  const apply = (step: EditorStep) => {
    setEditor(step.state);
    const save = step.save;
    if (!save) return;
    const span = { timestamp_start: save.start, timestamp_end: save.end };
    if (save.id === null)
      mutations.create.mutate(
        { ...span, label_id: chosenLabelId ?? matched?.id ?? null },
        { onError: showServerError },
      );
    else mutations.update.mutate({ id: save.id, ...span }, { onError: showServerError });
  };
  const playheadMs = () => startMs + (video.current?.currentTime ?? 0) * 1000;
  const markStart = () => apply(pressStart(editor, sections, playheadMs()));
  const markEnd = () => apply(pressEnd(editor, sections, playheadMs()));
  const handleStart = () => {
    markStart();
    void video.current?.play().catch(() => undefined);
  };
  const handleEnd = () => {
    markEnd();
    video.current?.pause();
  };
  useShortcutKeys({ '[': markStart, ']': markEnd });

  const handleLabel = (label: Label | null) => {
    if (selected)
      mutations.update.mutate({ id: selected.id, label_id: label?.id ?? null }, { onError: showServerError });
    else setChosenLabelId(label?.id ?? null);
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-label="Sections editor">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Badge variant="light" color={selected ? 'violet' : 'blue'} size="lg">
                {selected ? `Edit Mode: ${selected.label?.name ?? 'no page title'}` : 'Create Mode'}
              </Badge>
              <Text size="sm" c="dimmed">
                {formatMinutesSeconds(seconds * 1000)}
                {editor.draft
                  ? ` · section started at ${formatMinutesSeconds(editor.draft.start - startMs)}`
                  : ''}
              </Text>
            </Group>
            <Group gap="xs">
              <Button
                leftSection={<IconPlayerPlay size={16} aria-hidden />}
                onClick={handleStart}
                disabled={!participant.video}
              >
                Start [
              </Button>
              <Button
                leftSection={<IconPlayerStop size={16} aria-hidden />}
                variant="light"
                onClick={handleEnd}
                disabled={!participant.video}
              >
                End ]
              </Button>
            </Group>
          </Group>
          {editor.error ? (
            <Alert
              role="alert"
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
            >
              {editor.error}
            </Alert>
          ) : null}
          <SectionsTimeline
            sections={participant.sections ?? []}
            draftStart={editor.draft?.start ?? null}
            startMs={startMs}
            durationMs={durationMs ?? participant.time_to_complete_ms ?? 0}
            nowMs={nowMs}
            selectedId={editor.selectedId}
            onSelect={(id) => setEditor((state) => select(state, id))}
            onRemove={(id) => {
              setEditor((state) => (state.selectedId === id ? EMPTY_EDITOR : state));
              mutations.remove.mutate(id, { onError: showServerError });
            }}
          />
          <PageTitlePicker
            testId={test.id}
            labels={labels.data ?? []}
            value={selected ? selected.label_id : chosenLabelId}
            assistantUrl={assistantUrl}
            matched={matched}
            onChange={handleLabel}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
