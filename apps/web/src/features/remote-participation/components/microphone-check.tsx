import { Alert, Box, Button, List, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { askMicrophone, type MicrophoneFailure, releaseStream } from '../tracking/microphone';
import { StateIcon } from './check-item';
import type { ParticipantTexts } from './participant-texts';
import { StepHeading } from './step-heading';

type MicrophoneState =
  | { phase: 'asking' }
  | { phase: 'granted' }
  | { phase: 'failed'; failure: MicrophoneFailure };

export type Microphone = {
  /** Null when the voice is not recorded (not consented): no microphone is asked. */
  state: MicrophoneState | null;
  retry: () => void;
  /** Hands the stream to the recorder, once; null when there is none to hand. */
  claim: () => MediaStream | null;
  /** Lets go of a stream no recorder took (the study ended without one). */
  release: () => void;
};

/**
 * The microphone, asked once when the voice is to be recorded and kept for the recorder, so the
 * participant is not asked twice; asked again on `retry`. A stream no recorder claimed is released
 * on leaving.
 */
export function useMicrophone(wanted: boolean): Microphone {
  const [state, setState] = useState<MicrophoneState | null>(wanted ? { phase: 'asking' } : null);
  const unclaimed = useRef<MediaStream | null>(null);
  // each ask's number: an answer to an ask since replaced (a retry, leaving) is let go
  const asked = useRef(0);
  const release = useCallback(() => {
    if (unclaimed.current) releaseStream(unclaimed.current);
    unclaimed.current = null;
  }, []);
  const ask = useCallback(() => {
    const mine = ++asked.current;
    setState({ phase: 'asking' });
    void askMicrophone().then((answer) => {
      if (mine !== asked.current) {
        if ('stream' in answer) releaseStream(answer.stream);
        return;
      }
      if ('failure' in answer) return setState({ phase: 'failed', failure: answer.failure });
      unclaimed.current = answer.stream;
      setState({ phase: 'granted' });
    });
  }, []);

  useEffect(() => {
    if (wanted) ask();
    return () => {
      asked.current++;
      release();
    };
  }, [wanted, ask, release]);

  return {
    state,
    retry: () => {
      release();
      ask();
    },
    claim: () => {
      const stream = unclaimed.current;
      unclaimed.current = null;
      return stream;
    },
    release,
  };
}

/** The microphone as an item of a check list: allowed, being asked, or not recording. */
export function MicrophoneItem({
  state,
  texts,
  checking,
}: {
  state: MicrophoneState;
  texts: ParticipantTexts['microphone'];
  checking: string;
}) {
  const [itemState, label] =
    state.phase === 'granted'
      ? (['ok', '✓'] as const)
      : state.phase === 'failed'
        ? (['failed', '✗'] as const)
        : (['checking', checking] as const);
  return <List.Item icon={<StateIcon state={itemState} label={label} />}>{texts.item}</List.Item>;
}

/**
 * What the microphone's state means for the participant: the prompt to answer, or that the voice
 * will not be recorded, how to allow it, and a way to ask again. It never holds the study up.
 */
export function MicrophoneAdvice({
  microphone,
  texts,
}: {
  microphone: Microphone;
  texts: ParticipantTexts['microphone'];
}) {
  const { state } = microphone;
  if (!state || state.phase === 'granted') return null;
  if (state.phase === 'asking') return <Text size="sm">{texts.asking}</Text>;
  return (
    <Alert color="gray" variant="light">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{texts.failed[state.failure]}</Text>
        {state.failure === 'unsupported' ? null : (
          <Button size="sm" variant="default" onClick={microphone.retry}>
            {texts.tryAgain}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * The microphone on its own, before the study, for a participant who consented to the voice but
 * has no camera check (no gaze consented, or a reload that goes on at the study).
 */
export function MicrophoneStep({
  microphone,
  texts,
  checking,
  onContinue,
}: {
  microphone: Microphone;
  texts: ParticipantTexts['microphone'];
  checking: string;
  onContinue: () => void;
}) {
  return (
    <Stack gap="lg">
      <StepHeading title={texts.heading} intro={texts.intro} />
      {microphone.state ? (
        <List spacing="sm" listStyleType="none" aria-live="polite">
          <MicrophoneItem state={microphone.state} texts={texts} checking={checking} />
        </List>
      ) : null}
      <Box aria-live="polite">
        <MicrophoneAdvice microphone={microphone} texts={texts} />
      </Box>
      <Box>
        <Button size="md" onClick={onContinue}>
          {texts.continue}
        </Button>
      </Box>
    </Stack>
  );
}
