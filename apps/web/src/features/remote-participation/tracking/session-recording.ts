import { EXPRESSIONS, type GazeModel, predictGaze } from '@limbus/analytics';
import type { RemoteSessionProgress } from '@limbus/contract';
import type { ExpressionColumns, EyeColumns, MouseColumns, SessionApi } from '../api';
import type { FaceTracker } from './face-tracker';
import { streamUploader, UPLOAD_EVERY_MS } from './stream-uploader';
import type { VoiceRecorder } from './voice-recorder';

/** A point of the window (CSS px) in the stimulus's own frame, or null when it lies outside it. */
export type StimulusFrame = {
  /** The stimulus's position of a window point: page px for a screenshot, the 1920×1080 frame for a video. */
  place: (point: { x: number; y: number }) => { x: number; y: number };
  /** What the mouse stream says of the moment: the page shown, its height and scroll (page px). */
  page: () => { url: string; scrollY: number; pageHeight: number } | null;
};

/** Mouse samples are written at least this often, so that a still pointer does not end a page visit (1 s). */
const MOUSE_EVERY_MS = 250;
/** The worker reads expressions every 200 ms (face-tracking.worker.ts): one sample each, not one a frame. */
export const EXPRESSION_EVERY_MS = 200;

/** A classifier's scores by name as the stream's columns: a class it did not name scores 0. */
export function expressionSample(at: number, scores: Record<string, number>) {
  const sample = { timestamp: at } as { timestamp: number } & Record<(typeof EXPRESSIONS)[number], number>;
  for (const name of EXPRESSIONS) sample[name] = Math.min(1, Math.max(0, scores[name] ?? 0));
  return sample;
}

const epoch = (at: number) => Math.round(performance.timeOrigin + at);

/**
 * Records the stimulus: the webcam gaze (each tracked frame through the calibrated model, placed in
 * the stimulus's frame; a frame without a face, and the moments the tab is hidden, as lost samples,
 * never interpolated), the facial expressions the tracker reads (none while no face is seen) and
 * the mouse, with consent for each, uploaded as batches while it runs; and the voice's take, which
 * sends its own chunks and ends with the rest.
 */
export function sessionRecording({
  sessionApi,
  gaze,
  expressionsOf,
  recordMouse,
  voice = null,
  firstSeq = { eyes: 0, mice: 0, expressions: 0 },
}: {
  sessionApi: SessionApi;
  gaze: { tracker: FaceTracker; model: GazeModel } | null;
  /** The tracker whose expressions are recorded, or null without consent or camera. */
  expressionsOf: FaceTracker | null;
  recordMouse: boolean;
  /** The microphone's take, recording from now on, or null without consent or microphone. */
  voice?: VoiceRecorder | null;
  /** Each stream's first batch number: after a reload, the server's next ones, so no batch is overwritten. */
  firstSeq?: RemoteSessionProgress['next_seq'];
}) {
  const eyes = streamUploader<EyeColumns>(
    { timestamp: [], x: [], y: [] },
    (seq, columns) => sessionApi.uploadBatch('eyes', seq, columns),
    undefined,
    firstSeq.eyes,
  );
  const mice = streamUploader<MouseColumns>(
    { timestamp: [], x: [], y: [], scroll_y: [], page_height: [], click: [], url: [] },
    (seq, columns) => sessionApi.uploadBatch('mice', seq, columns),
    undefined,
    firstSeq.mice,
  );
  const expressions = streamUploader<ExpressionColumns>(
    Object.fromEntries(
      ['timestamp', ...EXPRESSIONS].map((name) => [name, []]),
    ) as unknown as ExpressionColumns,
    (seq, columns) => sessionApi.uploadBatch('expressions', seq, columns),
    undefined,
    firstSeq.expressions,
  );
  let frame: StimulusFrame | null = null;
  let pointer = { x: 0, y: 0 };
  const cleanups: (() => void)[] = [];
  let lastExpressionAt = Number.NEGATIVE_INFINITY;
  if (expressionsOf) {
    cleanups.push(
      expressionsOf.subscribe((observation) => {
        const scores = observation.face?.expressions;
        if (!frame || !scores || Object.keys(scores).length === 0) return;
        if (observation.at - lastExpressionAt < EXPRESSION_EVERY_MS) return;
        lastExpressionAt = observation.at;
        expressions.add(expressionSample(epoch(observation.at), scores));
      }),
    );
  }

  const lost = (at: number) => eyes.add({ timestamp: epoch(at), x: null, y: null });
  let model = gaze?.model ?? null;
  if (gaze) {
    cleanups.push(
      gaze.tracker.subscribe((observation) => {
        if (!frame || !model) return;
        const features = observation.face?.features;
        if (!features) return lost(observation.at);
        const placed = frame.place(predictGaze(model, features));
        eyes.add({ timestamp: epoch(observation.at), x: Math.round(placed.x), y: Math.round(placed.y) });
      }),
    );
    const onVisibility = () => {
      if (document.hidden) lost(performance.now());
    };
    document.addEventListener('visibilitychange', onVisibility);
    cleanups.push(() => document.removeEventListener('visibilitychange', onVisibility));
  }

  const mouseSample = (click: 0 | 1) => {
    const page = frame?.page();
    if (!frame || !page) return;
    const placed = frame.place(pointer);
    mice.add({
      timestamp: epoch(performance.now()),
      x: Math.round(placed.x),
      y: Math.round(placed.y),
      scroll_y: Math.round(page.scrollY),
      page_height: Math.round(page.pageHeight),
      click,
      url: page.url,
    });
  };
  /** The pointer at a window point (CSS px); a click is a sample of its own. */
  const pointerAt = (point: { x: number; y: number }, click: boolean) => {
    if (!recordMouse) return;
    pointer = point;
    if (click) mouseSample(1);
  };
  if (recordMouse) {
    const onMove = (event: PointerEvent) => pointerAt({ x: event.clientX, y: event.clientY }, false);
    const onClick = (event: MouseEvent) => pointerAt({ x: event.clientX, y: event.clientY }, true);
    window.addEventListener('pointermove', onMove, { passive: true });
    window.addEventListener('click', onClick, true);
    const heartbeat = setInterval(() => mouseSample(0), MOUSE_EVERY_MS);
    cleanups.push(() => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('click', onClick, true);
      clearInterval(heartbeat);
    });
  }
  const uploads = setInterval(() => {
    eyes.tick();
    mice.tick();
    expressions.tick();
  }, UPLOAD_EVERY_MS);
  cleanups.push(() => clearInterval(uploads));

  return {
    voice,
    /** The stimulus now shown, or null between stimuli (nothing is recorded then). */
    show(next: StimulusFrame | null) {
      if (frame && !next && gaze) lost(performance.now());
      frame = next;
    },
    /**
     * The pointer of a frame this window's listeners do not hear (a site in an iframe), at its
     * point in this window; a click is recorded as one.
     */
    pointerAt,
    /** A recalibration's model from now on, or null to go on without gaze (marked lost from here). */
    switchModel(next: GazeModel | null) {
      if (model && !next) lost(performance.now());
      model = next;
    },
    /**
     * Stops recording (the voice too) and sends what is left; rejects when it could not be sent
     * (call again to retry).
     */
    async finish() {
      for (const cleanup of cleanups.splice(0)) cleanup();
      frame = null;
      await Promise.all([eyes.flush(), mice.flush(), expressions.flush(), voice?.stop()]);
    },
  };
}
export type SessionRecording = ReturnType<typeof sessionRecording>;
