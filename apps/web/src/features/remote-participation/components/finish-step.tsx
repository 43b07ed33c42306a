import { Alert, Anchor, Box, Button, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PageLoader } from '../../../ui';
import type { SessionApi } from '../api';
import type { SessionRecording } from '../tracking/session-recording';
import type { ParticipantTexts } from './participant-texts';
import { StepHeading } from './step-heading';

/** How long the thank-you stands before the panel's redirect. */
const REDIRECT_AFTER_MS = 3000;

/**
 * Step 7: what is left of the recording is sent, the session ends (the server merges the batches
 * and queues the analysis), and the participant is thanked and sent back to the panel, whose
 * address comes from the server with its placeholders filled. A failure keeps everything in
 * memory and offers to try again.
 */
export function FinishStep({
  sessionApi,
  recording,
  stopped,
  texts,
}: {
  sessionApi: SessionApi;
  recording: SessionRecording | null;
  stopped: boolean;
  texts: ParticipantTexts['finish'];
}) {
  const [state, setState] = useState<
    { name: 'saving' } | { name: 'failed' } | { name: 'ended'; redirect: string | null }
  >({
    name: 'saving',
  });
  const started = useRef(false);
  const end = useCallback(async () => {
    setState({ name: 'saving' });
    try {
      await recording?.finish();
      const { data } = await sessionApi.end({ body: {} });
      setState({ name: 'ended', redirect: data.redirect_url });
    } catch {
      setState({ name: 'failed' });
    }
  }, [recording, sessionApi]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void end();
  }, [end]);
  useEffect(() => {
    if (state.name !== 'ended' || !state.redirect) return;
    const redirect = state.redirect;
    const timer = setTimeout(() => window.location.assign(redirect), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state]);

  if (state.name === 'saving') return <PageLoader label={texts.saving} />;
  return (
    <Stack gap="lg">
      <StepHeading title={texts.heading} />
      {state.name === 'failed' ? (
        <>
          <Alert color="red" variant="light" role="alert">
            {texts.failed}
          </Alert>
          <Box>
            <Button size="md" onClick={() => void end()}>
              {texts.retry}
            </Button>
          </Box>
        </>
      ) : (
        <>
          <Text>{stopped ? texts.stopped : texts.done}</Text>
          {state.redirect ? (
            <Text role="status">
              {texts.redirecting} <Anchor href={state.redirect}>{texts.back}</Anchor>
            </Text>
          ) : null}
        </>
      )}
    </Stack>
  );
}
