import type { Journey } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { emotionRange, emotionShade } from './journey-chart';

const journey: Journey = {
  participants: 3,
  continued: 0,
  max_steps: 8,
  pages: [
    { id: 1, name: 'Home', visitors: 3, joy: 0.5, attention: 0.5, frustration: 0.2 },
    { id: 2, name: 'Basket', visitors: 2, joy: 0.3, attention: 0.6, frustration: 0.6 },
    { id: 3, name: 'Unvisited', visitors: 0, joy: null, attention: null, frustration: null },
  ],
  nodes: [
    { step: 0, page_id: 1, participants: 3 },
    { step: 1, page_id: 2, participants: 2 },
  ],
  links: [
    { step: 0, source: 1, target: 2, participants: 2 },
    { step: 0, source: 1, target: null, participants: 1 },
    { step: 1, source: 2, target: null, participants: 2 },
  ],
};

describe('emotionShade', () => {
  it('colours the least frustrating page grey and the most in the frustration colour', () => {
    const range = emotionRange(journey, 'frustration');
    expect(range).toEqual({ min: 0.2, max: 0.6 });
    expect(emotionShade('frustration', 0.2, range)).toBe('rgb(222,226,230)');
    expect(emotionShade('frustration', 0.6, range)).toBe('rgb(232,69,124)');
    expect(emotionShade('joy', null, { min: 0, max: 1 })).toBe('rgb(222,226,230)');
  });
});
