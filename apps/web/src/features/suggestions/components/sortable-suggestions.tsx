import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { SUGGESTION_LEVELS, SUGGESTION_NEXT_STEPS, type Suggestion } from '@limbus/contract';
import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheckFilled, IconGripVertical } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';

type SortableSuggestionsProps = {
  testId: number;
  suggestions: Suggestion[];
  /** Dragging is off while the list is filtered or the user may not rank. */
  canReorder: boolean;
  onMove: (id: number, rank: number) => void;
};

const SCREEN_READER_INSTRUCTIONS =
  'To pick up a suggestion, focus its handle and press space or enter. Move it with the arrow keys, ' +
  'press space or enter again to drop it in its new place, or escape to cancel.';

/** What a screen reader hears while a suggestion is moved (positions are ranks, 1 first). */
function announcementsFor(suggestions: Suggestion[]): Announcements {
  const titleOf = (id: string | number) =>
    suggestions.find((suggestion) => suggestion.id === Number(id))?.title ?? 'The suggestion';
  const rankOf = (id: string | number) =>
    suggestions.findIndex((suggestion) => suggestion.id === Number(id)) + 1;
  return {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(active.id)}, rank ${rankOf(active.id)} of ${suggestions.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${titleOf(active.id)} is over rank ${rankOf(over.id)} of ${suggestions.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} was dropped at rank ${rankOf(over.id)} of ${suggestions.length}.`
        : undefined,
    onDragCancel: ({ active }) =>
      `Moving ${titleOf(active.id)} was cancelled; it stays at rank ${rankOf(active.id)}.`,
  };
}

/** The ranked list with drag and drop by pointer and by keyboard (dnd-kit, accessible). */
export function SortableSuggestions({ testId, suggestions, canReorder, onMove }: SortableSuggestionsProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const announcements = useMemo(() => announcementsFor(suggestions), [suggestions]);

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const rank = suggestions.findIndex((suggestion) => suggestion.id === Number(over.id)) + 1;
    if (rank > 0) onMove(Number(active.id), rank);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS },
      }}
    >
      <SortableContext
        items={suggestions.map((suggestion) => suggestion.id)}
        strategy={verticalListSortingStrategy}
      >
        <Stack
          gap="xs"
          component="ol"
          aria-label="Suggestions by rank"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {suggestions.map((suggestion) => (
            <SuggestionRow
              key={suggestion.id}
              testId={testId}
              suggestion={suggestion}
              canReorder={canReorder}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

function SuggestionRow({
  testId,
  suggestion,
  canReorder,
}: {
  testId: number;
  suggestion: Suggestion;
  canReorder: boolean;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: suggestion.id,
      disabled: !canReorder,
    });
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      radius="md"
      p="sm"
      data-testid="suggestion-row"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 1 : undefined,
        position: 'relative',
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      <Group wrap="nowrap" gap="sm">
        {canReorder ? (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            aria-label={`Move ${suggestion.title}`}
            style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
        ) : null}
        <Text fw={700} w={28} ta="right" aria-label={`Rank ${suggestion.rank}`}>
          {suggestion.rank}
        </Text>
        <Anchor
          component={Link}
          to={`/test/${testId}/suggestions/${suggestion.id}`}
          fw={600}
          style={{ flex: 1 }}
        >
          {suggestion.title}
        </Anchor>
        <SuggestionBadges suggestion={suggestion} />
        {suggestion.done ? (
          <IconCircleCheckFilled
            size={20}
            color="var(--mantine-color-green-6)"
            aria-label="Done"
            role="img"
          />
        ) : null}
      </Group>
    </Paper>
  );
}

function SuggestionBadges({ suggestion }: { suggestion: Suggestion }) {
  const levelName = (level: number | null) =>
    level === null ? null : SUGGESTION_LEVELS[level as keyof typeof SUGGESTION_LEVELS];
  const effort = levelName(suggestion.effort);
  const impact = levelName(suggestion.impact);
  const nextStep =
    suggestion.next_step === null
      ? null
      : SUGGESTION_NEXT_STEPS[suggestion.next_step as keyof typeof SUGGESTION_NEXT_STEPS];
  return (
    <Group gap={6} visibleFrom="sm">
      {impact ? <Badge variant="light">Impact: {impact}</Badge> : null}
      {effort ? (
        <Badge variant="light" color="gray">
          Effort: {effort}
        </Badge>
      ) : null}
      {nextStep ? (
        <Badge variant="outline" color="gray">
          {nextStep}
        </Badge>
      ) : null}
    </Group>
  );
}
