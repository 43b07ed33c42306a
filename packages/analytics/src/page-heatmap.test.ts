import { describe, expect, it } from 'vitest';
import { pageHeatmapPoints } from './page-heatmap.js';
import type { EyeSamples, MouseSamples } from './samples.js';

const T0 = 1_700_000_000_000;

/** Mouse samples every 100 ms at the given times (ms after T0), on `urls[urlIndex]`. */
function mouse(
  times: number[],
  urlIndex: number[],
  urls: string[],
  scrollY: (t: number) => number = () => 0,
  clicks: number[] = [],
): MouseSamples {
  return {
    timestamp: Float64Array.from(times, (t) => T0 + t),
    x: Float32Array.from(times, () => 100),
    y: Float32Array.from(times, () => 50),
    scrollY: Float32Array.from(times, scrollY),
    pageHeight: Float32Array.from(times, () => 3000),
    click: Uint8Array.from(times, (t) => (clicks.includes(t) ? 1 : 0)),
    urlIndex: Uint16Array.from(urlIndex),
    urls,
  };
}

function eyes(times: number[], x: number, y: number): EyeSamples {
  return {
    timestamp: Float64Array.from(times, (t) => T0 + t),
    x: Float32Array.from(times, () => x),
    y: Float32Array.from(times, () => y),
  };
}

const range = (from: number, to: number, step = 100) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

const HOME = 'https://shop.test/';
const CART = 'https://shop.test/cart';

describe('pageHeatmapPoints', () => {
  // 0–2 s on the home page (scrolled 400 px from 1 s), 2.1–4 s on the cart.
  const times = range(0, 4000);
  const onCart = times.map((t) => (t > 2000 ? 1 : 0));
  const scrolled = mouse(times, onCart, [HOME, CART], (t) => (t >= 1000 ? 400 : 0), [500, 1500, 3000]);
  const gaze = eyes(range(0, 4000, 50), 700, 300);

  it('maps gaze in matching visits to the page with the scroll of the moment', () => {
    const points = pageHeatmapPoints(
      [{ eyes: gaze, mice: scrolled }],
      { urls: [HOME], matchType: 'exact' },
      'gaze',
      'desktop',
    );
    expect(points.participants).toBe(1);
    expect(points.x.length).toBe(41); // 0…2000 ms every 50 ms
    expect(points.y[0]).toBe(300);
    expect(points.y[40]).toBe(700);
  });

  it('keeps only the first x seconds of each visit', () => {
    const points = pageHeatmapPoints(
      [{ eyes: gaze, mice: scrolled }],
      { urls: [HOME], matchType: 'exact' },
      'gaze',
      'desktop',
      1,
    );
    expect(points.x.length).toBe(21); // 0…1000 ms
  });

  it('takes clicks at their own scroll offset', () => {
    const home = pageHeatmapPoints(
      [{ eyes: null, mice: scrolled }],
      { urls: [HOME], matchType: 'exact' },
      'clicks',
      'desktop',
    );
    expect(Array.from(home.y)).toEqual([50, 450]);
    const cart = pageHeatmapPoints(
      [{ eyes: null, mice: scrolled }],
      { urls: [HOME], matchType: 'starts_with' },
      'clicks',
      'desktop',
    );
    expect(cart.x.length).toBe(3);
  });

  it('ends a visit after more than 1 s without mouse samples', () => {
    // Two stays on the home page split by a 1.5 s gap: each is a visit, counted from its own start.
    const gapped = mouse([...range(0, 1000), ...range(2500, 4000)], new Array(27).fill(0), [HOME]);
    const points = pageHeatmapPoints(
      [{ eyes: gaze, mice: gapped }],
      { urls: [HOME], matchType: 'exact' },
      'gaze',
      'desktop',
      1,
    );
    expect(points.x.length).toBe(21 + 21);
  });

  it('moves mobile gaze by the 710 px offset and counts only participants who visited', () => {
    const other = mouse(range(0, 1000), new Array(11).fill(0), [CART]);
    const points = pageHeatmapPoints(
      [
        { eyes: gaze, mice: scrolled },
        { eyes: gaze, mice: other },
        { eyes: gaze, mice: null },
      ],
      { urls: [HOME], matchType: 'exact' },
      'gaze',
      'mobile',
    );
    expect(points.participants).toBe(1);
    expect(points.x[0]).toBe(-10);
  });
});
