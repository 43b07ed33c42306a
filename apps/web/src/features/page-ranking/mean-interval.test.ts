import { describe, expect, it } from 'vitest';
import { indexCertainty, meanWithInterval } from './mean-interval';

describe('mean-interval', () => {
  it('writes an emotion mean with its participant count and interval', () => {
    expect(meanWithInterval(0.45, 12, { lower: 0.381, upper: 0.518 })).toBe('45 % (n = 12, 95 % CI 38–52 %)');
    // Bounds stay within what a score can be.
    expect(meanWithInterval(0.9, 3, { lower: 0.7, upper: 1.12 })).toBe('90 % (n = 3, 95 % CI 70–100 %)');
    expect(meanWithInterval(0.4, 1, null)).toBe('40 % (n = 1, too few for an interval)');
    expect(meanWithInterval(0.4, null, null)).toBe('40 %');
  });

  it('writes the interval of an index as differences from the mean', () => {
    expect(indexCertainty(12, { lower: 118, upper: 148 })).toBe('(n = 12, 95 % CI 18–48 %)');
    expect(indexCertainty(9, { lower: 65, upper: 95 })).toBe('(n = 9, 95 % CI 5–35 %)');
    expect(indexCertainty(6, { lower: 95, upper: 130 })).toBe('(n = 6, 95 % CI 5 % below to 30 % above)');
    expect(indexCertainty(1, null)).toBe('(n = 1, too few for an interval)');
    expect(indexCertainty(null, null)).toBe('');
  });
});
