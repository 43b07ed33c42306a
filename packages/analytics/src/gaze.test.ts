import { describe, expect, it } from 'vitest';
import { clicksToPage, gazeToPage } from './gaze.js';

const eye = {
  timestamp: Float64Array.of(0, 100, 200, 300),
  x: Float32Array.of(800, 800, Number.NaN, 900),
  y: Float32Array.of(10, 10, 10, 10),
};
const mouse = {
  timestamp: Float64Array.of(50, 250),
  x: Float32Array.of(1, 2),
  y: Float32Array.of(5, 6),
  scrollY: Float32Array.of(100, 400),
  click: Uint8Array.of(0, 1),
};

describe('gazeToPage', () => {
  it('adds the scroll offset at that time on desktop', () => {
    const p = gazeToPage(eye, mouse, 'desktop');
    expect(Array.from(p.y)).toEqual([110, 110, 110, 410]);
    expect(p.x[0]).toBe(800);
    expect(Number.isNaN(p.x[2] as number)).toBe(true);
  });

  it('shifts x by the mobile offset', () => {
    const p = gazeToPage(eye, null, 'mobile');
    expect(p.x[0]).toBe(90);
    expect(p.y[0]).toBe(10);
  });

  it('puts clicks on the page', () => {
    const c = clicksToPage(mouse);
    expect(Array.from(c.timestamp)).toEqual([250]);
    expect(Array.from(c.y)).toEqual([406]);
  });
});
