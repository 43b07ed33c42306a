import { EXPRESSIONS } from '@limbus/analytics';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExpressionColumns, SessionApi } from '../api';
import type { FaceTracker } from './face-tracker';
import { sessionRecording } from './session-recording';
import type { FaceObservation } from './tracking-messages';

/** A tracker the test drives: each `emit` is one camera frame as the worker reports it. */
function fakeTracker() {
  const listeners = new Set<(observation: FaceObservation) => void>();
  const tracker = {
    subscribe: (listener: (observation: FaceObservation) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as FaceTracker;
  const emit = (at: number, expressions: Record<string, number> | null) => {
    const face = expressions
      ? {
          score: 0.9,
          box: { x: 0.3, y: 0.2, width: 0.4, height: 0.5 },
          features: null,
          lighting: {} as never,
          expressions,
        }
      : null;
    for (const listener of listeners) listener({ at, face, detectMs: 20 });
  };
  return { tracker, emit, listeners };
}

function fakeSessionApi() {
  const batches: { kind: string; seq: number; columns: unknown }[] = [];
  const api = {
    uploadBatch: async (kind: string, seq: number, columns: unknown) => {
      batches.push({ kind, seq, columns });
    },
  } as unknown as SessionApi;
  return { api, batches };
}

const FRAME = { place: (point: { x: number; y: number }) => point, page: () => null };

describe('sessionRecording: facial expressions', () => {
  let stop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await stop?.();
    stop = null;
  });

  it('records one sample per 200 ms while a stimulus shows and a face is seen, every class named, and nothing else', async () => {
    const { tracker, emit, listeners } = fakeTracker();
    const { api, batches } = fakeSessionApi();
    const recording = sessionRecording({
      sessionApi: api,
      gaze: null,
      expressionsOf: tracker,
      recordMouse: false,
    });
    stop = () => recording.finish();
    emit(0, { happy: 0.9 }); // before the stimulus: not recorded
    recording.show(FRAME);
    for (let at = 1000; at < 2000; at += 33) emit(at, { happy: 0.7, neutral: 0.25, surprise: 0.05 });
    emit(2010, null); // no face: no sample, not a made-up one
    emit(2300, { sad: 1.4 });
    await recording.finish();
    expect(listeners.size).toBe(0);
    const uploaded = batches.filter((batch) => batch.kind === 'expressions');
    expect(uploaded).toHaveLength(1);
    const columns = uploaded[0]?.columns as ExpressionColumns;
    expect(Object.keys(columns).sort()).toEqual(['timestamp', ...EXPRESSIONS].sort());
    expect(columns.timestamp).toHaveLength(6);
    const gaps = columns.timestamp.slice(1).map((t, i) => t - (columns.timestamp[i] as number));
    expect(gaps.slice(0, 4).every((gap) => gap >= 198 && gap <= 232)).toBe(true);
    expect(columns.happy.slice(0, 5)).toEqual([0.7, 0.7, 0.7, 0.7, 0.7]);
    expect(columns.angry.every((score) => score === 0)).toBe(true);
    // A score out of range is clamped into [0, 1] (the server refuses anything outside it).
    expect(columns.sad.at(-1)).toBe(1);
  });

  it('records no expressions without consent (no tracker given)', async () => {
    const { api, batches } = fakeSessionApi();
    const recording = sessionRecording({
      sessionApi: api,
      gaze: null,
      expressionsOf: null,
      recordMouse: false,
    });
    recording.show(FRAME);
    await recording.finish();
    expect(batches).toEqual([]);
  });
});
