import type { HeatmapScrollReach, ParticipantSummary } from '@limbus/contract';
import { GAZE_PLOT_MAX_PARTICIPANTS, participantLabel } from '@limbus/contract';
import { Box, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { EMOTION_COLORS, formatCount, formatPercent, formatSeconds } from '../../../ui';
import { PLOT_COLORS, reachDepths } from '../overlays';

const Swatch = ({ color }: { color: string }) => (
  <Box w={14} h={14} style={{ background: color, borderRadius: 7, flex: 'none' }} aria-hidden />
);

/** The emotion map's legend: what each colour means. */
export function EmotionMapLegend({ frustration, joy }: { frustration: number; joy: number }) {
  return (
    <Stack gap={6} aria-label="Legend">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Swatch color={EMOTION_COLORS.frustration} />
        <Text size="sm">
          Where people looked from 2.5 s before to 0.5 s after a frustration peak ({formatCount(frustration)}{' '}
          gaze samples)
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Swatch color={EMOTION_COLORS.joy} />
        <Text size="sm">
          Where people looked from 2.5 s before to 0.5 s after a joy peak ({formatCount(joy)} gaze samples)
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        An emotion rises 1 to 2 s after what caused it. Each colour is scaled to its own busiest spot; peaks
        marked as false positives by the researchers are left out.
      </Text>
    </Stack>
  );
}

type PlotProps = {
  participants: readonly ParticipantSummary[];
  chosen: readonly number[];
  onChange: (ids: number[]) => void;
  /** Per chosen participant: fixations on the page and the page time of the first. */
  summaries: ReadonlyMap<number, { count: number; firstAt: number | null }>;
};

/** Chooses the gaze plot's participants and says what the circles mean. */
export function GazePlotPanel({ participants, chosen, onChange, summaries }: PlotProps) {
  const nameOf = (id: number) => {
    const participant = participants.find((p) => p.id === id);
    return participant ? participantLabel(participant) : 'A participant no longer listed';
  };
  return (
    <Stack gap="xs">
      <MultiSelect
        label="Participants"
        description={`Up to ${GAZE_PLOT_MAX_PARTICIPANTS} at once`}
        data={participants.map((p) => ({ value: String(p.id), label: participantLabel(p) }))}
        value={chosen.map(String)}
        onChange={(values) => onChange(values.slice(0, GAZE_PLOT_MAX_PARTICIPANTS).map(Number))}
        maxValues={GAZE_PLOT_MAX_PARTICIPANTS}
        searchable
      />
      {chosen.map((id, i) => {
        const summary = summaries.get(id);
        return (
          <Group key={id} gap="xs" wrap="nowrap" align="flex-start">
            <Swatch color={PLOT_COLORS[i % PLOT_COLORS.length] as string} />
            <Text size="sm">
              {nameOf(id)}:{' '}
              {summary === undefined
                ? '…'
                : summary.count === 0
                  ? 'no fixations on this page'
                  : `${formatCount(summary.count)} fixations, the first after ${formatSeconds(summary.firstAt ?? 0)}`}
            </Text>
          </Group>
        );
      })}
      <Text size="xs" c="dimmed">
        Circles are fixations, numbered in the order they happened; the bigger the circle, the longer the
        look. Lines are the jumps between them.
      </Text>
    </Stack>
  );
}

/** The scroll-reach map in words: how many visitors saw how far down. */
export function ScrollReachPanel({ reach }: { reach: HeatmapScrollReach | undefined }) {
  if (!reach) return <Text size="sm">Loading the scroll reach…</Text>;
  if (reach.participants === 0) return <Text size="sm">Nobody visited this page.</Text>;
  const everyone = reach.shares.findIndex((share) => share < 1);
  const fold = everyone < 0 ? reach.page_height : Math.max(0, (everyone - 1) * reach.step_px);
  return (
    <Stack gap={6}>
      <Text size="sm">
        All {formatCount(reach.participants)} visitors saw the first {formatCount(fold)} px of the page.
      </Text>
      {reachDepths(reach).map(({ mark, depth }) => (
        <Text size="sm" key={mark}>
          {formatPercent(mark)} of participants saw it down to {formatCount(depth)} px.
        </Text>
      ))}
      <Text size="sm">
        {formatPercent(reach.shares[reach.shares.length - 1] ?? 0)} reached the bottom (
        {formatCount(reach.page_height)} px).
      </Text>
      <Text size="xs" c="dimmed">
        Warm bands were seen by nearly everyone, cool bands by few: a visitor saw down to the bottom of the
        screen at their deepest scroll.
      </Text>
    </Stack>
  );
}
