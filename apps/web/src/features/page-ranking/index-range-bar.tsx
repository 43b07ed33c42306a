import type { ValueInterval } from '@limbus/analytics';
import type { Emotion } from '@limbus/contract';
import { Box, Text } from '@mantine/core';
import { EMOTION_COLORS } from '../../ui';
import { formatPercent } from '../../ui/format';

/** The stretch of index values (100 = the mean) that a group of bars shares, with its tick step. */
export type IndexScale = { min: number; max: number; step: number };

const STEPS = [5, 10, 20, 25, 50, 100, 200, 500];

/**
 * One scale for the bars of a ranking, so that bars side by side compare: it holds the mean
 * (100), every index and every interval bound, widened to whole steps of 5, 10, 20, 25, 50… index
 * points, the smallest step giving at most 5 intervals between ticks.
 */
export function indexScale(bars: readonly { index: number; interval: ValueInterval | null }[]): IndexScale {
  const values = [100];
  for (const { index, interval } of bars) {
    if (Number.isFinite(index)) values.push(index);
    if (interval) values.push(interval.lower, interval.upper);
  }
  const low = Math.min(...values);
  const high = Math.max(...values);
  const step = STEPS.find((s) => Math.ceil(high / s) - Math.floor(low / s) <= 5) ?? 1000;
  const min = Math.floor(low / step) * step;
  const max = Math.max(Math.ceil(high / step) * step, min + step);
  return { min, max, step };
}

/** An index as a difference from the mean, for a tick: 100 → 'mean', 120 → '+20 %', 90 → '−10 %'. */
export function tickLabel(index: number): string {
  if (index === 100) return 'mean';
  return formatPercent((index - 100) / 100, { isSigned: true }).replace('-', '−');
}

/**
 * An index bar with its scale: the bar runs from the mean (100, the dashed line) to the index, the
 * 95 % interval is the dark range with end caps across it, and the ticks below say how far from
 * the mean each point is. `label` is what a screen reader hears (the bar says it as a picture).
 */
export function IndexRangeBar({
  index,
  interval,
  scale,
  emotion,
  label,
}: {
  index: number;
  interval: ValueInterval | null;
  scale: IndexScale;
  emotion: Emotion;
  label: string;
}) {
  const cssPosition = (value: number) => `${((value - scale.min) / (scale.max - scale.min)) * 100}%`;
  const left = Math.min(100, index);
  const right = Math.max(100, index);
  const ticks: number[] = [];
  for (let value = scale.min; value <= scale.max + 1e-9; value += scale.step) ticks.push(value);
  return (
    <Box role="img" aria-label={label} pos="relative" h={40} mx={14} data-testid="index-range-bar">
      <Box pos="absolute" top={9} left={0} right={0} h={2} bg="gray.2" />
      {Number.isFinite(index) ? (
        <Box
          pos="absolute"
          top={5}
          h={10}
          left={cssPosition(left)}
          w={`calc(${cssPosition(right)} - ${cssPosition(left)})`}
          bg={EMOTION_COLORS[emotion]}
          style={{ borderRadius: 3, opacity: 0.85 }}
        />
      ) : null}
      {interval ? (
        <Box
          pos="absolute"
          top={2}
          h={16}
          left={cssPosition(interval.lower)}
          w={`calc(${cssPosition(interval.upper)} - ${cssPosition(interval.lower)})`}
          style={{
            borderLeft: '2px solid var(--mantine-color-dark-6)',
            borderRight: '2px solid var(--mantine-color-dark-6)',
          }}
        >
          <Box pos="absolute" top={7} left={0} right={0} h={2} bg="dark.6" />
        </Box>
      ) : null}
      {Number.isFinite(index) ? (
        <Box
          pos="absolute"
          top={4}
          left={`calc(${cssPosition(index)} - 6px)`}
          w={12}
          h={12}
          bg="white"
          style={{ borderRadius: '50%', border: '2px solid var(--mantine-color-dark-6)' }}
        />
      ) : null}
      <Box
        pos="absolute"
        top={0}
        h={22}
        left={cssPosition(100)}
        style={{ borderLeft: '1px dashed var(--mantine-color-dark-3)' }}
      />
      {ticks.map((value) => (
        <Text
          key={value}
          aria-hidden
          pos="absolute"
          top={22}
          left={cssPosition(value)}
          size="xs"
          c="dimmed"
          style={{ transform: 'translateX(-50%)', whiteSpace: 'nowrap', lineHeight: 1.4 }}
        >
          {tickLabel(value)}
        </Text>
      ))}
    </Box>
  );
}
