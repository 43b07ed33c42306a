import { describe, expect, it } from 'vitest';
import { areaMetrics, emotionAt, type PageFixation, pageFixations } from './area-metrics.js';
import type { EmotionSamples } from './samples.js';
import { indicesAroundMoments, scrollReach } from './scroll-reach.js';

const fixation = (start: number, end: number, x: number, y: number) => ({
  start,
  end,
  x,
  y,
  duration: end - start,
});

describe('pageFixations', () => {
  const visits = [
    { url: 'https://shop.test/', start: 1000, end: 3000 },
    { url: 'https://shop.test/', start: 5000, end: 9000 },
  ];
  const mouse = { timestamp: Float64Array.of(0, 1500, 6000), scrollY: Float32Array.of(0, 100, 400) };

  it('keeps fixations starting inside a visit, on page px, with the page time before them', () => {
    const result = pageFixations(
      [
        fixation(500, 700, 10, 10), // before the first visit
        fixation(1200, 1400, 50, 60), // scroll 0 → y 60, page time 200
        fixation(2000, 2300, 50, 60), // scroll 100 → y 160, page time 1000
        fixation(4000, 4200, 1, 1), // between visits
        fixation(6500, 6800, 700, 20), // scroll 400 → y 420; page time 2000 + 1500
      ],
      visits,
      mouse,
      'desktop',
    );
    expect(result.map(({ x, y, pageTime, visit }) => [x, y, pageTime, visit])).toEqual([
      [50, 60, 200, 0],
      [50, 160, 1000, 0],
      [700, 420, 3500, 1],
    ]);
  });

  it('limits to the first seconds of each visit and moves mobile gaze by 710 px', () => {
    const result = pageFixations(
      [fixation(1200, 1400, 800, 0), fixation(2500, 2600, 800, 0), fixation(5900, 6000, 800, 0)],
      visits,
      mouse,
      'mobile',
      1,
    );
    expect(result.map(({ x, pageTime }) => [x, pageTime])).toEqual([
      [90, 200],
      [90, 2900],
    ]);
  });
});

const emotions = (joy: number[], frustration: number[]): EmotionSamples => ({
  timestamp: Float64Array.from(joy.map((_, i) => i * 1000)),
  joy: Float32Array.from(joy),
  attention: Float32Array.from(joy.map(() => 0.5)),
  frustration: Float32Array.from(frustration),
});

const onPage = (
  start: number,
  end: number,
  x: number,
  y: number,
  pageTime: number,
  visit = 0,
): PageFixation => ({
  ...fixation(start, end, x, y),
  pageTime,
  visit,
});

