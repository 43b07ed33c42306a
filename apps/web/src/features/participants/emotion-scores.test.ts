import { describe, expect, it } from 'vitest';
import { emotionMeans, formatEmotionShare, nearestSampleIndex } from './emotion-scores';

describe('nearestSampleIndex', () => {
  const times = [100, 200, 300, 400];
  it('finds the closest sample, the earlier one on a tie, and clamps to the ends', () => {
    expect(nearestSampleIndex(times, 240)).toBe(1);
    expect(nearestSampleIndex(times, 260)).toBe(2);
    expect(nearestSampleIndex(times, 250)).toBe(1);
    expect(nearestSampleIndex(times, 0)).toBe(0);
    expect(nearestSampleIndex(times, 9999)).toBe(3);
    expect(nearestSampleIndex([], 100)).toBe(-1);
  });
});

describe('emotionMeans and formatEmotionShare', () => {
  it('averages what was measured and says it as a share', () => {
    const means = emotionMeans({
      timestamp: Float64Array.from([1, 2, 3]),
      joy: Float32Array.from([0.25, Number.NaN, 0.75]),
      attention: Float32Array.from([Number.NaN, Number.NaN, Number.NaN]),
      frustration: Float32Array.from([0.1, 0.2, 0.3]),
    });
    expect(formatEmotionShare(means.joy)).toBe('50 %');
    expect(formatEmotionShare(means.frustration)).toBe('20 %');
    expect(formatEmotionShare(means.attention)).toBe('–');
    expect(formatEmotionShare(undefined)).toBe('–');
  });
});
