import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cohensKappa } from './agreement.js';
import { DEFAULT_IVT_OPTIONS, detectFixationsIvt } from './fixations-ivt.js';
import { scanpath } from './test-helpers.js';

const POINTS: [number, number][] = [
  [200, 200],
  [900, 300],
  [1500, 800],
  [400, 900],
  [1000, 500],
];

describe('detectFixationsIvt', () => {
  it.each([60, 120, 250, 1000])('finds the fixations of a scanpath at %i Hz', (hz) => {
    const { gaze, truth } = scanpath(POINTS, hz);
    const { isFixation, fixations } = detectFixationsIvt(gaze);
    expect(fixations).toHaveLength(POINTS.length);
    fixations.forEach((f, i) => {
      const p = POINTS[i] as [number, number];
      expect(Math.hypot(f.x - p[0], f.y - p[1])).toBeLessThan(3);
      expect(f.duration).toBeGreaterThan(200);
      expect(f.end - f.start).toBe(f.duration);
    });
    expect(cohensKappa(isFixation, truth)).toBeGreaterThan(0.7);
  });

  it('never labels lost samples and splits fixations at long losses', () => {
    const { gaze } = scanpath([[500, 500]], 1000, 1000);
    for (let i = 400; i < 520; i++) {
      gaze.x[i] = Number.NaN;
      gaze.y[i] = Number.NaN;
    }
    const { isFixation, fixations } = detectFixationsIvt(gaze);
    for (let i = 400; i < 520; i++) expect(isFixation[i]).toBe(0);
    expect(fixations).toHaveLength(2);
  });

  it('bridges a single lost sample at 60 Hz', () => {
    const { gaze } = scanpath([[500, 500]], 60, 1000);
    gaze.x[30] = Number.NaN;
    const { isFixation } = detectFixationsIvt(gaze);
    expect(isFixation[29]).toBe(1);
    expect(isFixation[30]).toBe(0);
    expect(isFixation[31]).toBe(1);
  });

  it('handles empty and single-sample input', () => {
    const empty = { timestamp: new Float64Array(0), x: new Float32Array(0), y: new Float32Array(0) };
    expect(detectFixationsIvt(empty).fixations).toEqual([]);
    const one = { timestamp: Float64Array.of(0), x: Float32Array.of(1), y: Float32Array.of(1) };
    expect(detectFixationsIvt(one).isFixation[0]).toBe(0);
  });

  it('labels consistently with its fixation list (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: 0, max: 1920, noNaN: true }),
            fc.double({ min: 0, max: 1080, noNaN: true }),
          ),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        fc.constantFrom(60, 250, 1000),
        fc.double({ min: 0, max: 0.2, noNaN: true }),
        fc.integer({ min: 1, max: 1000 }),
        (points, hz, lossShare, seed) => {
          const { gaze } = scanpath(points, hz, 200, 40, 2, seed);
          const n = gaze.timestamp.length;
          for (let i = 0; i < n; i++) {
            if (((i * 7919 + seed) % 1000) / 1000 < lossShare) {
              gaze.x[i] = Number.NaN;
              gaze.y[i] = Number.NaN;
            }
          }
          const { isFixation, fixations } = detectFixationsIvt(gaze);
          let labelled = 0;
          for (let i = 0; i < n; i++) {
            if (isFixation[i] === 1) {
              labelled++;
              expect(Number.isNaN(gaze.x[i] as number)).toBe(false);
            }
          }
          let covered = 0;
          for (const f of fixations) {
            expect(f.duration).toBeGreaterThanOrEqual(DEFAULT_IVT_OPTIONS.minFixationMs);
            for (let i = 0; i < n; i++) {
              const t = gaze.timestamp[i] as number;
              if (t >= f.start && t <= f.end) {
                expect(isFixation[i] === 1 || Number.isNaN(gaze.x[i] as number)).toBe(true);
                if (isFixation[i] === 1) covered++;
              }
            }
          }
          expect(covered).toBe(labelled);
        },
      ),
      { numRuns: 60 },
    );
  });
});
