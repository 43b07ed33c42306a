import { describe, expect, it } from 'vitest';
import { offsetOf, pointLabel } from './point-labels';

const START = 1_767_000_000; // unix seconds
const point = (offsetMs: number, comment = '') => ({
  emotion: 'frustration' as const,
  timestamp_top: START * 1000 + offsetMs,
  comment,
  participant_label: 'P0007',
});

describe('offsetOf', () => {
  it('gives m:ss after the participant’s start, null without one', () => {
    expect(offsetOf(point(65_400), START)).toBe('1:05');
    expect(offsetOf(point(0), START)).toBe('0:00');
    expect(offsetOf(point(5000), null)).toBeNull();
  });
});

describe('pointLabel', () => {
  it('names the emotion, the time or the participant, and the comment cut to 60 characters', () => {
    expect(pointLabel(point(3000, 'Could not find the button'), START)).toBe(
      'Frustration · at 0:03 · “Could not find the button”',
    );
    expect(pointLabel(point(3000))).toBe('Frustration · participant P0007');
    expect(pointLabel(point(0, 'x'.repeat(80)), START)).toBe(`Frustration · at 0:00 · “${'x'.repeat(59)}…”`);
  });
});

describe('pointLabel (issue 26, one name per participant)', () => {
  it('names the participant by its label, never by its database id', () => {
    const label = pointLabel({ ...point(3000), participant_id: 25 } as Parameters<typeof pointLabel>[0]);
    expect(label).toBe('Frustration · participant P0007');
    expect(label).not.toContain('25');
  });
});
