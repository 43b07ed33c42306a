import { checkpointDue, type GazeModel, MOBILE_OFFSET_X } from '@limbus/analytics';
import type { RemoteMaterial } from '@limbus/contract';
import { Alert, Box, Button, Group, Progress, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import type { SessionApi } from '../api';
import { smallestWindowFor } from '../tracking/face-check';
import type { ObservationWindow } from '../tracking/observation-window';
import type { SessionRecording, StimulusFrame } from '../tracking/session-recording';
import type { VoiceRecorder } from '../tracking/voice-recorder';
import { CalibrationRun, outcomeOf } from './calibration-step';
import { GazeCheckpoint } from './gaze-checkpoint';
import type { ParticipantTexts } from './participant-texts';
import { StepHeading } from './step-heading';
import { VoiceIndicator } from './voice-indicator';

type Texts = ParticipantTexts['stimulus'];
type PagesStimulus = Extract<RemoteMaterial['stimulus'], { kind: 'pages' }>;
type VideoStimulus = Extract<RemoteMaterial['stimulus'], { kind: 'video' }>;
type SiteStimulus = Extract<RemoteMaterial['stimulus'], { kind: 'site' }>;
type Page = PagesStimulus['pages'][number];

/** The recorded frame of a video: the lab's 1920×1080, which the video heatmap scales to its overlay. */
const VIDEO_FRAME = { width: 1920, height: 1080 };

/** What the stimulus says of the voice: its recorder (null when it is not recorded) and the indicator's words. */
type Voice = { recorder: VoiceRecorder | null; label: string };

/** What every run of a stimulus takes besides the stimulus. */
type RunProps = { recording: SessionRecording; texts: Texts; voice: Voice; onDone: () => void };

/**
 * The stimulus across the window; while the voice is recorded, a thin line above it says so,
 * never over the stimulus (which the gaze is placed on by its own box).
 */
function FullWindow({ children, label, voice }: { children: React.ReactNode; label: string; voice: Voice }) {
  return (
    <Box
      component="section"
      aria-label={label}
      pos="fixed"
      inset={0}
      bg="white"
      style={{ zIndex: 400, display: 'flex', flexDirection: 'column' }}
    >
      {voice.recorder ? (
        <Box px="sm" py={2} style={{ flex: 'none' }}>
          <VoiceIndicator voice={voice.recorder} label={voice.label} />
        </Box>
      ) : null}
      <Box pos="relative" style={{ flex: 1, minHeight: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * A screenshot shown for the set seconds, across the window's width and scrollable as the page
 * was; the recording places gaze and pointer on the page in its own pixels (as the lab's screen
 * frame is, the page's scroll in the mouse stream). A mobile test's pages stand where the
 * heatmaps expect a phone's screen in that frame.
 */
function ScreenshotPage({
  page,
  platform,
  seconds,
  recording,
  texts,
  voice,
  position,
  onDone,
}: {
  page: Page;
  platform: 'desktop' | 'mobile';
  seconds: number;
  recording: SessionRecording;
  texts: Texts;
  voice: Voice;
  position: { index: number; count: number };
  onDone: () => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const [elapsed, setElapsed] = useState(0);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    scroller.current?.focus();
    const offsetX = platform === 'mobile' ? MOBILE_OFFSET_X : 0;
    // the stored size, or the image's own when the server could not read it
    const pageWidth = () => page.width ?? image.current?.naturalWidth ?? 0;
    const scale = () => pageWidth() / (image.current?.clientWidth || pageWidth() || 1);
    const frame: StimulusFrame = {
      place: ({ x, y }) => {
        const box = image.current?.getBoundingClientRect();
        const top = scroller.current?.getBoundingClientRect().top ?? 0;
        return { x: (x - (box?.left ?? 0)) * scale() + offsetX, y: (y - top) * scale() };
      },
      page: () => ({
        url: page.url,
        scrollY: (scroller.current?.scrollTop ?? 0) * scale(),
        pageHeight: page.height ?? image.current?.naturalHeight ?? 0,
      }),
    };
    recording.show(frame);
    const started = performance.now();
    const timer = setInterval(() => {
      const spent = (performance.now() - started) / 1000;
      setElapsed(spent);
      if (spent >= seconds) {
        clearInterval(timer);
        recording.show(null);
        done.current();
      }
    }, 200);
    return () => {
      clearInterval(timer);
      recording.show(null);
    };
  }, [page, platform, seconds, recording]);

  return (
    <FullWindow label={texts.pageLabel(position.index + 1, position.count)} voice={voice}>
      <Progress value={(elapsed / seconds) * 100} size="xs" radius={0} aria-hidden />
      <Box
        ref={scroller}
        tabIndex={0}
        aria-label={texts.pageLabel(position.index + 1, position.count)}
        style={{ position: 'absolute', inset: '4px 0 0 0', overflowY: 'auto', outline: 'none' }}
      >
        <img
          ref={image}
          src={page.screenshot_url}
          alt={page.name}
          width={page.width ?? undefined}
          height={page.height ?? undefined}
          style={{
            display: 'block',
            width: '100%',
            maxWidth: page.width ?? undefined,
            height: 'auto',
            margin: '0 auto',
          }}
        />
      </Box>
    </FullWindow>
  );
}

/** A website test's pages, one after another. */
function PagesRun({
  stimulus,
  platform,
  recording,
  texts,
  voice,
  onDone,
}: RunProps & {
  stimulus: PagesStimulus;
  platform: 'desktop' | 'mobile';
}) {
  const [index, setIndex] = useState(0);
  const page = stimulus.pages[index];
  if (!page) return null;
  return (
    <ScreenshotPage
      key={page.id}
      page={page}
      platform={platform}
      seconds={stimulus.seconds_each}
      recording={recording}
      texts={texts}
      voice={voice}
      position={{ index, count: stimulus.pages.length }}
      onDone={() => (index + 1 < stimulus.pages.length ? setIndex(index + 1) : onDone())}
    />
  );
}

/** The shop's path on its own origin: `/demo-shop/shoes` → `https://shop.acme.test/shoes`. */
export function siteAddress(stimulus: Pick<SiteStimulus, 'start_url' | 'origin'>, framePath: string): string {
  const prefix = stimulus.start_url.slice(0, stimulus.start_url.indexOf('/', 1) + 1 || undefined);
  const path = framePath.startsWith(prefix) ? framePath.slice(prefix.length - 1) : framePath;
  return `${stimulus.origin}${path || '/'}`;
}

/**
 * A live site on this origin (the bundled demo shop) in a frame laid out at the lab's width and
 * scaled to the window, so that its pages stand as the test's screenshots do; the recording places
 * gaze and pointer in the page's own pixels and reads the page's address and scroll from the
 * frame (same origin), whose pointer this window does not hear otherwise. It ends when the
 * participant is done, or after the stimulus's seconds.
 */
function SiteRun({
  stimulus,
  platform,
  recording,
  texts,
  voice,
  onDone,
}: RunProps & {
  stimulus: SiteStimulus;
  platform: 'desktop' | 'mobile';
}) {
  const box = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [elapsed, setElapsed] = useState(0);
  const done = useRef(onDone);
  done.current = onDone;
  // a phone's site keeps its own size on a wide window; a desktop's shrinks to the window's width,
  // down to the smallest window its layout is readable in (a phone on a desktop site waits)
  const scale = size.width > 0 ? Math.min(1, size.width / stimulus.width) : 1;
  const viewport = useViewportSize();
  const smallest = smallestWindowFor(platform);
  // the hook answers 0 until its first effect: the window's own size then, so the frame never flashes
  const fits =
    (viewport.width || window.innerWidth) >= smallest.width &&
    (viewport.height || window.innerHeight) >= smallest.height;
  const spent = useRef(0);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const frame = fits ? frameRef.current : null;
    if (!frame) return;
    const offsetX = platform === 'mobile' ? MOBILE_OFFSET_X : 0;
    const toPage = ({ x, y }: { x: number; y: number }) => {
      const rect = frame.getBoundingClientRect();
      return { x: (x - rect.left) / scale + offsetX, y: (y - rect.top) / scale };
    };
    const stimulusFrame: StimulusFrame = {
      place: toPage,
      // null while a page loads (no document yet), and were it ever on another origin (unreadable)
      page: () => {
        try {
          const view = frame.contentWindow;
          const root = view?.document.documentElement;
          if (!view || !root) return null;
          return {
            url: siteAddress(stimulus, view.location.pathname),
            scrollY: view.scrollY,
            pageHeight: root.scrollHeight,
          };
        } catch {
          return null;
        }
      },
    };
    // the frame's pointer, as a point of this window
    const inWindow = (event: MouseEvent) => {
      const rect = frame.getBoundingClientRect();
      return { x: rect.left + event.clientX * scale, y: rect.top + event.clientY * scale };
    };
    const onMove = (event: PointerEvent) => recording.pointerAt(inWindow(event), false);
    const onClick = (event: MouseEvent) => recording.pointerAt(inWindow(event), true);
    const follow = () => {
      const view = frame.contentWindow;
      view?.addEventListener('pointermove', onMove, { passive: true });
      view?.addEventListener('click', onClick, true);
    };
    frame.addEventListener('load', follow);
    follow();
    recording.show(stimulusFrame);
    return () => {
      frame.removeEventListener('load', follow);
      frame.contentWindow?.removeEventListener('pointermove', onMove);
      frame.contentWindow?.removeEventListener('click', onClick, true);
      recording.show(null);
    };
  }, [stimulus, platform, recording, scale, fits]);

  // the time runs while the shop is shown
  useEffect(() => {
    if (!fits) return;
    const started = performance.now() - spent.current * 1000;
    const timer = setInterval(() => {
      spent.current = (performance.now() - started) / 1000;
      setElapsed(spent.current);
      if (spent.current >= stimulus.seconds) {
        clearInterval(timer);
        done.current();
      }
    }, 500);
    return () => clearInterval(timer);
  }, [stimulus.seconds, fits]);

  return (
    <FullWindow label={texts.siteLabel} voice={voice}>
      <Box style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Group justify="space-between" wrap="nowrap" gap="sm" px="sm" py={6} style={{ flex: 'none' }}>
          <Text size="sm" lineClamp={2}>
            {stimulus.task ? (
              <>
                <Text span fw={600} size="sm">
                  {texts.siteTask}:
                </Text>{' '}
                {stimulus.task}
              </>
            ) : null}
          </Text>
          <Button size="sm" onClick={() => done.current()} style={{ flex: 'none' }}>
            {texts.siteDone}
          </Button>
        </Group>
        <Progress value={(elapsed / stimulus.seconds) * 100} size="xs" radius={0} aria-hidden />
        <Box ref={box} pos="relative" style={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
          {fits ? null : (
            <Alert color="orange" variant="light" m="sm" role="status">
              {/* pixels ungrouped: '1,024' would read as a decimal in Dutch */}
              {texts.siteWindowSmall(`${smallest.width} × ${smallest.height}`)}
            </Alert>
          )}
          {fits ? (
            <iframe
              ref={frameRef}
              src={stimulus.start_url}
              title={texts.siteLabel}
              style={{
                position: 'absolute',
                top: 0,
                left: Math.max(0, (size.width - stimulus.width * scale) / 2),
                width: stimulus.width,
                height: size.height / scale,
                border: 0,
                transform: `scale(${scale})`,
                transformOrigin: 'top left',
              }}
            />
          ) : null}
        </Box>
      </Box>
    </FullWindow>
  );
}

/** What a video run needs for its checkpoints: the session's gaze, its threshold and recalibration. */
export type GazeChecks = {
  frames: ObservationWindow;
  model: GazeModel;
  thresholdDeg: number;
  sessionApi: SessionApi;
  nextAttempt: () => number;
  texts: ParticipantTexts['calibration'];
};
type VideoPhase = { name: 'playing' | 'checkpoint' | 'drifted' } | { name: 'recalibrating'; attempt: number };

/**
 * A video test's video across the window, gaze placed in its 1920×1080 frame; the end moves on.
 * Every minute of video a checkpoint pauses it on one dot; drift beyond the threshold asks for a
 * recalibration, whose model the recording takes from there (or none, going on without gaze).
 */
function VideoRun({
  stimulus,
  recording,
  checks,
  texts,
  voice,
  onDone,
}: RunProps & {
  stimulus: VideoStimulus;
  checks: GazeChecks | null;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<VideoPhase>({ name: 'playing' });
  const [model, setModel] = useState(checks?.model ?? null);
  const lastCheckpointMs = useRef(0);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const frame: StimulusFrame = {
      place: ({ x, y }) => {
        const box = element.getBoundingClientRect();
        // object-fit: contain: the picture's own box inside the element
        const ratio = (element.videoWidth || VIDEO_FRAME.width) / (element.videoHeight || VIDEO_FRAME.height);
        const width = Math.min(box.width, box.height * ratio);
        const height = width / ratio;
        const left = box.left + (box.width - width) / 2;
        const top = box.top + (box.height - height) / 2;
        return { x: ((x - left) / width) * VIDEO_FRAME.width, y: ((y - top) / height) * VIDEO_FRAME.height };
      },
      page: () => null,
    };
    if (phase.name !== 'playing') return;
    recording.show(frame);
    void element.play().catch(() => undefined);
    return () => {
      element.pause();
      recording.show(null);
    };
  }, [recording, phase.name]);

  const onTime = () => {
    const element = video.current;
    if (!element || !checks || !model || phase.name !== 'playing') return;
    const playedMs = element.currentTime * 1000;
    if (checkpointDue(playedMs, lastCheckpointMs.current)) {
      lastCheckpointMs.current = playedMs;
      setPhase({ name: 'checkpoint' });
    }
  };

  return (
    <FullWindow label={texts.videoLabel} voice={voice}>
      <video
        ref={video}
        src={stimulus.video_url}
        playsInline
        onEnded={onDone}
        onTimeUpdate={onTime}
        style={{ width: '100%', height: '100%', objectFit: 'contain', background: '#000' }}
      >
        <track kind="captions" />
      </video>
      {checks && model && phase.name === 'checkpoint' ? (
        <GazeCheckpoint
          frames={checks.frames}
          model={model}
          thresholdDeg={checks.thresholdDeg}
          label={texts.checkpoint}
          onVerdict={(verdict) => setPhase({ name: verdict === 'ok' ? 'playing' : 'drifted' })}
        />
      ) : null}
      {checks && phase.name === 'drifted' ? (
        <Box pos="fixed" inset={0} bg="white" style={{ zIndex: 401 }}>
          <Stack maw={560} mx="auto" px="md" py="xl" gap="lg">
            <Title order={2}>{texts.driftHeading}</Title>
            <Text>{texts.driftIntro}</Text>
            <Box>
              <Button
                size="md"
                onClick={() => setPhase({ name: 'recalibrating', attempt: checks.nextAttempt() })}
              >
                {checks.texts.start}
              </Button>
            </Box>
          </Stack>
        </Box>
      ) : null}
      {checks && phase.name === 'recalibrating' ? (
        <Box pos="fixed" inset={0} bg="white" style={{ zIndex: 401 }}>
          <CalibrationRun
            frames={checks.frames}
            attempt={phase.attempt}
            sessionApi={checks.sessionApi}
            texts={checks.texts}
            onMeasured={(fitted, validation) => {
              const next = outcomeOf(fitted, validation).kind === 'gaze' ? fitted : null;
              recording.switchModel(next);
              setModel(next);
              setPhase({ name: 'playing' });
            }}
            onFailed={() => {
              recording.switchModel(null);
              setModel(null);
              setPhase({ name: 'playing' });
            }}
          />
        </Box>
      ) : null}
    </FullWindow>
  );
}

/**
 * Step 5: the study itself. The participant reads what comes and starts it (a video needs the
 * press to play with sound); then the pages or the video fill the window while the recording runs.
 * The voice, when recorded, is from this step's start: a small line says so throughout.
 */
export function StimulusStep({
  stimulus,
  platform,
  recording,
  checks,
  texts,
  voiceLabel,
  onDone,
}: {
  stimulus: RemoteMaterial['stimulus'];
  platform: 'desktop' | 'mobile' | 'video';
  recording: SessionRecording;
  checks: GazeChecks | null;
  texts: Texts;
  /** Said while the voice is recorded (the recording's own recorder). */
  voiceLabel: string;
  onDone: () => void;
}) {
  const [running, setRunning] = useState(false);
  const voice = { recorder: recording.voice, label: voiceLabel };
  const indicator = <VoiceIndicator voice={recording.voice} label={voiceLabel} />;
  if (stimulus.kind === 'none')
    return (
      <Stack gap="lg">
        <StepHeading title={texts.heading} />
        {indicator}
        <Text>{texts.nothingToShow}</Text>
        <Box>
          <Button size="md" onClick={onDone}>
            {texts.continue}
          </Button>
        </Box>
      </Stack>
    );
  const site = platform === 'mobile' ? 'mobile' : 'desktop';
  const run = { recording, texts, voice, onDone };
  if (running && stimulus.kind === 'site') return <SiteRun stimulus={stimulus} platform={site} {...run} />;
  if (running && stimulus.kind === 'video') return <VideoRun stimulus={stimulus} checks={checks} {...run} />;
  if (running && stimulus.kind === 'pages') return <PagesRun stimulus={stimulus} platform={site} {...run} />;
  return (
    <Stack gap="lg">
      <StepHeading title={texts.heading} />
      {indicator}
      {stimulus.kind === 'video' ? <Text>{texts.videoIntro}</Text> : null}
      {stimulus.kind === 'pages' ? (
        <>
          <Text>{texts.pagesIntro(stimulus.pages.length, stimulus.seconds_each)}</Text>
          <Text>{texts.pagesNotLive}</Text>
        </>
      ) : null}
      {stimulus.kind === 'site' ? (
        <>
          <Text>{texts.siteIntro(Math.round(stimulus.seconds / 60))}</Text>
          {stimulus.task ? (
            <Text>
              <Text span fw={600}>
                {texts.siteTask}:
              </Text>{' '}
              {stimulus.task}
            </Text>
          ) : null}
        </>
      ) : null}
      {/* only after a calibration, which gaze is measured by */}
      {checks ? <Text>{texts.sitStill}</Text> : null}
      <VisuallyHidden>{texts.fullWindow}</VisuallyHidden>
      <Box>
        <Button size="md" onClick={() => setRunning(true)}>
          {stimulus.kind === 'video'
            ? texts.startVideo
            : stimulus.kind === 'site'
              ? texts.startSite
              : texts.startPages}
        </Button>
      </Box>
    </Stack>
  );
}