describe('areaMetrics', () => {
  const area = { left: 0, top: 0, width: 100, height: 100 };
  // Participant A: in, in (one glance), out, in (a revisit): first at 0.5 s, dwell 200+200+400.
  const a = {
    fixations: [
      onPage(500, 700, 10, 10, 500),
      onPage(800, 1000, 20, 20, 800),
      onPage(1100, 1300, 500, 500, 1100),
      onPage(1500, 1900, 30, 30, 1500),
    ],
    // joy 0 at t=0 s, 1 at t=1 s: midpoints 600, 900, 1700 ms → joy 0.6, 0.9, then held at 1.
    emotions: emotions([0, 1], [0, 0]),
  };
  // Participant B: looks once, in a second visit, after 3 s of page time, for 100 ms.
  const b = {
    fixations: [onPage(100, 200, 500, 500, 100), onPage(9000, 9100, 50, 50, 3000, 1)],
    emotions: emotions([0.2], [0.8]),
  };
  // Participant C visited but never looked at the area.
  const c = { fixations: [onPage(0, 300, 400, 400, 0)], emotions: null };

  it('answers the hand-computed measures', () => {
    const [metrics] = areaMetrics([a, b, c], [area]);
    expect(metrics?.looked).toBe(2);
    expect(metrics?.lookedShare).toBeCloseTo(2 / 3, 12);
    expect(metrics?.timeToFirstFixation).toBe((500 + 3000) / 2);
    expect(metrics?.dwellTime).toBe((800 + 100) / 2);
    expect(metrics?.revisits).toBe((1 + 0) / 2);
    // joy: (0.6·200 + 0.9·200 + 1·400 + 0.2·100) ÷ 900 = 720 ÷ 900
    expect(metrics?.emotions?.joy).toBeCloseTo(720 / 900, 6);
    // frustration: 0.8 × 100 ÷ 900
    expect(metrics?.emotions?.frustration).toBeCloseTo(80 / 900, 6);
    expect(metrics?.emotions?.attention).toBeCloseTo(0.5, 6);
  });

  it('counts a return in a new visit as a revisit, and nobody looking as nulls', () => {
    const twoVisits = {
      fixations: [onPage(0, 100, 10, 10, 0, 0), onPage(5000, 5100, 10, 10, 100, 1)],
      emotions: null,
    };
    const [inside, nowhere] = areaMetrics(
      [twoVisits],
      [area, { left: 900, top: 900, width: 10, height: 10 }],
    );
    expect(inside?.revisits).toBe(1);
    expect(inside?.emotions).toBeNull();
    expect(nowhere).toEqual({
      looked: 0,
      lookedShare: 0,
      timeToFirstFixation: null,
      dwellTime: null,
      revisits: null,
      emotions: null,
    });
  });

  it('shares are 0 without participants', () => {
    expect(areaMetrics([], [area])[0]?.lookedShare).toBe(0);
  });
});

describe('emotionAt', () => {
  it('interpolates and holds the ends', () => {
    const t = [0, 100, 200];
    const v = [0, 1, 0.5];
    expect(emotionAt(t, v, -5)).toBe(0);
    expect(emotionAt(t, v, 50)).toBe(0.5);
    expect(emotionAt(t, v, 150)).toBe(0.75);
    expect(emotionAt(t, v, 500)).toBe(0.5);
    expect(emotionAt([], [], 1)).toBeNaN();
  });
});

describe('scrollReach', () => {
  const visit = { url: 'u', start: 0, end: 1000 };
  const mouse = (scrolls: number[], height = 3000) => ({
    timestamp: Float64Array.from(scrolls.map((_, i) => i * 100)),
    scrollY: Float32Array.from(scrolls),
    pageHeight: Float32Array.from(scrolls.map(() => height)),
  });

  it('shares who saw each depth: viewport below the deepest scroll, capped at the page', () => {
    const reach = scrollReach(
      [
        { mouse: mouse([0, 0]), visits: [visit] }, // saw to 1000
        { mouse: mouse([0, 500, 200]), visits: [visit] }, // saw to 1500
        { mouse: mouse([0, 2500]), visits: [visit] }, // 3500 capped at 3000
        { mouse: mouse([0, 2500]), visits: [{ url: 'u', start: 0, end: 50 }] }, // only the first sample: 1000
      ],
      1000,
      500,
    );
    expect(reach.participants).toBe(4);
    expect(reach.pageHeight).toBe(3000);
    // depths 0, 500, 1000, 1500, 2000, 2500, 3000
    expect(reach.shares).toEqual([1, 1, 1, 0.5, 0.25, 0.25, 0.25]);
  });

  it('is empty without visitors', () => {
    expect(scrollReach([], 1080)).toEqual({ participants: 0, stepPx: 20, shares: [0], pageHeight: 0 });
  });
});

describe('indicesAroundMoments', () => {
  it('keeps samples from 2.5 s before to 0.5 s after each moment', () => {
    const t = [0, 1000, 2000, 3000, 4000, 10000, 12000];
    expect(indicesAroundMoments(t, [3000])).toEqual([1, 2, 3]);
    expect(indicesAroundMoments(t, [12000, 3000])).toEqual([1, 2, 3, 5, 6]);
    expect(indicesAroundMoments(t, [])).toEqual([]);
  });
});
