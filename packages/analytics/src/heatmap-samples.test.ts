import { describe, expect, it } from 'vitest';
import { FIRST_SECONDS_OPTIONS, selectHeatmapSamples } from './heatmap-samples.js';

const times = Array.from({ length: 100 }, (_, i) => i * 1000);
const samples = {
  timestamp: Float64Array.from(times),
  x: Float32Array.from(times, (_, i) => i),
  y: Float32Array.from(times, () => 0),
};
const visits = [
  { url: 'https://a.nl/cart?x=1', start: 10_000, end: 40_000 },
  { url: 'https://a.nl/home', start: 41_000, end: 50_000 },
  { url: 'https://a.nl/cart/', start: 60_000, end: 99_000 },
];

describe('selectHeatmapSamples', () => {
  it('takes the samples during matching visits', () => {
    const s = selectHeatmapSamples([{ samples, visits }], {
      urls: ['https://a.nl/cart'],
      matchType: 'exact',
    });
    expect(s.x.length).toBe(31 + 40);
    expect(s.x[0]).toBe(10);
  });

  it('limits each visit to its first x seconds', () => {
    const s = selectHeatmapSamples(
      [{ samples, visits }],
      { urls: ['https://a.nl/cart'], matchType: 'exact' },
      5,
    );
    expect(Array.from(s.x)).toEqual([10, 11, 12, 13, 14, 15, 60, 61, 62, 63, 64, 65]);
    expect(FIRST_SECONDS_OPTIONS).toEqual(['all', 1, 2, 5, 10, 20, 30, 60]);
  });
});
