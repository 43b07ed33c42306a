import {
  EMOTION_NAMES,
  type Insight,
  type ParticipantSummary,
  participantLabel,
  type SignificantPoint,
} from '@limbus/contract';
import {
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  NavLink,
  ScrollArea,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { EMOTION_TEXT_COLORS, ErrorAlert, TableSkeleton } from '../../../ui';
import { useParticipants } from '../../participants';
import { useInsights, useParticipantPoints, useUpdateInsight } from '../api';
import { offsetOf } from '../point-labels';

type PickerProps = { testId: number; threeColumns: boolean };

/** The feedback items of a participant: significant points with a comment, false positives left out. */
export const feedbackItems = (points: readonly SignificantPoint[]) =>
  points.filter((point) => !point.false_positive && point.comment.trim() !== '');

/** The insight's points with the chosen ones added, each once. */
export const withPoints = (insight: Pick<Insight, 'significant_points_ids'>, ids: Iterable<number>) => [
  ...new Set([...insight.significant_points_ids, ...ids]),
];

const participantName = (participant: Pick<ParticipantSummary, 'real_id'>) =>
  `Participant ${participantLabel(participant)}`;

/**
 * Adding a selected set of feedback items to one chosen insight (spec 3 §2): a participant, their
 * feedback to tick, an insight and 'Add'. Company id 2 sees the participants as a column of their
 * own (the three-column layout) from tablet width; everyone else, and phones, pick the participant
 * in a list.
 */
export function FeedbackPicker({ testId, threeColumns }: PickerProps) {
  const participants = useParticipants(testId);
  const [participantId, setParticipantId] = useState<number | null>(null);
  const chosen = participantId ?? participants.data?.[0]?.id ?? null;
  const list = participants.data ?? [];
  const participantsColumn = (
    <Card withBorder padding="sm" component="nav" aria-label="Participants">
      <Title order={2} fz="md" mb="xs">
        Participants
      </Title>
      <ScrollArea.Autosize mah={520}>
        {list.map((participant) => (
          <NavLink
            key={participant.id}
            label={participantName(participant)}
            active={participant.id === chosen}
            onClick={() => setParticipantId(participant.id)}
          />
        ))}
      </ScrollArea.Autosize>
    </Card>
  );
  const participantSelect = (
    <Select
      label="Participant"
      data={list.map((participant) => ({
        value: String(participant.id),
        label: participantName(participant),
      }))}
      value={chosen === null ? null : String(chosen)}
      onChange={(value) => value && setParticipantId(Number(value))}
      allowDeselect={false}
    />
  );
  const feedback = (
    <FeedbackColumn
      testId={testId}
      participantId={chosen}
      participantSelect={threeColumns ? <Box hiddenFrom="sm">{participantSelect}</Box> : participantSelect}
    />
  );
  if (participants.isLoading) return <TableSkeleton rows={4} />;
  if (participants.isError)
    return <ErrorAlert error={participants.error} title="The participants could not be loaded" />;
  if (list.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No participants yet, so there is no feedback to add.
      </Text>
    );
  return threeColumns ? (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <Box visibleFrom="sm" style={{ flex: '0 0 200px' }}>
        {participantsColumn}
      </Box>
      <div style={{ flex: 1, minWidth: 0 }}>{feedback}</div>
    </Group>
  ) : (
    feedback
  );
}

function FeedbackColumn({
  testId,
  participantId,
  participantSelect,
}: {
  testId: number;
  participantId: number | null;
  participantSelect: React.ReactNode;
}) {
  const participant = useParticipantPoints(testId, participantId ?? undefined);
  const insights = useInsights(testId);
  const update = useUpdateInsight(testId);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [insightId, setInsightId] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const items = feedbackItems(participant.data?.significant_points ?? []);
  const target = insights.data?.find((insight) => String(insight.id) === insightId);

  const toggle = (id: number, isChecked: boolean) => {
    setAdded(null);
    setSelected((current) => {
      const next = new Set(current);
      if (isChecked) next.add(id);
      else next.delete(id);
      return next;
    });
  };
  const handleAdd = () => {
    if (!target || selected.size === 0) return;
    const count = selected.size;
    update.mutate(
      { id: target.id, changes: { significant_points_ids: withPoints(target, selected) } },
      {
        onSuccess: () => {
          setSelected(new Set());
          setAdded(
            `Added ${count} feedback ${count === 1 ? 'item' : 'items'} to insight ${target.assigned_id}.`,
          );
        },
      },
    );
  };

  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="feedback-title">
      <Stack gap="sm">
        <Title order={2} fz="md" id="feedback-title">
          Feedback
        </Title>
        {participantSelect}
        {participant.isLoading ? <TableSkeleton rows={3} /> : null}
        {participant.isError ? (
          <ErrorAlert error={participant.error} title="The feedback could not be loaded" />
        ) : null}
        {participant.data && items.length === 0 ? (
          <Text size="sm" c="dimmed">
            This participant has no commented feedback.
          </Text>
        ) : null}
        <Stack gap={6}>
          {items.map((point) => (
            <Checkbox
              key={point.id}
              checked={selected.has(point.id)}
              onChange={(event) => toggle(point.id, event.currentTarget.checked)}
              styles={{ body: { alignItems: 'flex-start' } }}
              label={
                <span>
                  <Text span size="sm" fw={600} style={{ color: EMOTION_TEXT_COLORS[point.emotion] }}>
                    {EMOTION_NAMES[point.emotion]}
                  </Text>
                  <Text span size="xs" c="dimmed">
                    {' '}
                    {offsetOf(point, participant.data?.started_at ?? null) ?? ''}
                  </Text>
                  <Text size="sm">{point.comment}</Text>
                </span>
              }
            />
          ))}
        </Stack>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Insight"
            placeholder="Choose an insight"
            data={(insights.data ?? []).map((insight) => ({
              value: String(insight.id),
              label: `${insight.assigned_id}. ${insight.title}`,
            }))}
            value={insightId}
            onChange={(value) => {
              setInsightId(value);
              setAdded(null);
            }}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button onClick={handleAdd} disabled={!target || selected.size === 0} loading={update.isPending}>
            Add {selected.size > 0 ? selected.size : ''} to insight
          </Button>
        </Group>
        {update.error ? <ErrorAlert error={update.error} title="The feedback could not be added" /> : null}
        {added ? (
          <Text size="sm" c="green.8" role="status">
            {added}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
