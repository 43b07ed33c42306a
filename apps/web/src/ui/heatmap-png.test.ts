import { describe, expect, it } from 'vitest';
import { fittedLabel } from './heatmap-png';

/** A monospace measure: 10 px a character. */
const widthOf = (text: string) => text.length * 10;

describe('fittedLabel (issue 26: labels stay inside their box)', () => {
  it('keeps a label that fits and cuts one that does not, ending it in an ellipsis', () => {
    expect(fittedLabel('Header', 60, widthOf)).toBe('Header');
    expect(fittedLabel('Add to basket: 48 %', 100, widthOf)).toBe('Add to ba…');
    expect(widthOf(fittedLabel('Add to basket: 48 %', 100, widthOf))).toBeLessThanOrEqual(100);
  });

  it('keeps at least the first letter in a box too small for anything', () => {
    expect(fittedLabel('Footer', 5, widthOf)).toBe('F…');
  });
});
