import {
  INSIGHT_DELETE_CONFIRM,
  INSIGHT_SAVED_MS,
  INSIGHT_TEXT_PLACEHOLDER,
  type Insight,
  type InsightChanges,
  MESSAGES,
  writtenInsightText,
} from '@limbus/contract';
import { Alert, Anchor, Button, Group, MultiSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconChevronLeft, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { ErrorAlert, formatDate, openConfirmDelete, PageLoader } from '../../../ui';
import { useDeleteInsight, useInsights, useParticipantPoints, useUpdateInsight } from '../api';
import { pointLabel } from '../point-labels';
import { AiRichTextField } from './ai-rich-text-field';

type EditorProps = {
  testId: number;
  insightId: number;
  participantId?: number;
  onBack: () => void;
  /** What the page adds under the form (the research area's evidence reel). */
  extras?: (insight: Insight) => ReactNode;
};

/** The Data comments with the hint an empty one shows. */
const COMMENTS = [
  ['behavior_comment', 'Behavior', 'What participants did: clicks, scrolling, hesitation'],
  ['eeg_comment', 'EEG', 'What the emotion scores show at these moments'],
  ['eye_tracking_comment', 'Eye tracking', 'Where participants looked, and for how long'],
  ['touch_tracking_comment', 'Touch tracking', 'Taps and swipes (mobile tests)'],
] as const;

/** The rich-text fields, which the AI can write (spec 2 §3), with their hints. */
const AI_FIELDS = [
  ['explanation', 'Explanation', 'Why this happens'],
  ['summary', 'Summary', 'The finding in a few sentences, for the client'],
  ['suggestion', 'Suggestion', 'What to change'],
] as const;

type Draft = Required<Omit<InsightChanges, 'highlight_id'>>;
type TextField = (typeof COMMENTS)[number][0] | (typeof AI_FIELDS)[number][0] | 'focus_point';
const TEXT_FIELDS: TextField[] = [
  ...COMMENTS.map(([field]) => field),
  ...AI_FIELDS.map(([field]) => field),
  'focus_point',
];

/**
 * The insight as the form shows it: the server's '...' default (spec 2 §5) is an empty field with
 * a hint, never text to delete first.
 */
function draftOf(insight: Insight): Draft {
  const draft: Draft = {
    title: insight.title,
    behavior_comment: insight.behavior_comment,
    eeg_comment: insight.eeg_comment,
    eye_tracking_comment: insight.eye_tracking_comment,
    touch_tracking_comment: insight.touch_tracking_comment,
    explanation: insight.explanation,
    summary: insight.summary,
    suggestion: insight.suggestion,
    focus_point: insight.focus_point,
    significant_points_ids: insight.significant_points_ids,
  };
  for (const field of TEXT_FIELDS) draft[field] = writtenInsightText(draft[field]);
  return draft;
}

/** What a save sends: a field still empty keeps the '...' it was stored with, anything else as typed. */
function changesOf(draft: Draft, insight: Insight): Draft {
  const changes = { ...draft, title: draft.title.trim() };
  for (const field of TEXT_FIELDS)
    if (changes[field] === '' && insight[field] === INSIGHT_TEXT_PLACEHOLDER)
      changes[field] = INSIGHT_TEXT_PLACEHOLDER;
  return changes;
}

/** 'saved' shows for 3 s after each save (spec 2 §9). */
function useSavedFlag(): [boolean, () => void] {
  const [savedAt, setSavedAt] = useState<number | null>(null);
  useEffect(() => {
    if (savedAt === null) return;
    const timer = window.setTimeout(() => setSavedAt(null), INSIGHT_SAVED_MS);
    return () => window.clearTimeout(timer);
  }, [savedAt]);
  return [savedAt !== null, () => setSavedAt(Date.now())];
}

/** Detail mode: one insight's fields, its linked significant points, save and delete. */
export function InsightEditor({ testId, insightId, participantId, onBack, extras }: EditorProps) {
  const insights = useInsights(testId);
  const insight = insights.data?.find((item) => item.id === insightId);
  return (
    <Stack gap="sm">
      <Anchor component="button" type="button" onClick={onBack} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4}>
          <IconChevronLeft size={16} aria-hidden />
          Back to Insights list
        </Group>
      </Anchor>
      {insights.isError ? (
        <ErrorAlert error={insights.error} title="The insight could not be loaded" />
      ) : null}
      {insights.isLoading ? <PageLoader label="Loading the insight" /> : null}
      {insights.data && !insight ? <Text c="dimmed">This insight no longer exists.</Text> : null}
      {insight?.evidence_withdrawn_at ? (
        <Alert color="orange" variant="light" title="Evidence withdrawn">
          A participant this insight cited was erased on {formatDate(insight.evidence_withdrawn_at)}: those
          moments are no longer linked. Keep the insight as it is, or rewrite it.
        </Alert>
      ) : null}
      {insight ? (
        <InsightForm testId={testId} insight={insight} participantId={participantId} onDeleted={onBack} />
      ) : null}
      {insight && extras ? extras(insight) : null}
    </Stack>
  );
}

