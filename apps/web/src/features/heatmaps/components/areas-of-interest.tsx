import type { DensityGrid } from '@limbus/analytics';
import type { HeatmapArea } from '@limbus/contract';
import { ActionIcon, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type AreaOfInterest, attentionPercent, defaultBoxName } from '../boxes';
import { AreaMetricsList } from './area-metrics';

type Props = {
  boxes: readonly AreaOfInterest[];
  grid: DensityGrid | null;
  /** The measures of the boxes (undefined while they load). */
  metrics: readonly HeatmapArea[] | undefined;
  /** Participants who visited the page. */
  visitors: number;
  onChange: (boxes: AreaOfInterest[]) => void;
};

/** Whether the measured area is this box (the call takes whole pixels). */
const isSameBox = (area: HeatmapArea, box: AreaOfInterest) =>
  area.left === Math.round(box.left) &&
  area.top === Math.round(box.top) &&
  area.width === Math.round(box.width) &&
  area.height === Math.round(box.height);

/** The drawn areas with their share of attention; a cleared name goes back to 'Box {n}'. */
export function AreasOfInterest({ boxes, grid, metrics, visitors, onChange }: Props) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="aoi-title">
      <Title order={2} size="h5" id="aoi-title">
        Areas of interest
      </Title>
      {boxes.length === 0 ? (
        <Text size="sm" c="dimmed">
          Drag on the screenshot to draw an area; it shows its share of attention.
        </Text>
      ) : null}
      {boxes.map((box) => (
        <Stack key={box.id} gap={4}>
          <Group gap="xs" wrap="nowrap" align="center">
            <TextInput
              size="xs"
              aria-label={`Name of ${defaultBoxName(box)}`}
              placeholder={defaultBoxName(box)}
              value={box.label}
              onChange={(event) => {
                const label = event.currentTarget.value;
                onChange(boxes.map((other) => (other.id === box.id ? { ...other, label } : other)));
              }}
              style={{ flex: 1 }}
            />
            <Text
              size="sm"
              fw={600}
              ta="right"
              style={{ whiteSpace: 'nowrap' }}
              data-testid={`share-${box.id}`}
            >
              {grid ? `${attentionPercent(grid, box)} of attention` : '…'}
            </Text>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Remove ${box.label.trim() || defaultBoxName(box)}`}
              onClick={() => onChange(boxes.filter((other) => other.id !== box.id))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
          <AreaMetricsList area={metrics?.find((area) => isSameBox(area, box))} visitors={visitors} />
        </Stack>
      ))}
    </Stack>
  );
}
