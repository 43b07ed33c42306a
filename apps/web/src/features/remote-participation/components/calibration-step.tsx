import { type CalibrationSample, fitGazeModel, type GazeModel, predictGaze } from '@limbus/analytics';
import type { RemoteGazeSettings, RemoteValidation } from '@limbus/contract';
import { Alert, Box, Button, Group, List, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../api';
import { formatCount, formatOneDecimal, PageLoader } from '../../../ui';
import type { SessionApi } from '../api';
import {
  CALIBRATION_POINTS,
  CALIBRATION_READ_MS,
  LEAST_FRAMES_A_POINT,
  VALIDATION_POINTS,
  VALIDATION_READ_FROM_MS,
  VALIDATION_SHOW_MS,
} from '../tracking/calibration-points';
import type { ObservationWindow } from '../tracking/observation-window';
import type { ParticipantTexts } from './participant-texts';
import { StepHeading } from './step-heading';

/** What the calibration ends with: a gaze model to track with, going on without gaze, or stopping. */
export type CalibrationOutcome =
  | { kind: 'gaze'; model: GazeModel }
  | { kind: 'without-gaze' }
  | { kind: 'stop' };

type Texts = ParticipantTexts['calibration'];
type Phase =
  | { name: 'intro' }
  | { name: 'running'; attempt: number }
  | { name: 'result'; model: GazeModel; validation: RemoteValidation };
type ValidationTargets = { x: number; y: number; estimates: { x: number; y: number }[] }[];

const degrees = (value: number) => `${formatOneDecimal(value)}°`;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CENTRE = { x: 0.5, y: 0.5 };
export const onScreen = (share: { x: number; y: number }) => ({
  x: Math.round(share.x * window.innerWidth),
  y: Math.round(share.y * window.innerHeight),
});

/** The whole window, white, with one dot: the calibration's and the validation's stage. */
export function DotStage({
  point,
  label,
  onPress,
}: {
  point: { x: number; y: number };
  label: string;
  onPress?: () => void;
}) {
  const dot = useRef<HTMLButtonElement>(null);
  // each dot is a stage of its own (keyed by its number): focused as it appears
  useEffect(() => {
    dot.current?.focus();
  }, []);
  const at = onScreen(point);
  const style = {
    position: 'absolute',
    left: at.x - 14,
    top: at.y - 14,
    width: 28,
    height: 28,
    borderRadius: '50%',
    border: '6px solid #c92a2a',
    background: '#fff',
    padding: 0,
    cursor: onPress ? 'pointer' : 'default',
  } as const;
  return (
    <Box pos="fixed" inset={0} bg="white" style={{ zIndex: 400 }}>
      <VisuallyHidden aria-live="assertive">{label}</VisuallyHidden>
      {onPress ? (
        <button ref={dot} type="button" aria-label={label} style={style} onClick={onPress} />
      ) : (
        <span aria-hidden style={{ ...style, display: 'block' }} />
      )}
    </Box>
  );
}

/** The 9 calibration dots, each pressed while looked at; a dot without face frames is asked again. */
function Calibrating({
  frames,
  texts,
  onDone,
}: {
  frames: ObservationWindow;
  texts: Texts;
  onDone: (samples: CalibrationSample[]) => void;
}) {
  const [index, setIndex] = useState(0);
  const [reading, setReading] = useState(false);
  const [lost, setLost] = useState(false);
  const samples = useRef<CalibrationSample[]>([]);
  const point = CALIBRATION_POINTS[index] ?? CENTRE;

  const press = async () => {
    if (reading) return;
    setReading(true);
    const pressedAt = performance.now();
    await sleep(CALIBRATION_READ_MS.to);
    const read = frames.featuresBetween(
      pressedAt + CALIBRATION_READ_MS.from,
      pressedAt + CALIBRATION_READ_MS.to,
    );
    setReading(false);
    if (read.length < LEAST_FRAMES_A_POINT) return setLost(true);
    setLost(false);
    const target = onScreen(point);
    samples.current.push(...read.map((features) => ({ features, ...target })));
    if (index + 1 < CALIBRATION_POINTS.length) setIndex(index + 1);
    else onDone(samples.current);
  };

  const label = lost ? texts.lostFace : texts.point(index + 1, CALIBRATION_POINTS.length);
  return <DotStage key={index} point={point} label={label} onPress={() => void press()} />;
}

/** The 5 validation dots, each shown for a while; the model's estimates while the eyes rest on it. */
function Validating({
  frames,
  model,
  texts,
  onDone,
}: {
  frames: ObservationWindow;
  model: GazeModel;
  texts: Texts;
  onDone: (targets: ValidationTargets) => void;
}) {
  const [index, setIndex] = useState(0);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    let cancelled = false;
    const run = async () => {
      const targets = [];
      for (const [at, point] of VALIDATION_POINTS.entries()) {
        if (cancelled) return;
        setIndex(at);
        const shownAt = performance.now();
        await sleep(VALIDATION_SHOW_MS);
        const read = frames.featuresBetween(shownAt + VALIDATION_READ_FROM_MS, shownAt + VALIDATION_SHOW_MS);
        targets.push({
          ...onScreen(point),
          estimates: read.map((features) => roundPoint(predictGaze(model, features))),
        });
      }
      if (!cancelled) done.current(targets);
    };
    void run();
    return () => {
      cancelled = true;
    };
  }, [frames, model]);
  return (
    <DotStage
      key={index}
      point={VALIDATION_POINTS[index] ?? CENTRE}
      label={texts.validationPoint(index + 1, VALIDATION_POINTS.length)}
    />
  );
}

