import { describe, expect, it } from 'vitest';
import { clipEmotions, clipSpan } from './section-clips.mappers.js';

const START = Date.UTC(2026, 0, 12, 9, 30);
const startedAt = new Date(START);
const visit = (from: number, to: number) => ({
  timestampStart: START + from * 1000,
  timestampEnd: START + to * 1000,
});

describe('clipSpan', () => {
  it('places the first visit in the recording, in seconds from started_at', () => {
    expect(clipSpan({ startedAt }, visit(10, 20))).toEqual({ start: 10, length: 10 });
    expect(clipSpan({ startedAt }, visit(5.5, 6))).toEqual({ start: 5.5, length: 0.5 });
  });

  it('leaves out a participant without started_at or without a visit', () => {
    expect(clipSpan({ startedAt: null }, visit(10, 20))).toBeNull();
    expect(clipSpan({ startedAt }, undefined)).toBeNull();
  });

  it('never starts before the recording, and counts from started_at in whole seconds as the replay does', () => {
    expect(clipSpan({ startedAt }, visit(-2, 3))).toEqual({ start: 0, length: 5 });
    expect(clipSpan({ startedAt: new Date(START + 400) }, visit(10, 20))).toEqual({ start: 10, length: 10 });
    expect(clipSpan({ startedAt }, visit(1.2345678, 2))).toEqual({ start: 1.235, length: 0.765 });
  });
});

describe('clipEmotions', () => {
  it('answers the span only, as seconds into the clip', () => {
    const timestamp = Float64Array.from({ length: 100 }, (_, i) => START + i * 100);
    const joy = Float32Array.from({ length: 100 }, (_, i) => i / 100);
    const samples = { timestamp, joy, attention: joy.map(() => 0.5), frustration: joy.map(() => 0.25) };
    const emotions = clipEmotions(samples, { startedAt }, { start: 2, length: 1 });
    expect(emotions.seconds).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    expect(emotions.joy[0]).toBe(0.2);
    expect(emotions.joy.at(-1)).toBe(0.3);
    expect(new Set(emotions.frustration)).toEqual(new Set([0.25]));
  });
});
