import type { HeatmapArea } from '@limbus/contract';
import { List, Text } from '@mantine/core';
import {
  EMOTION_TEXT_COLORS,
  formatCount,
  formatOneDecimal,
  formatPercent,
  formatSeconds,
} from '../../../ui';

/** What one area of interest drew, in sentences: who looked, when, how long, how often, how they felt. */
export function AreaMetricsList({ area, visitors }: { area: HeatmapArea | undefined; visitors: number }) {
  if (!area)
    return (
      <Text size="xs" c="dimmed">
        Measuring…
      </Text>
    );
  if (visitors === 0)
    return (
      <Text size="xs" c="dimmed">
        Nobody visited this page.
      </Text>
    );
  if (area.looked === 0)
    return (
      <Text size="xs" c="dimmed">
        None of the {formatCount(visitors)} visitors looked here.
      </Text>
    );
  return (
    <List size="xs" spacing={2} listStyleType="none" aria-label="What this area drew">
      <List.Item>
        {formatPercent(area.looked_share)} of participants looked ({area.looked} of {visitors})
      </List.Item>
      <List.Item>
        First look after {formatSeconds(area.time_to_first_fixation ?? 0)} on the page, on average
      </List.Item>
      <List.Item>Looked for {formatSeconds(area.dwell_time ?? 0)} in all, on average</List.Item>
      <List.Item>
        {area.revisits === 0
          ? 'Nobody came back to it after looking away'
          : `Came back ${formatOneDecimal(area.revisits ?? 0)} times after looking away, on average`}
      </List.Item>
      {area.emotions ? (
        <List.Item>
          While looking: joy{' '}
          <Text span fw={600} c={EMOTION_TEXT_COLORS.joy} inherit>
            {formatPercent(area.emotions.joy)}
          </Text>
          , attention{' '}
          <Text span fw={600} c={EMOTION_TEXT_COLORS.attention} inherit>
            {formatPercent(area.emotions.attention)}
          </Text>
          , frustration{' '}
          <Text span fw={600} c={EMOTION_TEXT_COLORS.frustration} inherit>
            {formatPercent(area.emotions.frustration)}
          </Text>
        </List.Item>
      ) : null}
    </List>
  );
}
