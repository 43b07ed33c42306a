import { describe, expect, it } from 'vitest';
import { fittedLabel } from './heatmap-png';

/** A monospace measure: 10 px a character. */
const widthOf = (text: string) => text.length * 10;

describe('fittedLabel (issue 26: labels stay inside their box)', () => {
  it('keeps a label that fits and cuts one that does not, ending it in an ellipsis', () => {
    expect(fittedLabel('Header', 60, widthOf)).toBe('Header');
    expect(fittedLabel('Add to basket', 100, widthOf)).toBe('Add to ba…');
    // the share is what a box's label is for: the name gives way first
    expect(fittedLabel('Add to basket: 48 %', 100, widthOf)).toBe('Add…: 48 %');
    expect(fittedLabel('Add to basket: 48 %', 60, widthOf)).toBe('48 %');
  });

  it('keeps at least the first letter of a label without a value in a box too small for anything', () => {
    expect(fittedLabel('Footer', 5, widthOf)).toBe('F…');
  });
});
