import {
  CONSENT_PURPOSE_NAMES,
  CONSENT_PURPOSES,
  CONSENT_STREAM_NAMES,
  CONSENT_STREAMS,
  type ConsentPurpose,
  type ConsentStream,
} from '@limbus/contract';
import { Badge, Group, Text } from '@mantine/core';

/** The streams or purposes granted, as badges; those of `all` not granted struck through when `showMissing`. */
export function GrantBadges({
  streams,
  purposes,
  showMissing = false,
}: {
  streams: readonly ConsentStream[];
  purposes: readonly ConsentPurpose[];
  showMissing?: boolean;
}) {
  return (
    <Group gap={6} wrap="wrap">
      {CONSENT_STREAMS.filter((stream) => showMissing || streams.includes(stream)).map((stream) => (
        <Badge
          key={stream}
          variant={streams.includes(stream) ? 'light' : 'outline'}
          color={streams.includes(stream) ? 'teal' : 'gray'}
          td={streams.includes(stream) ? undefined : 'line-through'}
          aria-label={`${CONSENT_STREAM_NAMES[stream]}: ${streams.includes(stream) ? 'granted' : 'not granted'}`}
        >
          {CONSENT_STREAM_NAMES[stream]}
        </Badge>
      ))}
      {CONSENT_PURPOSES.filter((purpose) => showMissing || purposes.includes(purpose)).map((purpose) => (
        <Badge
          key={purpose}
          variant={purposes.includes(purpose) ? 'light' : 'outline'}
          color={purposes.includes(purpose) ? 'indigo' : 'gray'}
          td={purposes.includes(purpose) ? undefined : 'line-through'}
          aria-label={`${PURPOSE_SHORT[purpose]}: ${purposes.includes(purpose) ? 'granted' : 'not granted'}`}
          title={CONSENT_PURPOSE_NAMES[purpose]}
        >
          {PURPOSE_SHORT[purpose]}
        </Badge>
      ))}
      {streams.length === 0 && purposes.length === 0 && !showMissing ? (
        <Text size="sm" c="dimmed">
          Nothing granted
        </Text>
      ) : null}
    </Group>
  );
}

/** The purposes' short names for badges; their full names are CONSENT_PURPOSE_NAMES. */
export const PURPOSE_SHORT: Record<ConsentPurpose, string> = {
  report: "The study's report",
  norms: 'Norms and benchmarks',
  ai: 'AI processing',
};
