import type { SignificantPoint } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { EMOTION_TEXT_COLORS } from '../../ui';
import { clipWindow, highlightOf, insightColor, insightNeighbours } from './insight-reading';

function point(id: number, overrides: Partial<SignificantPoint> = {}): SignificantPoint {
  return {
    id,
    emotion: 'frustration',
    timestamp_top: 1_700_000_000_000,
    comment: '',
    translation: '',
    false_positive: false,
    tags: [],
    ranking: 1,
    score: 0.5,
    participant_id: 1,
    participant_label: 'P0001',
    ...overrides,
  };
}

describe('insightNeighbours', () => {
  const insights = [3, 1, 2].map((number) => ({ id: 10 + number, assigned_id: number }));

  it('steps to the numbers one below and one above, whatever the list order', () => {
    expect(insightNeighbours(insights, { assigned_id: 2 })).toEqual({
      previous: { id: 11, assigned_id: 1 },
      next: { id: 13, assigned_id: 3 },
    });
  });

  it('stops at the first and the last number', () => {
    expect(insightNeighbours(insights, { assigned_id: 1 }).previous).toBeNull();
    expect(insightNeighbours(insights, { assigned_id: 3 }).next).toBeNull();
  });
});

describe('clipWindow', () => {
  it('starts 3 s before the point and lasts 7 s, in seconds of the recording', () => {
    const startedAt = 1_700_000_000;
    expect(clipWindow((startedAt + 20) * 1000, startedAt)).toEqual({ start: 17, end: 24 });
  });

  it('does not start before the recording', () => {
    const startedAt = 1_700_000_000;
    expect(clipWindow((startedAt + 1) * 1000, startedAt)).toEqual({ start: 0, end: 7 });
  });
});

describe('insightColor', () => {
  it('is the colour of the emotion most points peak in', () => {
    const points = [point(1, { emotion: 'joy' }), point(2, { emotion: 'joy' }), point(3)];
    expect(insightColor({ significant_points: points })).toBe(EMOTION_TEXT_COLORS.joy);
  });

  it('breaks ties in the order of the emotions (joy, attention, frustration)', () => {
    const points = [point(1, { emotion: 'attention' }), point(2, { emotion: 'frustration' })];
    expect(insightColor({ significant_points: points })).toBe(EMOTION_TEXT_COLORS.attention);
  });
});

describe('highlightOf', () => {
  it('is the highlighted point, else the first commented one, else the first', () => {
    const points = [point(1), point(2, { comment: 'Waar is de knop?' }), point(3)];
    expect(highlightOf({ highlight_id: 3, significant_points: points })?.id).toBe(3);
    expect(highlightOf({ highlight_id: null, significant_points: points })?.id).toBe(2);
    expect(highlightOf({ highlight_id: null, significant_points: [point(4)] })?.id).toBe(4);
    expect(highlightOf({ highlight_id: null, significant_points: [] })).toBeNull();
  });
});
