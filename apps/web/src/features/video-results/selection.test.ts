import { describe, expect, it } from 'vitest';
import { clampSelection, MIN_SELECTION_PERCENT, selectionMs } from './selection';

describe('the dynamic analysis selection', () => {
  it('is never narrower than 2 % and stays inside the video', () => {
    expect(clampSelection([40, 40.5])).toEqual([40, 40 + MIN_SELECTION_PERCENT]);
    expect(clampSelection([99.5, 100])).toEqual([98, 100]);
    expect(clampSelection([10, 25])).toEqual([10, 25]);
  });

  it('converts percent to milliseconds of the video', () => {
    expect(selectionMs([0, 15], 180_000)).toEqual([0, 27_000]);
  });
});
