import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageVisits } from './page-visits.js';

function mouse(times: number[], urlIdx: number[], urls: string[]) {
  return { timestamp: Float64Array.from(times), urlIndex: Uint16Array.from(urlIdx), urls };
}

describe('pageVisits', () => {
  it('splits on URL changes and on gaps over 1 s', () => {
    const m = mouse([0, 500, 1500, 2600, 2700, 3000], [0, 0, 0, 0, 1, 0], ['/a', '/b']);
    expect(pageVisits(m)).toEqual([
      { url: '/a', start: 0, end: 1500 },
      { url: '/a', start: 2600, end: 2600 },
      { url: '/b', start: 2700, end: 2700 },
      { url: '/a', start: 3000, end: 3000 },
    ]);
    expect(pageVisits(mouse([], [], []))).toEqual([]);
  });

  it('covers every sample once, with no inner gap over the limit (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 2500 }), fc.integer({ min: 0, max: 2 })), {
          maxLength: 200,
        }),
        (steps) => {
          let t = 0;
          const times = steps.map(([d]) => (t += d));
          const m = mouse(
            times,
            steps.map(([, u]) => u),
            ['/a', '/b', '/c'],
          );
          const visits = pageVisits(m);
          let covered = 0;
          for (const v of visits) {
            const inside = times.filter((x) => x >= v.start && x <= v.end);
            covered += inside.length;
            for (let i = 1; i < inside.length; i++)
              expect((inside[i] as number) - (inside[i - 1] as number)).toBeLessThanOrEqual(1000);
          }
          expect(covered).toBe(times.length);
        },
      ),
      { numRuns: 100 },
    );
  });
});
