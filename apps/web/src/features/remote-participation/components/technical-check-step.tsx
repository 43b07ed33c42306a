import { Alert, Box, Button, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { faceCheckOf, type LightVerdict, smallestWindowFor } from '../tracking/face-check';
import {
  type FaceTracker,
  startFaceTracker,
  TrackerError,
  type TrackerFailure,
} from '../tracking/face-tracker';
import type { FaceObservation } from '../tracking/tracking-messages';
import { type ItemState, StateIcon } from './check-item';
import { type Microphone, MicrophoneAdvice, MicrophoneItem } from './microphone-check';
import type { CheckItem, ParticipantTexts } from './participant-texts';
import { StepHeading } from './step-heading';

type Tracking =
  | { phase: 'starting' }
  | { phase: 'failed'; reason: TrackerFailure; detail: string }
  | { phase: 'tracking'; tracker: FaceTracker };

/** The observations the face and light are judged on: about the last second. */
const JUDGED_MS = 1200;
const JUDGE_EVERY_MS = 300;

function useFaceTracking() {
  const [tracking, setTracking] = useState<Tracking>({ phase: 'starting' });
  const handedOn = useRef(false);
  useEffect(() => {
    let current: FaceTracker | null = null;
    let cancelled = false;
    setTracking({ phase: 'starting' });
    startFaceTracker().then(
      (tracker) => {
        if (cancelled) tracker.stop();
        else {
          current = tracker;
          setTracking({ phase: 'tracking', tracker });
        }
      },
      (error: unknown) => {
        if (cancelled) return;
        const failure = error instanceof TrackerError ? error : new TrackerError('engine', String(error));
        setTracking({ phase: 'failed', reason: failure.reason, detail: failure.message });
      },
    );
    return () => {
      cancelled = true;
      // a tracker handed on to the calibration keeps running; one left behind stops
      if (current && !handedOn.current) current.stop();
    };
  }, []);
  return { tracking, handOn: () => (handedOn.current = true) };
}

function useFaceVerdict(tracker: FaceTracker | null) {
  const [verdict, setVerdict] = useState<ReturnType<typeof faceCheckOf>>(null);
  useEffect(() => {
    if (!tracker) return;
    const recent: FaceObservation[] = [];
    const unsubscribe = tracker.subscribe((observation) => {
      recent.push(observation);
      while ((recent[0]?.at ?? observation.at) < observation.at - JUDGED_MS) recent.shift();
    });
    const timer = setInterval(() => setVerdict(faceCheckOf(recent)), JUDGE_EVERY_MS);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, [tracker]);
  return verdict;
}

function CameraPreview({ tracker, label }: { tracker: FaceTracker; label: string }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const { video } = tracker;
    Object.assign(video.style, {
      position: 'static',
      width: '100%',
      height: 'auto',
      opacity: '1',
      zIndex: '',
      display: 'block',
      transform: 'scaleX(-1)',
      borderRadius: '8px',
    });
    holder.current?.append(video);
    return () => tracker.park();
  }, [tracker]);
  return (
    <Box component="figure" m={0}>
      <Box ref={holder} bg="dark.7" style={{ aspectRatio: '4 / 3', borderRadius: 8, overflow: 'hidden' }} />
      <Text component="figcaption" size="sm" c="dimmed" mt={4}>
        {label}
      </Text>
    </Box>
  );
}

const trackerAdvice = (texts: ParticipantTexts['check'], reason: TrackerFailure, detail: string) =>
  ({
    unsupported: texts.advice.unsupported(detail),
    'camera-denied': texts.advice.cameraDenied,
    'no-camera': texts.advice.noCamera,
    'camera-busy': texts.advice.cameraBusy,
    engine: texts.advice.engine,
  })[reason];

const lightAdvice = (texts: ParticipantTexts['check'], light: LightVerdict) =>
  light === 'ok'
    ? null
    : { tooDark: texts.advice.tooDark, tooBright: texts.advice.tooBright, uneven: texts.advice.uneven }[
        light
      ];

type CheckProps = {
  kind: 'desktop' | 'mobile' | 'video';
  texts: ParticipantTexts['check'];
  /** Asked beside the camera when the voice is recorded; it never holds the study up. */
  microphone: Microphone;
  microphoneTexts: ParticipantTexts['microphone'];
  allowWithoutGaze: boolean;
  onReady: (tracker: FaceTracker) => void;
  onWithoutGaze: () => void;
};

/**
 * Step 3: a supported browser, the camera allowed, a face in view and evenly lit, a window large
 * enough. Each failure says what to change; the checks re-run live, so fixing the light or moving
 * closer turns the item green without a button. Without the camera, the participant may go on
 * without gaze when the test allows it. The microphone, when the voice is recorded, is an item of
 * its own that says what to do without it ever holding the study up (a retry of the camera keeps it).
 */
