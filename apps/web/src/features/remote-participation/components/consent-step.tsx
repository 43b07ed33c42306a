import type { ConsentPurpose, ConsentStream, RemoteStudy } from '@limbus/contract';
import { Alert, Box, Button, Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { isApiError } from '../../../api';
import { type RemoteSession, useJoinStudy } from '../api';
import type { ParticipantTexts } from './participant-texts';
import { StepHeading } from './step-heading';

/** The panel's id of the participant, as recruitment panels put it on the link (Prolific: PROLIFIC_PID). */
function panelIdOf(search: string): string | undefined {
  const query = new URLSearchParams(search);
  return query.get('PROLIFIC_PID') ?? query.get('participant_id') ?? undefined;
}

/**
 * The test's consent terms, then a choice per stream and per purpose the terms cover, all
 * unticked: consent is given, not presumed. Agreeing creates the participant with its consent.
 */
export function ConsentStep({
  token,
  study,
  texts,
  onJoined,
}: {
  token: string;
  study: RemoteStudy;
  texts: ParticipantTexts['consent'];
  onJoined: (session: RemoteSession, streams: ConsentStream[]) => void;
}) {
  const terms = study.consent_terms;
  const [streams, setStreams] = useState<ConsentStream[]>([]);
  const [purposes, setPurposes] = useState<ConsentPurpose[]>([]);
  const [problem, setProblem] = useState<{ streams?: string; purposes?: string }>({});
  const join = useJoinStudy(token);
  const termsHeading = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      streams: streams.length ? undefined : texts.noStream,
      purposes: purposes.length ? undefined : texts.noPurpose,
    };
    setProblem(missing);
    if (missing.streams || missing.purposes) return;
    join.mutate(
      {
        external_id: panelIdOf(window.location.search),
        consent: { version: terms.version, streams, purposes },
      },
      { onSuccess: (session) => onJoined(session, streams) },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <StepHeading title={texts.heading} intro={texts.intro} />
        <Box component="section" aria-labelledby={termsHeading}>
          <Title order={2} id={termsHeading} fz="lg" mb="xs">
            {texts.terms}
          </Title>
          <Paper withBorder p="md" radius="md">
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{terms.text}</Text>
          </Paper>
        </Box>
        <Checkbox.Group
          label={texts.streams}
          value={streams}
          onChange={(value) => setStreams(value as ConsentStream[])}
          error={problem.streams}
        >
          <Stack gap="xs" mt="xs">
            {terms.streams.map((stream) => (
              <Checkbox key={stream} value={stream} label={texts.streamNames[stream]} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Checkbox.Group
          label={texts.purposes}
          value={purposes}
          onChange={(value) => setPurposes(value as ConsentPurpose[])}
          error={problem.purposes}
        >
          <Stack gap="xs" mt="xs">
            {terms.purposes.map((purpose) => (
              <Checkbox key={purpose} value={purpose} label={texts.purposeNames[purpose]} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Text>{texts.onDevice}</Text>
        {terms.streams.includes('voice') ? <Text>{texts.voiceSent}</Text> : null}
        {join.error ? (
          <Alert color="red" variant="light" role="alert">
            {isApiError(join.error) ? texts.refusal(join.error.message) : String(join.error)}
          </Alert>
        ) : null}
        <Box>
          <Button
            type="submit"
            size="md"
            loading={join.isPending}
            loaderProps={{ 'aria-label': texts.joining }}
          >
            {texts.agree}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
