import { describe, expect, it } from 'vitest';
import { makeJourney } from '../../test/journey';
import { emotionRange, emotionShade } from './journey-chart';

const journey = makeJourney();

describe('emotionShade', () => {
  it('colours the least frustrating page grey and the most in the frustration colour', () => {
    const range = emotionRange(journey, 'frustration');
    expect(range).toEqual({ min: 0.2, max: 0.6 });
    expect(emotionShade('frustration', 0.2, range)).toBe('rgb(222,226,230)');
    expect(emotionShade('frustration', 0.6, range)).toBe('rgb(232,69,124)');
    expect(emotionShade('joy', null, { min: 0, max: 1 })).toBe('rgb(222,226,230)');
  });
});