/** Screen positions sent with a validation: whole pixels, kept within the contract's range. */
const roundPoint = (point: { x: number; y: number }) => ({
  x: Math.max(-10_000, Math.min(10_000, Math.round(point.x))),
  y: Math.max(-10_000, Math.min(10_000, Math.round(point.y))),
});

/**
 * One calibration: the 9 dots, the 5 validation dots, and the server's measure of them with its
 * verdict (the attempt's number counts every calibration of the session, recalibrations included).
 */
export function CalibrationRun({
  frames,
  attempt,
  sessionApi,
  texts,
  onMeasured,
  onFailed,
}: {
  frames: ObservationWindow;
  attempt: number;
  sessionApi: SessionApi;
  texts: Texts;
  onMeasured: (model: GazeModel, validation: RemoteValidation) => void;
  onFailed: (message: string) => void;
}) {
  const [model, setModel] = useState<GazeModel | null>(null);
  const [measuring, setMeasuring] = useState(false);
  const validate = async (fitted: GazeModel, targets: ValidationTargets) => {
    setMeasuring(true);
    try {
      const { data } = await sessionApi.validation({
        body: { attempt, geometry: { width_px: window.innerWidth, height_px: window.innerHeight }, targets },
      });
      onMeasured(fitted, data);
    } catch (error) {
      onFailed(
        isApiError(error) && error.status > 0 && error.status < 500
          ? texts.refusal(error.message)
          : texts.failed,
      );
    }
  };
  if (measuring) return <PageLoader label={texts.measuring} />;
  if (!model)
    return (
      <Calibrating frames={frames} texts={texts} onDone={(samples) => setModel(fitGazeModel(samples))} />
    );
  return (
    <Validating
      frames={frames}
      model={model}
      texts={texts}
      onDone={(targets) => void validate(model, targets)}
    />
  );
}

/**
 * Step 4: 9 calibration dots, then 5 validation dots. The server measures the validation and
 * says what follows (the test's threshold, at most its recalibrations, then on without gaze or
 * stop); the participant sees the accuracy and precision in degrees and pixels.
 */
export function CalibrationStep({
  frames,
  gaze,
  sessionApi,
  texts,
  nextAttempt,
  onDone,
}: {
  frames: ObservationWindow;
  gaze: RemoteGazeSettings;
  sessionApi: SessionApi;
  texts: Texts;
  nextAttempt: () => number;
  onDone: (outcome: CalibrationOutcome) => void;
}) {
  const [phase, setPhase] = useState<Phase>({ name: 'intro' });
  const [failure, setFailure] = useState<string | null>(null);

  if (phase.name === 'running')
    return (
      <CalibrationRun
        frames={frames}
        attempt={phase.attempt}
        sessionApi={sessionApi}
        texts={texts}
        onMeasured={(model, validation) => setPhase({ name: 'result', model, validation })}
        onFailed={(message) => {
          setFailure(message);
          setPhase({ name: 'intro' });
        }}
      />
    );
  if (phase.name === 'result')
    return (
      <ValidationResult
        validation={phase.validation}
        threshold={gaze.threshold_deg}
        attempts={gaze.max_recalibrations + 1}
        texts={texts}
        onAgain={() => setPhase({ name: 'running', attempt: nextAttempt() })}
        onContinue={() => onDone(outcomeOf(phase.model, phase.validation))}
      />
    );
  return (
    <Stack gap="lg">
      <StepHeading title={texts.heading} intro={texts.intro} />
      <List type="ordered" spacing="xs">
        {texts.howTo.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      {failure ? (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Box>
        <Button
          size="md"
          onClick={() => {
            setFailure(null);
            setPhase({ name: 'running', attempt: nextAttempt() });
          }}
        >
          {texts.start}
        </Button>
      </Box>
    </Stack>
  );
}

/** What a measured validation leads to. */
export const outcomeOf = (model: GazeModel, validation: RemoteValidation): CalibrationOutcome =>
  validation.verdict === 'passed'
    ? { kind: 'gaze', model }
    : validation.verdict === 'stop'
      ? { kind: 'stop' }
      : { kind: 'without-gaze' };

function ValidationResult({
  validation,
  threshold,
  attempts,
  texts,
  onAgain,
  onContinue,
}: {
  validation: RemoteValidation;
  threshold: number;
  attempts: number;
  texts: Texts;
  onAgain: () => void;
  onContinue: () => void;
}) {
  const { verdict, accuracy_deg, accuracy_px, precision_deg } = validation;
  const heading = {
    passed: texts.passedHeading,
    recalibrate: texts.recalibrateHeading,
    continue_without_gaze: texts.withoutGazeHeading,
    stop: texts.stopHeading,
  }[verdict];
  const measured = accuracy_deg !== null && accuracy_px !== null && precision_deg !== null;
  return (
    <Stack gap="lg">
      <StepHeading kicker={texts.attempt(validation.attempt, attempts)} title={heading} />
      <Text>
        {measured
          ? texts.figures(degrees(accuracy_deg), formatCount(Math.round(accuracy_px)), degrees(precision_deg))
          : texts.notMeasured}
      </Text>
      {verdict !== 'passed' ? <Text>{texts.needs(degrees(threshold))}</Text> : null}
      {verdict === 'recalibrate' ? <Text>{texts.recalibrateTips}</Text> : null}
      {verdict === 'continue_without_gaze' ? <Text>{texts.withoutGaze}</Text> : null}
      {verdict === 'stop' ? <Text>{texts.stop}</Text> : null}
      <Group>
        {verdict === 'recalibrate' ? (
          <Button size="md" onClick={onAgain}>
            {texts.again}
          </Button>
        ) : (
          <Button size="md" onClick={onContinue}>
            {texts.continue}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
