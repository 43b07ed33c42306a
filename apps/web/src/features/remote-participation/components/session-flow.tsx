import type { GazeModel } from '@limbus/analytics';
import type { ConsentStream, RemoteSessionProgress, RemoteStudy } from '@limbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ErrorAlert, PageLoader } from '../../../ui';
import { type RemoteSession, useSessionApi } from '../api';
import type { ResumePlan } from '../resume';
import { storeGazeModel } from '../session-store';
import type { FaceTracker } from '../tracking/face-tracker';
import { type ObservationWindow, observationWindow } from '../tracking/observation-window';
import { type SessionRecording, sessionRecording } from '../tracking/session-recording';
import { startVoiceRecorder } from '../tracking/voice-recorder';
import { type CalibrationOutcome, CalibrationStep } from './calibration-step';
import { FinishStep } from './finish-step';
import { MicrophoneStep, useMicrophone } from './microphone-check';
import type { ParticipantTexts } from './participant-texts';
import { asksQuestions, QuestionsStep } from './questions-step';
import { type GazeChecks, StimulusStep } from './stimulus-step';
import { TechnicalCheckStep } from './technical-check-step';
import { VoiceIndicator } from './voice-indicator';

/**
 * Where a reloaded session goes on: the plan, the server's next batch numbers, voice take and last
 * attempt, the kept model.
 */
export type Resume = {
  plan: ResumePlan;
  nextSeq: RemoteSessionProgress['next_seq'];
  voiceTake: RemoteSessionProgress['next_voice_take'];
  attempts: number;
  model: GazeModel | null;
};

type Gaze = { tracker: FaceTracker; frames: ObservationWindow };
type Step =
  | { name: 'check' }
  | { name: 'microphone' }
  | { name: 'calibration'; gaze: Gaze }
  | { name: 'stimulus'; recording: SessionRecording; checks: GazeChecks | null }
  | { name: 'questions'; recording: SessionRecording }
  | { name: 'finish'; recording: SessionRecording | null; stopped: boolean };

/** Each step starts at the top of the page: rendered keyed by the step, it scrolls as it mounts. */
export function ScrollToTop() {
  // a block body: Chromium's scrollTo returns a promise, which React would take for a clean-up
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return null;
}

/**
 * After consenting: the check and calibration when gaze was consented to (the microphone asked
 * with it, or on a step of its own without the camera's check, when the voice was consented to),
 * the study, the questions, the end; after a reload, from where `resume` says. The voice is
 * recorded from the study's start to the end, as one take per page load.
 */
export function SessionFlow({
  link,
  study,
  texts,
  session,
  streams,
  resume,
}: {
  link: string;
  study: Pick<RemoteStudy, 'test' | 'gaze'>;
  texts: ParticipantTexts;
  session: RemoteSession;
  streams: ConsentStream[];
  resume?: Resume;
}) {
  const sessionApi = useSessionApi(session);
  const material = useQuery({
    queryKey: ['remote-material', session.token],
    queryFn: async ({ signal }) => (await sessionApi.material({ signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  // validations are numbered on from the server's last attempt after a reload
  const tracker = useRef<FaceTracker | null>(null);
  const attempts = useRef(resume?.attempts ?? 0);
  const nextAttempt = () => ++attempts.current;
  // a reloaded session whose calibration passed goes from the camera's check to the study with its kept model
  const keptModel = useRef(
    resume?.plan.step === 'check' && resume.plan.next === 'stimulus' ? resume.model : null,
  );
  const firstSeq = resume?.nextSeq;
  const recordsVoice = streams.includes('voice');
  const microphone = useMicrophone(recordsVoice && resume?.plan.step !== 'finish');
  const voiceTake = resume?.voiceTake ?? 1;
  const startVoice = () => {
    const stream = microphone.claim();
    return stream
      ? startVoiceRecorder({ stream, take: voiceTake, upload: sessionApi.uploadVoiceChunk })
      : null;
  };
  const withoutGaze = (): Step => ({
    name: 'stimulus',
    recording: sessionRecording({
      sessionApi,
      gaze: null,
      expressionsOf: streams.includes('expressions') ? tracker.current : null,
      recordMouse: streams.includes('mice'),
      voice: startVoice(),
      firstSeq,
    }),
    checks: null,
  });
  // without the camera's check, the microphone is asked on a step of its own
  const toStudy = (): Step => (recordsVoice ? { name: 'microphone' } : withoutGaze());
  const withGaze = (gaze: Gaze, outcome: CalibrationOutcome): Step => {
    if (outcome.kind !== 'gaze') return withoutGaze();
    return {
      name: 'stimulus',
      recording: sessionRecording({
        sessionApi,
        gaze: { tracker: gaze.tracker, model: outcome.model },
        expressionsOf: streams.includes('expressions') ? gaze.tracker : null,
        recordMouse: streams.includes('mice'),
        voice: startVoice(),
        firstSeq,
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
  const [step, setStep] = useState<Step>(() => {
    if (resume?.plan.step === 'finish')
      return { name: 'finish', recording: null, stopped: resume.plan.stopped };
    if (resume?.plan.step === 'stimulus') return toStudy();
    return streams.includes('eyes') ? { name: 'check' } : toStudy();
  });
  useEffect(() => () => tracker.current?.stop(), []);
  // an end that no recorder reached (a calibration that stopped the study) lets the microphone go
  const { release } = microphone;
  useEffect(() => {
    if (step.name === 'finish') release();
  }, [step.name, release]);

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
          microphone={microphone}
          microphoneTexts={texts.microphone}
          allowWithoutGaze={study.gaze.on_failure === 'continue_without_gaze'}
          onReady={(ready) => {
            tracker.current = ready;
            const gaze = { tracker: ready, frames: observationWindow(ready) };
            const model = keptModel.current;
            keptModel.current = null;
            setStep(model ? withGaze(gaze, { kind: 'gaze', model }) : { name: 'calibration', gaze });
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
            if (outcome.kind === 'gaze') storeGazeModel(link, outcome.model);
            else tracker.current?.stop();
            setStep(
              outcome.kind === 'stop'
                ? { name: 'finish', recording: null, stopped: true }
                : withGaze(step.gaze, outcome),
            );
          }}
        />
      );
    if (step.name === 'microphone')
      return (
        <MicrophoneStep
          microphone={microphone}
          texts={texts.microphone}
          checking={texts.check.checking}
          onContinue={() => setStep(withoutGaze())}
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
          indicator={<VoiceIndicator voice={step.recording.voice} label={texts.microphone.recording} />}
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
        voiceLabel={texts.microphone.recording}
        onDone={() => {
          tracker.current?.stop();
          afterStimulus(step.recording);
        }}
      />
    );
  }
}
