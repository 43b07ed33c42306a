import { describe, expect, it } from 'vitest';
import {
  CLICK_SHOWN_MS,
  drawOverlay,
  frameMapping,
  lowerBound,
  MOBILE_SCREEN_WIDTH,
  type OverlayContext,
  overlayScene,
  sampleAt,
  sampleFrame,
  upperBound,
  windowIndices,
} from './recording-overlay.js';
import type { EyeSamples, MouseSamples } from './samples.js';

const times = Float64Array.from([100, 200, 200, 300, 400]);

describe('binary searches into a timestamp column', () => {
  it('finds the first index at or after, and after, a time', () => {
    expect([50, 100, 150, 200, 250, 400, 500].map((t) => lowerBound(times, t))).toEqual([
      0, 0, 1, 1, 3, 4, 5,
    ]);
    expect([50, 100, 150, 200, 250, 400, 500].map((t) => upperBound(times, t))).toEqual([
      0, 1, 1, 3, 3, 5, 5,
    ]);
  });

  it('finds the last sample at or before a time, -1 before the first', () => {
    expect([99, 100, 250, 1000].map((t) => sampleAt(times, t))).toEqual([-1, 0, 2, 4]);
  });

  it('gives the samples of the half-open window (from, to]', () => {
    expect(windowIndices(times, 100, 300)).toEqual({ start: 1, end: 4 });
    expect(windowIndices(times, 400, 900)).toEqual({ start: 5, end: 5 });
    expect(windowIndices(new Float64Array(0), 0, 10)).toEqual({ start: 0, end: 0 });
  });

  it('agrees with a scan on random columns', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const column = Float64Array.from({ length: 500 }, () => Math.floor(next() * 1000)).sort();
    for (let k = 0; k < 200; k++) {
      const t = next() * 1100 - 50;
      expect(lowerBound(column, t)).toBe(
        column.findIndex((v) => v >= t) === -1 ? 500 : column.findIndex((v) => v >= t),
      );
      expect(sampleAt(column, t)).toBe(column.findLastIndex((v) => v <= t));
    }
  });
});

describe('frames and mappings', () => {
  it('uses the eye tracker frame on desktop and the phone screen, 710 px in, on mobile', () => {
    expect(sampleFrame('desktop', { width: 640, height: 360 })).toEqual({
      width: 1920,
      height: 1080,
      gazeOffsetX: 0,
    });
    expect(sampleFrame('mobile', { width: 260, height: 562 })).toEqual({
      width: MOBILE_SCREEN_WIDTH,
      height: (MOBILE_SCREEN_WIDTH * 562) / 260,
      gazeOffsetX: 710,
    });
  });

  it('maps to the letterboxed picture of an element wider than the video', () => {
    const frame = sampleFrame('desktop', null);
    // a 16:9 picture in a 1000 × 360 element: 640 wide, centred
    const mapping = frameMapping(frame, { width: 1000, height: 360 }, { width: 1280, height: 720 });
    expect(mapping).toEqual({ scaleX: 640 / 1920, scaleY: 360 / 1080, left: 180, top: 0 });
  });

  it('maps to the pillarboxed picture of an element taller than the video', () => {
    const mapping = frameMapping(
      sampleFrame('desktop', null),
      { width: 960, height: 740 },
      { width: 1920, height: 1080 },
    );
    expect(mapping.scaleX).toBeCloseTo(0.5);
    expect(mapping.top).toBeCloseTo((740 - 540) / 2);
  });
});

function eyesOf(rows: [number, number, number][]): EyeSamples {
  return {
    timestamp: Float64Array.from(rows.map((r) => r[0])),
    x: Float32Array.from(rows.map((r) => r[1])),
    y: Float32Array.from(rows.map((r) => r[2])),
  };
}

function miceOf(rows: [number, number, number, 0 | 1][]): MouseSamples {
  const n = rows.length;
  return {
    timestamp: Float64Array.from(rows.map((r) => r[0])),
    x: Float32Array.from(rows.map((r) => r[1])),
    y: Float32Array.from(rows.map((r) => r[2])),
    scrollY: new Float32Array(n),
    pageHeight: new Float32Array(n).fill(2000),
    click: Uint8Array.from(rows.map((r) => r[3])),
    urlIndex: new Uint16Array(n),
    urls: ['https://shop.test/'],
  };
}

describe('overlayScene', () => {
  const identity = { scaleX: 1, scaleY: 1, left: 0, top: 0 };
  const eyes = eyesOf([
    [0, 10, 10],
    [500, 20, 20],
    [1200, Number.NaN, Number.NaN],
    [1500, 30, 30],
    [2000, 40, 40],
  ]);
  const mice = miceOf([
    [900, 100, 100, 0],
    [1700, 110, 120, 1],
    [2100, 300, 300, 0],
  ]);

  it('draws the gaze of the last second (lost samples left out), the pointer and recent clicks', () => {
    const scene = overlayScene({ eyes, mice }, 2000, sampleFrame('desktop', null), identity);
    expect(scene.trail).toEqual([
      { x: 30, y: 30, age: 500 },
      { x: 40, y: 40, age: 0 },
    ]);
    expect(scene.pointer).toEqual({ x: 110, y: 120 });
    expect(scene.clicks).toEqual([{ x: 110, y: 120, age: 300 }]);
  });

  it('forgets a click after CLICK_SHOWN_MS and shows no pointer before the first mouse sample', () => {
    expect(
      overlayScene({ eyes, mice }, 1700 + CLICK_SHOWN_MS + 1, sampleFrame('desktop', null), identity).clicks,
    ).toEqual([]);
    expect(overlayScene({ eyes, mice }, 800, sampleFrame('desktop', null), identity).pointer).toBeNull();
  });

  it('moves mobile gaze by the 710 px offset, not the touches, and scales both', () => {
    const frame = sampleFrame('mobile', { width: 195, height: 422 });
    const half = { scaleX: 0.5, scaleY: 0.5, left: 10, top: 0 };
    const scene = overlayScene(
      { eyes: eyesOf([[0, 810, 200]]), mice: miceOf([[0, 100, 50, 0]]) },
      0,
      frame,
      half,
    );
    expect(scene.trail[0]).toMatchObject({ x: 10 + 50, y: 100 });
    expect(scene.pointer).toEqual({ x: 60, y: 25 });
  });
});

describe('drawOverlay', () => {
  it('clears the canvas and strokes one segment per pair of trail points, then the pointer', () => {
    const calls: string[] = [];
    const context: OverlayContext = {
      clearRect: () => calls.push('clear'),
      beginPath: () => calls.push('begin'),
      moveTo: () => calls.push('move'),
      lineTo: () => calls.push('line'),
      arc: () => calls.push('arc'),
      stroke: () => calls.push('stroke'),
      fill: () => calls.push('fill'),
      fillStyle: '',
      strokeStyle: '',
      lineWidth: 1,
      globalAlpha: 1,
    };
    drawOverlay(
      context,
      {
        trail: [
          { x: 0, y: 0, age: 900 },
          { x: 5, y: 5, age: 400 },
          { x: 9, y: 9, age: 0 },
        ],
        pointer: { x: 1, y: 1 },
        clicks: [],
      },
      100,
      100,
    );
    expect(calls[0]).toBe('clear');
    expect(calls.filter((call) => call === 'line')).toHaveLength(2);
    expect(calls.filter((call) => call === 'arc')).toHaveLength(2);
    expect(context.globalAlpha).toBe(1);
  });
});
