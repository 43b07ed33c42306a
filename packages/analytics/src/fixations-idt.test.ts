import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IDT_OPTIONS, detectFixationsIdt } from './fixations-idt.js';
import { scanpath } from './test-helpers.js';

const POINTS: [number, number][] = [
  [200, 200],
  [900, 300],
  [1500, 800],
];

describe('detectFixationsIdt', () => {
  it.each([60, 250, 1000])('finds the fixations of a scanpath at %i Hz', (hz) => {
    const { fixations } = detectFixationsIdt(scanpath(POINTS, hz).gaze);
    expect(fixations).toHaveLength(POINTS.length);
    fixations.forEach((f, i) => {
      const p = POINTS[i] as [number, number];
      expect(Math.hypot(f.x - p[0], f.y - p[1])).toBeLessThan(3);
    });
  });

  it('keeps every fixation within the dispersion limit and minimum duration (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: 0, max: 1920, noNaN: true }),
            fc.double({ min: 0, max: 1080, noNaN: true }),
          ),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        fc.constantFrom(60, 500),
        fc.double({ min: 0, max: 20, noNaN: true }),
        (points, hz, noise) => {
          const { gaze } = scanpath(points, hz, 250, 40, noise);
          const { isFixation, fixations } = detectFixationsIdt(gaze);
          for (const f of fixations) {
            expect(f.duration).toBeGreaterThanOrEqual(DEFAULT_IDT_OPTIONS.minFixationMs);
            let minX = Number.POSITIVE_INFINITY;
            let maxX = Number.NEGATIVE_INFINITY;
            let minY = Number.POSITIVE_INFINITY;
            let maxY = Number.NEGATIVE_INFINITY;
            for (let i = 0; i < gaze.timestamp.length; i++) {
              const t = gaze.timestamp[i] as number;
              if (t < f.start || t > f.end) continue;
              expect(isFixation[i]).toBe(1);
              minX = Math.min(minX, gaze.x[i] as number);
              maxX = Math.max(maxX, gaze.x[i] as number);
              minY = Math.min(minY, gaze.y[i] as number);
              maxY = Math.max(maxY, gaze.y[i] as number);
            }
            expect(maxX - minX + (maxY - minY)).toBeLessThanOrEqual(2 * DEFAULT_IDT_OPTIONS.radiusPx + 1e-3);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('ends windows at lost samples', () => {
    const { gaze } = scanpath([[500, 500]], 1000, 1000);
    for (let i = 400; i < 520; i++) gaze.x[i] = Number.NaN;
    const { isFixation, fixations } = detectFixationsIdt(gaze);
    expect(fixations).toHaveLength(2);
    expect(isFixation[450]).toBe(0);
  });
});
