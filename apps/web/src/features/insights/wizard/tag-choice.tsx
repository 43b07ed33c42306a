import type { TagWithPoints } from '@limbus/contract';
import { Alert, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { Empty, ErrorAlert, PageLoader } from '../../../ui';

type TagChoiceProps = {
  tags: { data?: TagWithPoints[]; isLoading: boolean; error: unknown };
  chosen: number[];
  onChoose: (ids: number[]) => void;
  focusPoint: string;
  onFocusPoint: (text: string) => void;
  onGenerate: () => void;
};

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** Step 1: the tags to write insights for (tags without points cannot be chosen) and a focus point. */
export function TagChoice({ tags, chosen, onChoose, focusPoint, onFocusPoint, onGenerate }: TagChoiceProps) {
  if (tags.isLoading) return <PageLoader label="Loading the tags" />;
  if (tags.error) return <ErrorAlert error={tags.error} title="The tags could not be loaded" />;
  const list = tags.data ?? [];
  if (list.length === 0)
    return (
      <Empty
        title="No tags yet"
        description="Tag significant points of the participants first; each tag becomes an insight."
      />
    );
  return (
    <Stack gap="md">
      <Checkbox.Group
        label="Tags"
        description="The wizard writes one insight per tag from its significant points."
        value={chosen.map(String)}
        onChange={(values) => onChoose(values.map(Number))}
      >
        <Stack gap="xs" mt="xs">
          {list.map((tag) => (
            <Checkbox
              key={tag.id}
              value={String(tag.id)}
              disabled={tag.count === 0}
              label={tag.name}
              description={`${plural(tag.count, 'point')} of ${plural(tag.participants, 'participant')}${
                tag.description ? ` · ${tag.description}` : ''
              }`}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <TextInput
        label="Focus point (optional)"
        description="An element or question the insights should look at, e.g. the discount code field."
        value={focusPoint}
        maxLength={1000}
        onChange={(event) => onFocusPoint(event.currentTarget.value)}
      />
      {list.every((tag) => tag.count === 0) ? (
        <Alert color="yellow" variant="light">
          None of the tags has significant points yet.
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {chosen.length === 0 ? 'Choose at least one tag.' : `${plural(chosen.length, 'tag')} chosen`}
        </Text>
        <Button onClick={onGenerate} disabled={chosen.length === 0}>
          Generate insights
        </Button>
      </Group>
    </Stack>
  );
}
