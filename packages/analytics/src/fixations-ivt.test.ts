import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cohensKappa } from './agreement.js';
import type { Fixation, FixationResult, GazeSamples } from './fixations.js';
import { DEFAULT_IVT_OPTIONS, detectFixationsIvt, type IvtOptions } from './fixations-ivt.js';
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

  it('labels exactly as the direct definition on regular 1000 Hz data, across blocks and losses', () => {
    // 38 s at 1000 Hz: mostly the fast loop, with losses and the recording's edges in the general one.
    const { gaze } = scanpath(randomPoints(60, 7), 1000, 600, 40, 2, 7);
    loseBursts(gaze, 1500, 12);
    expectSameAsReference(gaze);
  });

  it('labels exactly as the direct definition when sampling is jittered or drops rows', () => {
    const { gaze } = scanpath(randomPoints(30, 8), 1000, 500, 40, 2, 8);
    const jittered = withTimestamps(gaze, (t, i) => t + (((i * 7919) % 33) - 16) / 64);
    expectSameAsReference(jittered);
    const dropped = withTimestamps(gaze, (t, i) => t + Math.floor(i / 977) * 3);
    loseBursts(dropped, 2300, 5);
    expectSameAsReference(dropped);
    // Gaps longer than the half window but bridged (≤ maxGapMs): the nearest-neighbour fallback.
    expectSameAsReference(withTimestamps(gaze, (t, i) => t + Math.floor(i / 977) * 20));
    // Half windows wider than the general loop's stretch: the fast loop resumes with a gap inside.
    expectSameAsReference(dropped, { halfWindowMs: 100, velocityThresholdPxPerS: 200 });
    expectSameAsReference(jittered, { halfWindowMs: 100, velocityThresholdPxPerS: 200 });
    // Single rows missing: samples land exactly on window bounds while the fast loop runs.
    for (const every of [100, 250, 401]) {
      const missing = withTimestamps(gaze, (t, i) => t + Math.floor(i / every));
      expectSameAsReference(missing, { halfWindowMs: 100, velocityThresholdPxPerS: 150 });
      expectSameAsReference(missing, { halfWindowMs: 50, velocityThresholdPxPerS: 150 });
    }
    // Regular stretches between single late samples: the loops hand over to each other often.
    const hiccups = withTimestamps(gaze, (t, i) => (i % 301 === 0 ? t + 0.25 : t));
    expectSameAsReference(hiccups);
  });

  it('takes the sample before a bridged gap as neighbour, also when the fast loop reached it', () => {
    // 1 s fixations at 1000 Hz that alternate between two points 400 px apart, 20 ms missing in
    // between: the first sample after a gap moved 400 px in 21 ms, so it is not a fixation sample.
    const n = 8000;
    const timestamp = new Float64Array(n);
    const x = new Float32Array(n);
    const y = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const k = Math.floor(i / 1000);
      timestamp[i] = 1_700_000_000_000 + i + 20 * k;
      x[i] = (k % 2 === 0 ? 500 : 900) + ((i * 7919) % 5) - 2;
      y[i] = 500 + ((i * 104729) % 5) - 2;
    }
    const gaze = { timestamp, x, y };
    expectSameAsReference(gaze);
    const { isFixation, fixations } = detectFixationsIvt(gaze);
    for (let k = 1; k < 8; k++) expect(isFixation[k * 1000]).toBe(0);
    expect(fixations).toHaveLength(8);
  });

  it('labels exactly as the direct definition when window bounds fall on samples mid-run', () => {
    // A pursuit at the threshold speed (every label is close), 1000 Hz, with pairs of single
    // rows missing exactly one half window apart: at the second of a pair one sample leaves the
    // before window but two enter the after window, a step the fast loop must hand over.
    const n = 8000;
    const missing = [1500, 1599, 3000, 3099, 5500, 5599, 6950, 7049];
    const timestamp = new Float64Array(n);
    const x = new Float32Array(n);
    const y = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      timestamp[i] = 1_700_000_000_000 + i + missing.filter((m) => i >= m).length;
      x[i] = 100 + 0.15 * i + ((i * 7919) % 5) - 2;
      y[i] = 500 + ((i * 104729) % 5) - 2;
    }
    expectSameAsReference({ timestamp, x, y }, { halfWindowMs: 100, velocityThresholdPxPerS: 150 });
  });

  it('labels exactly as the direct definition for any rate, loss, jitter and options (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(60, 120, 250, 500, 1000),
        fc.double({ min: 0, max: 0.1, noNaN: true }),
        fc.constantFrom(0, 0, 1 / 16, 1 / 4, 2),
        fc.record({
          velocityThresholdPxPerS: fc.constantFrom(300, 600, 1200),
          halfWindowMs: fc.constantFrom(2, 5, 8, 12.5, 20),
          maxGapMs: fc.constantFrom(10, 40, 100),
          minFixationMs: fc.constantFrom(0, 40, 100),
        }),
        fc.integer({ min: 1, max: 1000 }),
        (count, hz, lossShare, jitterMs, options, seed) => {
          const { gaze } = scanpath(randomPoints(count, seed), hz, 250, 40, 2, seed);
          const jittered = withTimestamps(
            gaze,
            (t, i) => t + ((((i * 7919 + seed) % 17) - 8) / 8) * jitterMs,
          );
          const n = jittered.timestamp.length;
          for (let i = 0; i < n; i++) {
            if (((i * 104729 + seed) % 1000) / 1000 < lossShare) {
              jittered.x[i] = Number.NaN;
              jittered.y[i] = Number.NaN;
            }
          }
          expectSameAsReference(jittered, options);
        },
      ),
      { numRuns: 80 },
    );
  });
});

