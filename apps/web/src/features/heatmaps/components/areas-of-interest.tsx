import type { DensityGrid } from '@limbus/analytics';
import type { HeatmapArea } from '@limbus/contract';
import { ActionIcon, Badge, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatCount } from '../../../ui';
import { type AreaOfInterest, attentionPercent, defaultBoxName } from '../boxes';
import { AreaMetricsList } from './area-metrics';

type Props = {
  boxes: readonly AreaOfInterest[];
  grid: DensityGrid | null;
  /** The measures of the boxes (undefined while they load). */
  metrics: readonly HeatmapArea[] | undefined;
  /** Participants who visited the page. */
  visitors: number;
  /** The webcam gaze's accuracy and the smallest area it tells apart (page px); null without webcam gaze. */
  webcam: { accuracyPx: number; minAreaPx: number } | null;
  onChange: (boxes: AreaOfInterest[]) => void;
};

/** Whether the measured area is this box (the call takes whole pixels). */
const isSameBox = (area: HeatmapArea, box: AreaOfInterest) =>
  area.left === Math.round(box.left) &&
  area.top === Math.round(box.top) &&
  area.width === Math.round(box.width) &&
  area.height === Math.round(box.height);

/** The webcam limit of an areas answer, when it has one. */
export const webcamLimitOf = (
  answer: { webcam_accuracy_px: number | null; min_area_px: number | null } | undefined,
): Props['webcam'] =>
  answer?.webcam_accuracy_px != null && answer.min_area_px != null
    ? { accuracyPx: answer.webcam_accuracy_px, minAreaPx: answer.min_area_px }
    : null;

/** A measured area's place in the ranking, or why it has none: too small for the webcam gaze counted. */
function AreaRank({ area }: { area: HeatmapArea | undefined }) {
  if (area?.too_small_for_webcam)
    return (
      <Badge variant="light" color="orange" size="sm" style={{ alignSelf: 'flex-start' }}>
        Too small for webcam gaze
      </Badge>
    );
  if (area?.rank == null) return null;
  return (
    <Text size="xs" fw={600}>
      Rank {formatCount(area.rank)} by fixation time per visitor
    </Text>
  );
}

/**
 * The drawn areas with their share of attention and their rank; a cleared name goes back to
 * 'Box {n}'. With webcam gaze counted, its accuracy and the areas it cannot rank are said.
 */
export function AreasOfInterest({ boxes, grid, metrics, visitors, webcam, onChange }: Props) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="aoi-title">
      <Title order={2} size="h5" id="aoi-title">
        Areas of interest
      </Title>
      {webcam ? (
        <Text size="sm">
          Webcam gaze in this selection is accurate to about {formatCount(webcam.accuracyPx)} px: areas
          narrower than {formatCount(webcam.minAreaPx)} px are flagged, not ranked.
        </Text>
      ) : null}
      {boxes.length === 0 ? (
        <Text size="sm" c="dimmed">
          Drag on the screenshot to draw an area; it shows its share of attention.
        </Text>
      ) : null}
      {boxes.map((box) => {
        const area = metrics?.find((measured) => isSameBox(measured, box));
        return (
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
            <AreaRank area={area} />
            <AreaMetricsList area={area} visitors={visitors} />
          </Stack>
        );
      })}
    </Stack>
  );
}
