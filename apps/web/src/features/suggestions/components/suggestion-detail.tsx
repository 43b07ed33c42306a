import {
  type Insight,
  SUGGESTION_DELETE_CONFIRM,
  SUGGESTION_LEVELS,
  SUGGESTION_NEXT_STEPS,
  type Suggestion,
  type User,
} from '@limbus/contract';
import { ActionIcon, Anchor, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconCheck, IconChevronLeft, IconChevronRight, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AppTooltip, type Detail, DetailList, openConfirmDelete } from '../../../ui';
import { RichTextView } from '../../../ui/rich-text-view';
import { displayName } from '../../auth';

type SuggestionDetailProps = {
  testId: number;
  suggestion: Suggestion;
  previous: Suggestion | null;
  next: Suggestion | null;
  owners: User[];
  insights: Insight[];
  canEdit: boolean;
  isTogglingDone: boolean;
  onToggleDone: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

const pathOf = (testId: number, suggestion: Suggestion) => `/test/${testId}/suggestions/${suggestion.id}`;

function nameOf<T extends Record<number, string>>(names: T, value: number | null): string {
  return value === null ? '' : ((names[value as keyof T] as string | undefined) ?? '');
}

/** One suggestion: its arrows to the neighbours by rank, the done toggle, edit and delete. */
export function SuggestionDetail(props: SuggestionDetailProps) {
  const { testId, suggestion, owners, insights } = props;
  const owner = owners.find((user) => user.id === suggestion.owner_id);
  const insight = insights.find((item) => item.id === suggestion.insight_id);
  const details: Detail[] = [
    { label: 'Rank', value: String(suggestion.rank) },
    { label: 'Effort', value: nameOf(SUGGESTION_LEVELS, suggestion.effort) },
    { label: 'Impact', value: nameOf(SUGGESTION_LEVELS, suggestion.impact) },
    { label: 'Next step', value: nameOf(SUGGESTION_NEXT_STEPS, suggestion.next_step) },
    // An owner who could not be fetched stays blank (spec 2 §8).
    { label: 'Owner', value: owner ? displayName(owner) : '' },
    {
      label: 'Insight',
      value: insight ? (
        <Anchor component={Link} to={`/test/${testId}/insights/${insight.id}`}>
          {insight.assigned_id}. {insight.title}
        </Anchor>
      ) : (
        ''
      ),
    },
  ];
  return (
    <Stack gap="md">
      <DetailHeader {...props} />
      <Group gap="sm" align="center">
        <Title order={1} fz={{ base: 24, sm: 30 }} style={{ flex: 1 }}>
          {suggestion.title}
        </Title>
      </Group>
      <Paper withBorder radius="md" p="md">
        <DetailList items={details} cols={3} />
      </Paper>
      <Stack gap={4}>
        <Title order={2} fz="lg">
          Suggestion
        </Title>
        <RichTextView html={suggestion.suggestion} />
      </Stack>
      <Stack gap={4}>
        <Title order={2} fz="lg">
          Additional info
        </Title>
        <RichTextView html={suggestion.additional_info} />
      </Stack>
    </Stack>
  );
}

function DetailHeader({
  testId,
  suggestion,
  previous,
  next,
  canEdit,
  isTogglingDone,
  onToggleDone,
  onEdit,
  onDelete,
}: SuggestionDetailProps) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="xs">
        <Anchor component={Link} to={`/test/${testId}/suggestions`}>
          <Group gap={4}>
            <IconChevronLeft size={16} aria-hidden />
            Back to suggestions
          </Group>
        </Anchor>
        <NeighbourLink label="Previous suggestion" to={previous && pathOf(testId, previous)}>
          <IconChevronLeft size={16} aria-hidden />
        </NeighbourLink>
        <NeighbourLink label="Next suggestion" to={next && pathOf(testId, next)}>
          <IconChevronRight size={16} aria-hidden />
        </NeighbourLink>
      </Group>
      <Group gap="xs">
        <Button
          variant={suggestion.done ? 'filled' : 'default'}
          color={suggestion.done ? 'green' : undefined}
          leftSection={<IconCheck size={16} aria-hidden />}
          aria-pressed={suggestion.done}
          loading={isTogglingDone}
          disabled={!canEdit}
          onClick={onToggleDone}
        >
          {suggestion.done ? 'Done' : 'Mark as done'}
        </Button>
        {canEdit ? (
          <>
            <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
              Edit
            </Button>
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => openConfirmDelete({ message: SUGGESTION_DELETE_CONFIRM, onConfirm: onDelete })}
            >
              Delete
            </Button>
          </>
        ) : null}
      </Group>
    </Group>
  );
}

/** An arrow to the suggestion before or after; disabled at the ends of the list. */
function NeighbourLink({ label, to, children }: { label: string; to: string | null; children: ReactNode }) {
  return (
    <AppTooltip label={label}>
      {to ? (
        <ActionIcon component={Link} to={to} variant="default" aria-label={label}>
          {children}
        </ActionIcon>
      ) : (
        <ActionIcon variant="default" aria-label={label} disabled>
          {children}
        </ActionIcon>
      )}
    </AppTooltip>
  );
}