/** `count` fixation points on a 1920×1080 page, deterministic in `seed`. */
function randomPoints(count: number, seed: number): [number, number][] {
  return Array.from({ length: count }, (_, i) => [
    100 + ((i * 7919 + seed * 104729) % 1700),
    100 + ((i * 6271 + seed * 15485863) % 880),
  ]);
}

/** Loses (NaN) `length` samples every `every` samples. */
function loseBursts(gaze: GazeSamples, every: number, length: number): void {
  for (let i = 0; i < gaze.timestamp.length; i++) {
    if (i % every < length) {
      gaze.x[i] = Number.NaN;
      gaze.y[i] = Number.NaN;
    }
  }
}

/**
 * The same positions at new timestamps, rounded to 1/64 ms so that every window sum stays exact
 * (the detector's running sums and the reference's fresh ones then agree to the last bit).
 */
function withTimestamps(gaze: GazeSamples, at: (t: number, i: number) => number): GazeSamples {
  const timestamp = gaze.timestamp.map((t, i) => Math.round(at(t, i) * 64) / 64);
  for (let i = 1; i < timestamp.length; i++)
    timestamp[i] = Math.max(timestamp[i] as number, timestamp[i - 1] as number);
  return { timestamp, x: gaze.x.slice(), y: gaze.y.slice() };
}

function expectSameAsReference(gaze: GazeSamples, options: Partial<IvtOptions> = {}): void {
  const got = detectFixationsIvt(gaze, options);
  const want = referenceIvt(gaze, { ...DEFAULT_IVT_OPTIONS, ...options });
  expect(got.fixations).toEqual(want.fixations);
  expect(Array.from(got.isFixation)).toEqual(Array.from(want.isFixation));
}

/**
 * I-VT straight from the definition in detectFixationsIvt's doc comment: each sample's half
 * windows are summed afresh (no running sums, no pointers, no fast loop), O(n · window).
 */
function referenceIvt(gaze: GazeSamples, o: IvtOptions): FixationResult {
  const { timestamp: t, x, y } = gaze;
  const n = t.length;
  const t0 = t[0] ?? 0;
  const at = (j: number): [number, number, number] => [(t[j] as number) - t0, x[j] as number, y[j] as number];
  const isValid = (j: number): boolean => !Number.isNaN((x[j] as number) + (y[j] as number));
  const v = o.velocityThresholdPxPerS / 1000;
  const isFixation = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (!isValid(i)) continue;
    const ti = (t[i] as number) - t0;
    const sum = (from: number, step: number, inside: (tj: number) => boolean): number[] => {
      const s = [0, 0, 0, 0];
      for (let j = from; j >= 0 && j < n && inside(t[j] as number); j += step) {
        if (!isValid(j)) continue;
        const [tj, xj, yj] = at(j);
        s[0] = (s[0] as number) + 1;
        s[1] = (s[1] as number) + tj;
        s[2] = (s[2] as number) + xj;
        s[3] = (s[3] as number) + yj;
      }
      return s;
    };
    const before = sum(i, -1, (tj) => tj >= (t[i] as number) - o.halfWindowMs);
    const after = sum(i, 1, (tj) => tj <= (t[i] as number) + o.halfWindowMs);
    // A half window with only sample i: its nearest valid neighbour on that side, within maxGap.
    if (before[0] === 1) {
      let p = i - 1;
      while (p >= 0 && !isValid(p)) p--;
      if (p >= 0 && ti - at(p)[0] <= o.maxGapMs) before.splice(1, 3, ...at(p));
    }
    if (after[0] === 1) {
      let q = i + 1;
      while (q < n && !isValid(q)) q++;
      if (q < n && at(q)[0] - ti <= o.maxGapMs) after.splice(1, 3, ...at(q));
    }
    const [nB, bT, bX, bY] = before as [number, number, number, number];
    const [nA, aT, aX, aY] = after as [number, number, number, number];
    const dt = aT * nB - bT * nA;
    const dx = aX * nB - bX * nA;
    const dy = aY * nB - bY * nA;
    if (dt > 0 && dx * dx + dy * dy <= v * v * dt * dt) isFixation[i] = 1;
  }
  const fixations: Fixation[] = [];
  let i = 0;
  while (i < n) {
    if (isFixation[i] !== 1) {
      i++;
      continue;
    }
    const first = i;
    while (i + 1 < n && isFixation[i + 1] === 1 && at(i + 1)[0] - at(i)[0] <= o.maxGapMs) i++;
    const last = i++;
    const duration = (t[last] as number) - (t[first] as number);
    if (duration < o.minFixationMs) {
      isFixation.fill(0, first, last + 1);
      continue;
    }
    let sx = 0;
    let sy = 0;
    for (let k = first; k <= last; k++) {
      sx += x[k] as number;
      sy += y[k] as number;
    }
    const count = last - first + 1;
    fixations.push({
      start: t[first] as number,
      end: t[last] as number,
      x: sx / count,
      y: sy / count,
      duration,
    });
  }
  return { isFixation, fixations };
}
