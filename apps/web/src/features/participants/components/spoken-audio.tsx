import type { VoiceTake } from '@limbus/contract';
import { Alert, Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { isApiError } from '../../../api';
import { formatDate, formatDateTime, formatMinutesSeconds } from '../../../ui';
import { useParticipantVoice } from '../api';

/** 'Take 1 · 2:31 · from 24 Nov 2026, 14:05'; without the length while it is not known. */
export function takeLabel(take: VoiceTake): string {
  const length = take.duration_ms === null ? [] : [formatMinutesSeconds(take.duration_ms)];
  return [`Take ${take.take}`, ...length, `from ${formatDateTime(take.started_at)}`].join(' · ');
}

/**
 * The first signed address of each take: a poll for another take's file answers fresh
 * signatures, which would reload a take being played.
 */
function useKeptUrls(takes: readonly VoiceTake[]) {
  const kept = useRef(new Map<number, string>());
  for (const take of takes)
    if (take.url && !kept.current.has(take.take)) kept.current.set(take.take, take.url);
  return (take: VoiceTake) => kept.current.get(take.take) ?? null;
}

function Take({ take, url }: { take: VoiceTake; url: string | null }) {
  const labelId = useId();
  const [failed, setFailed] = useState(false);
  return (
    <Box component="li">
      <Text id={labelId} size="sm" fw={500} mb={4}>
        {takeLabel(take)}
      </Text>
      {url === null ? (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            Being prepared…
          </Text>
        </Group>
      ) : failed ? (
        <Text size="sm" role="alert">
          This take could not be played. Reload the page to try again; if it still fails, open it in Chrome or
          Firefox, which play every recorded format.
        </Text>
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: the participant's own speech, of which no transcript exists
        <audio
          controls
          preload="metadata"
          src={url}
          aria-labelledby={labelId}
          onError={() => setFailed(true)}
          style={{ width: '100%' }}
        />
      )}
    </Box>
  );
}

function VoiceContent({ testId, participantId }: { testId: number; participantId: number }) {
  const voice = useParticipantVoice(testId, participantId);
  const urlOf = useKeptUrls(voice.data?.takes ?? []);
  if (voice.isPending) return <Loader size="sm" aria-label="Loading the spoken audio" />;
  if (voice.isError)
    return (
      <Alert color="red" variant="light" title="The spoken audio could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {isApiError(voice.error) && voice.error.status > 0 && voice.error.status < 500
              ? voice.error.message
              : 'Check your connection, then try again.'}
          </Text>
          <Button size="xs" variant="default" onClick={() => void voice.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  const { consented, takes, removed_at: removedAt } = voice.data;
  if (!consented)
    return <Text size="sm">Not recorded: the participant did not agree to voice recording.</Text>;
  if (removedAt !== null)
    return <Text size="sm">Removed by the retention policy on {formatDate(removedAt)}.</Text>;
  if (takes.length === 0) return <Text size="sm">No spoken audio was recorded.</Text>;
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
      {takes.map((take) => (
        <Take key={take.take} take={take} url={urlOf(take)} />
      ))}
    </Stack>
  );
}

/**
 * What a remote participant said aloud while the study ran: a player per take (one per page load
 * of the participant), or why there is none to play.
 */
export function SpokenAudio({
  testId,
  participantId,
  headingOrder,
}: {
  testId: number;
  participantId: number;
  /** The heading's level in its screen. */
  headingOrder: 2 | 3;
}) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Title order={headingOrder} fz="lg" id={headingId} mb="xs">
        Spoken audio
      </Title>
      <VoiceContent testId={testId} participantId={participantId} />
    </Box>
  );
}