function InsightForm({
  testId,
  insight,
  participantId,
  onDeleted,
}: {
  testId: number;
  insight: Insight;
  participantId?: number;
  onDeleted: () => void;
}) {
  const form = useForm<Draft>({
    initialValues: draftOf(insight),
    validate: { title: (title) => (title.trim() ? null : MESSAGES.required) },
  });
  const [isSaved, markSaved] = useSavedFlag();
  const update = useUpdateInsight(testId);
  const remove = useDeleteInsight(testId);
  const points = usePointOptions(testId, insight, participantId);

  const handleSave = form.onSubmit((draft) =>
    update.mutate({ id: insight.id, changes: changesOf(draft, insight) }, { onSuccess: markSaved }),
  );
  const handleDelete = () =>
    openConfirmDelete({
      message: INSIGHT_DELETE_CONFIRM,
      onConfirm: () => remove.mutate(insight.id, { onSuccess: onDeleted }),
    });

  return (
    <form onSubmit={handleSave} noValidate aria-label={`Insight ${insight.assigned_id}`}>
      <Stack gap="sm">
        {update.error ? <ErrorAlert error={update.error} title="The insight could not be saved" /> : null}
        {remove.error ? <ErrorAlert error={remove.error} title="The insight could not be deleted" /> : null}
        <TextInput
          label={`Insight ${insight.assigned_id}: title`}
          required
          {...form.getInputProps('title')}
        />
        {COMMENTS.map(([field, label, hint]) => (
          <Textarea
            key={field}
            label={label}
            placeholder={hint}
            autosize
            minRows={2}
            {...form.getInputProps(field)}
          />
        ))}
        {AI_FIELDS.map(([field, label, hint]) => (
          <AiRichTextField
            key={field}
            placeholder={hint}
            testId={testId}
            insightId={insight.id}
            field={field}
            label={label}
            value={form.values[field]}
            onChange={(html) => form.setFieldValue(field, html)}
          />
        ))}
        <TextInput
          label="Focus point"
          placeholder="The element of the page this insight is about"
          {...form.getInputProps('focus_point')}
        />
        <MultiSelect
          label="Linked significant points"
          placeholder={points.length === 0 ? 'No significant points to link' : 'Choose points'}
          data={points}
          searchable
          clearable
          value={form.values.significant_points_ids.map(String)}
          onChange={(values) => form.setFieldValue('significant_points_ids', values.map(Number))}
        />
        <Group justify="space-between">
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={handleDelete}
            loading={remove.isPending}
          >
            Delete
          </Button>
          <Group gap="sm">
            {isSaved ? (
              <Text c="green" size="sm" role="status">
                <IconCheck size={14} aria-hidden /> saved
              </Text>
            ) : null}
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** The points already linked, and the participant's own when the panel sits on a participant. */
function usePointOptions(testId: number, insight: Insight, participantId?: number) {
  const participant = useParticipantPoints(testId, participantId).data;
  const options = new Map<number, string>();
  for (const point of insight.significant_points) {
    const startedAt = point.participant_id === participant?.id ? participant.started_at : null;
    options.set(point.id, pointLabel(point, startedAt));
  }
  for (const point of participant?.significant_points ?? [])
    options.set(point.id, pointLabel(point, participant?.started_at ?? null));
  return [...options].map(([id, label]) => ({ value: String(id), label }));
}
