import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MonotoneDeque } from './monotone-deque.js';

describe('MonotoneDeque', () => {
  it('tracks the sliding minimum and maximum (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 1, max: 80 }),
        (v, w) => {
          const min = new MonotoneDeque(v, false);
          const max = new MonotoneDeque(v, true);
          for (let i = 0; i < v.length; i++) {
            min.push(i);
            max.push(i);
            const start = Math.max(0, i - w + 1);
            min.dropBefore(start);
            max.dropBefore(start);
            const win = v.slice(start, i + 1);
            expect(min.extreme()).toBe(Math.min(...win));
            expect(max.extreme()).toBe(Math.max(...win));
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
