import type { ConsentStream, RemoteStudy } from '@limbus/contract';
import { Box, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../api';
import { BrandMark, ErrorAlert, PageLoader } from '../../../ui';
import { type RemoteSession, useRemoteStudy, useSessionApi } from '../api';
import type { FaceTracker } from '../tracking/face-tracker';
import { type ObservationWindow, observationWindow } from '../tracking/observation-window';
import { type SessionRecording, sessionRecording } from '../tracking/session-recording';
import { type CalibrationOutcome, CalibrationStep } from './calibration-step';
import { ConsentStep } from './consent-step';
import { FinishStep } from './finish-step';
import { PARTICIPANT_TEXTS, type ParticipantTexts, participantLanguage } from './participant-texts';
import { asksQuestions, QuestionsStep } from './questions-step';
import { StepHeading } from './step-heading';
import { type GazeChecks, StimulusStep } from './stimulus-step';
import { TechnicalCheckStep } from './technical-check-step';
import { WelcomeStep } from './welcome-step';

/**
 * /p/{token}: a remote cohort's participant, in a light shell (no app navigation, no account menu),
 * in the test's language, one step at a time. The link's token and the session's live in memory
 * only; the camera's tracker runs from the technical check to the end and is stopped on leaving.
 */
export function ParticipantStudy({ token }: { token: string }) {
  const study = useRemoteStudy(token);
  return (
    <Box maw={720} mx="auto" px="md" py="lg">
      <Group component="header" mb="lg">
        <BrandMark />
      </Group>
      {study.isLoading ? (
        <Box component="main" lang="en">
          <PageLoader label="Opening the study" />
        </Box>
      ) : study.data ? (
        <StudyFlow token={token} study={study.data} />
      ) : (
        <Refusal error={study.error} />
      )}
    </Box>
  );
}

function StudyFlow({ token, study }: { token: string; study: RemoteStudy }) {
  const language = participantLanguage(study.test.language);
  const texts = PARTICIPANT_TEXTS[language];
  const [joined, setJoined] = useState<{ session: RemoteSession; streams: ConsentStream[] } | null>(null);
  const [started, setStarted] = useState(false);
  return (
    <Stack component="main" lang={language} gap="md">
      <ScrollToTop key={joined ? 'session' : started ? 'consent' : 'welcome'} />
      {joined ? (
        <SessionFlow study={study} texts={texts} session={joined.session} streams={joined.streams} />
      ) : started ? (
        <ConsentStep
          token={token}
          study={study}
          texts={texts.consent}
          onJoined={(session, streams) => setJoined({ session, streams })}
        />
      ) : (
        <WelcomeStep study={study} texts={texts.welcome} onStart={() => setStarted(true)} />
      )}
    </Stack>
  );
}

type Gaze = { tracker: FaceTracker; frames: ObservationWindow };
type Step =
  | { name: 'check' }
  | { name: 'calibration'; gaze: Gaze }
  | { name: 'stimulus'; recording: SessionRecording; checks: GazeChecks | null }
  | { name: 'questions'; recording: SessionRecording }
  | { name: 'finish'; recording: SessionRecording | null; stopped: boolean };

/** Each step starts at the top of the page: rendered keyed by the step, it scrolls as it mounts. */
function ScrollToTop() {
  // a block body: Chromium's scrollTo returns a promise, which React would take for a clean-up
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return null;
}

/** After consenting: the check and calibration when gaze was consented to, the study, the questions, the end. */
function SessionFlow({
  study,
  texts,
  session,
  streams,
}: {
  study: RemoteStudy;
  texts: ParticipantTexts;
  session: RemoteSession;
  streams: ConsentStream[];
}) {
  const sessionApi = useSessionApi(session);
  const material = useQuery({
    queryKey: ['remote-material', session.token],
    queryFn: async ({ signal }) => (await sessionApi.material({ signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const tracker = useRef<FaceTracker | null>(null);
  const attempts = useRef(0);
  const nextAttempt = () => ++attempts.current;
  const withoutGaze = (): Step => ({
    name: 'stimulus',
    recording: sessionRecording({
      sessionApi,
      gaze: null,
      expressionsOf: streams.includes('expressions') ? tracker.current : null,
      recordMouse: streams.includes('mice'),
    }),
    checks: null,
  });
  const withGaze = (gaze: Gaze, outcome: CalibrationOutcome): Step => {
    if (outcome.kind !== 'gaze') return withoutGaze();
    return {
      name: 'stimulus',
      recording: sessionRecording({
        sessionApi,
        gaze: { tracker: gaze.tracker, model: outcome.model },
        expressionsOf: streams.includes('expressions') ? gaze.tracker : null,
        recordMouse: streams.includes('mice'),
      }),
      checks: {
        frames: gaze.frames,
        model: outcome.model,
        thresholdDeg: study.gaze.threshold_deg,
        sessionApi,
        nextAttempt,
        texts: texts.calibration,
      },
    };
  };
  const [step, setStep] = useState<Step>(() =>
    streams.includes('eyes') ? { name: 'check' } : withoutGaze(),
  );
  useEffect(() => () => tracker.current?.stop(), []);

  const afterStimulus = (recording: SessionRecording) =>
    setStep(
      streams.includes('answers') && material.data && asksQuestions(material.data.questions)
        ? { name: 'questions', recording }
        : { name: 'finish', recording, stopped: false },
    );

  return (
    <>
      <ScrollToTop key={step.name} />
      {stepView()}
    </>
  );

  function stepView() {
    if (step.name === 'check')
      return (
        <TechnicalCheckStep
          kind={study.test.kind}
          texts={texts.check}
          allowWithoutGaze={study.gaze.on_failure === 'continue_without_gaze'}
          onReady={(ready) => {
            tracker.current = ready;
            setStep({ name: 'calibration', gaze: { tracker: ready, frames: observationWindow(ready) } });
          }}
          onWithoutGaze={() => setStep(withoutGaze())}
        />
      );
    if (step.name === 'calibration')
      return (
        <CalibrationStep
          frames={step.gaze.frames}
          gaze={study.gaze}
          sessionApi={sessionApi}
          texts={texts.calibration}
          nextAttempt={nextAttempt}
          onDone={(outcome) => {
            if (outcome.kind !== 'gaze') tracker.current?.stop();
            setStep(
              outcome.kind === 'stop'
                ? { name: 'finish', recording: null, stopped: true }
                : withGaze(step.gaze, outcome),
            );
          }}
        />
      );
    if (step.name === 'finish')
      return (
        <FinishStep
          sessionApi={sessionApi}
          recording={step.recording}
          stopped={step.stopped}
          texts={texts.finish}
        />
      );
    if (!material.data)
      return material.isError ? (
        <ErrorAlert error={material.error} />
      ) : (
        <PageLoader label={texts.stimulus.heading} />
      );
    if (step.name === 'questions')
      return (
        <QuestionsStep
          questions={material.data.questions}
          sessionApi={sessionApi}
          texts={texts.questions}
          onDone={() => setStep({ name: 'finish', recording: step.recording, stopped: false })}
        />
      );
    return (
      <StimulusStep
        stimulus={material.data.stimulus}
        platform={study.test.kind}
        recording={step.recording}
        checks={step.checks}
        texts={texts.stimulus}
        onDone={() => {
          tracker.current?.stop();
          afterStimulus(step.recording);
        }}
      />
    );
  }
}

/**
 * Why the link opens no study: the server's own message (unknown link, full, expired, closed,
 * too many tries), shown as it is. It comes before the study's language is known: English.
 */
function Refusal({ error }: { error: unknown }) {
  const isServerFault = !isApiError(error) || error.status >= 500;
  return (
    <Stack component="main" lang="en" gap="sm">
      <StepHeading title="Study not available" />
      <Text>{isServerFault ? 'The study could not be opened. Try again in a moment.' : error.message}</Text>
    </Stack>
  );
}
