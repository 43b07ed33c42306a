import { describe, expect, it } from 'vitest';
import { indexScale, tickLabel } from './index-range-bar';

describe('indexScale (issue 26, index bars get a scale)', () => {
  it('holds the mean, every index and interval bound, in whole steps with at most 5 between ticks', () => {
    // the demo's case: indexes 103–105 with intervals of about −10 % to +19 %
    expect(
      indexScale([
        { index: 105, interval: { lower: 90, upper: 119 } },
        { index: 103, interval: { lower: 91, upper: 116 } },
      ]),
    ).toEqual({ min: 90, max: 120, step: 10 });
    expect(indexScale([{ index: 160, interval: null }])).toEqual({ min: 100, max: 160, step: 20 });
    expect(indexScale([])).toEqual({ min: 100, max: 105, step: 5 });
  });

  it('labels ticks as differences from the mean', () => {
    expect([90, 100, 120].map(tickLabel)).toEqual(['−10 %', 'mean', '+20 %']);
  });
});
