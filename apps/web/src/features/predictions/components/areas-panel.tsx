import type { AreaOfInterest } from '@limbus/contract';
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatPercent } from '../../../ui';
import { useDeleteArea, useUpdateArea } from '../api';

/** Spec 3: three boxes are listed before 'more'. */
const SHOWN_BOXES = 3;

function AreaRow({
  predictionId,
  area,
  canEdit,
}: {
  predictionId: number;
  area: AreaOfInterest;
  canEdit: boolean;
}) {
  const update = useUpdateArea(predictionId);
  const remove = useDeleteArea(predictionId);
  const [name, setName] = useState(area.name);
  const save = () => {
    if (name.trim() === area.name) return;
    update.mutate(
      { aid: area.id, changes: { name: name.trim() } },
      { onSuccess: (saved) => setName(saved.name) },
    );
  };
  return (
    <Group gap="xs" wrap="nowrap" component="li">
      <TextInput
        aria-label={`Name of ${area.name}`}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        onBlur={save}
        onKeyDown={(event) => event.key === 'Enter' && save()}
        readOnly={!canEdit}
        size="xs"
        style={{ flex: 1 }}
      />
      <Text size="sm" fw={600} w={48} ta="right" aria-label={`Share of attention in ${area.name}`}>
        {area.value === null ? '–' : formatPercent(area.value, { rounding: 'down' })}
      </Text>
      {canEdit ? (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Remove ${area.name}`}
          onClick={() => remove.mutate(area.id)}
          loading={remove.isPending}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      ) : null}
    </Group>
  );
}

/** The boxes of a prediction with their share of the predicted attention (whole percent, rounded down). */
export function AreasPanel({
  predictionId,
  areas,
  canEdit,
}: {
  predictionId: number;
  areas: AreaOfInterest[];
  canEdit: boolean;
}) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? areas : areas.slice(0, SHOWN_BOXES);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="areas-of-interest">
      <Stack gap="xs">
        <Title order={2} fz={16} id="areas-of-interest">
          Areas of interest
        </Title>
        {areas.length > 0 ? (
          <Text size="xs" c="dimmed">
            Each box's share of all the attention the model predicts on the page; overlapping boxes count the
            attention they share in both.
          </Text>
        ) : null}
        {areas.length === 0 ? (
          <Text size="sm" c="dimmed">
            {canEdit
              ? 'Draw a box on the screenshot to see its share of the attention.'
              : 'No boxes have been drawn.'}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {shown.map((area) => (
              <AreaRow
                key={`${area.id}-${area.name}`}
                predictionId={predictionId}
                area={area}
                canEdit={canEdit}
              />
            ))}
          </Stack>
        )}
        {areas.length > SHOWN_BOXES ? (
          <Button variant="subtle" size="xs" onClick={() => setShowAll((all) => !all)} w="fit-content">
            {showAll ? 'Less' : `More (${areas.length - SHOWN_BOXES})`}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