export function TechnicalCheckStep(props: CheckProps) {
  // each try is a check of its own: the camera and the face tracking start again
  const [attempt, setAttempt] = useState(0);
  return <TechnicalCheck key={attempt} {...props} onRetry={() => setAttempt((value) => value + 1)} />;
}

function TechnicalCheck({
  kind,
  texts,
  microphone,
  microphoneTexts,
  allowWithoutGaze,
  onReady,
  onWithoutGaze,
  onRetry,
}: CheckProps & { onRetry: () => void }) {
  const { tracking, handOn } = useFaceTracking();
  const tracker = tracking.phase === 'tracking' ? tracking.tracker : null;
  const verdict = useFaceVerdict(tracker);
  const viewport = useViewportSize();
  const smallest = smallestWindowFor(kind);
  const screenOk = viewport.width >= smallest.width && viewport.height >= smallest.height;

  const trackerState: ItemState =
    tracking.phase === 'tracking' ? 'ok' : tracking.phase === 'failed' ? 'failed' : 'checking';
  const browserState: ItemState =
    tracking.phase === 'failed' && tracking.reason === 'unsupported'
      ? 'failed'
      : trackerState === 'checking'
        ? 'checking'
        : 'ok';
  const cameraState: ItemState = browserState === 'failed' ? 'checking' : trackerState;
  const faceState: ItemState = !verdict ? 'checking' : verdict.face === 'ok' ? 'ok' : 'failed';
  const lightState: ItemState = !verdict?.light ? 'checking' : verdict.light === 'ok' ? 'ok' : 'failed';
  const states: Record<CheckItem, ItemState> = {
    browser: browserState,
    camera: cameraState,
    face: tracker ? faceState : 'checking',
    light: tracker ? lightState : 'checking',
    screen: viewport.width ? (screenOk ? 'ok' : 'failed') : 'checking',
  };
  const advice = [
    tracking.phase === 'failed' ? trackerAdvice(texts, tracking.reason, tracking.detail) : null,
    tracker && verdict?.face === 'noFace' ? texts.advice.noFace : null,
    tracker && verdict?.face === 'faceSmall' ? texts.advice.faceSmall : null,
    tracker && verdict?.light ? lightAdvice(texts, verdict.light) : null,
    viewport.width && !screenOk
      ? // pixels ungrouped: '1,024' would read as a decimal in Dutch
        texts.advice.screenSmall(`${smallest.width} × ${smallest.height}`)
      : null,
  ].filter((text): text is string => Boolean(text));
  const allOk = Object.values(states).every((state) => state === 'ok');
  const stateLabel = (state: ItemState) => (state === 'ok' ? '✓' : state === 'failed' ? '✗' : texts.checking);

  return (
    <Stack gap="lg">
      <StepHeading title={texts.heading} intro={texts.intro} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {tracker ? (
          <CameraPreview tracker={tracker} label={texts.preview} />
        ) : (
          <Box bg="gray.1" style={{ aspectRatio: '4 / 3', borderRadius: 8 }} />
        )}
        <List spacing="sm" listStyleType="none" aria-live="polite">
          {(Object.keys(texts.items) as CheckItem[]).map((item) => (
            <List.Item key={item} icon={<StateIcon state={states[item]} label={stateLabel(states[item])} />}>
              {texts.items[item]}
            </List.Item>
          ))}
          {microphone.state ? (
            <MicrophoneItem state={microphone.state} texts={microphoneTexts} checking={texts.checking} />
          ) : null}
        </List>
      </SimpleGrid>
      <Box aria-live="polite">
        {advice.length ? (
          <Alert color="orange" variant="light">
            <Stack gap={4}>
              {advice.map((text) => (
                <Text key={text} size="sm">
                  {text}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : allOk ? (
          <Text fw={600}>{texts.passed}</Text>
        ) : null}
      </Box>
      <Box aria-live="polite">
        <MicrophoneAdvice microphone={microphone} texts={microphoneTexts} />
      </Box>
      <Group>
        <Button
          size="md"
          disabled={!allOk || !tracker}
          onClick={() => {
            if (!tracker) return;
            handOn();
            onReady(tracker);
          }}
        >
          {texts.continue}
        </Button>
        {tracking.phase === 'failed' && tracking.reason !== 'unsupported' ? (
          <Button size="md" variant="default" onClick={onRetry}>
            {texts.tryAgain}
          </Button>
        ) : null}
        {allowWithoutGaze &&
        (tracking.phase === 'failed' || (tracker && verdict && verdict.face !== 'ok')) ? (
          <Button size="md" variant="subtle" onClick={onWithoutGaze}>
            {texts.withoutGaze}
          </Button>
        ) : null}
      </Group>
      {allowWithoutGaze && tracking.phase === 'failed' ? (
        <Text size="sm" c="dimmed">
          {texts.withoutGazeHint}
        </Text>
      ) : null}
    </Stack>
  );
}
