import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cohensKappa } from './agreement.js';
import { GAZE_CLASS } from './gaze-class.js';
import { DEFAULT_GAZE_EVENT_OPTIONS, detectGazeEvents } from './gaze-events.js';
import {
  DEFAULT_SCREEN_GEOMETRY,
  degreesToPixels,
  pixelsToDegrees,
  type ScreenGeometry,
} from './gaze-geometry.js';
import { angularGaze, fixationPath, stepRampPath } from './test-helpers.js';

const G = DEFAULT_SCREEN_GEOMETRY;
const POINTS: [number, number][] = [
  [-10, -6],
  [4, -3],
  [12, 7],
  [-6, 8],
  [2, 0],
  [-14, 2],
];

/** Share of the samples of true class `truth` that the detector put in class `got`. */
function share(classes: Uint8Array, truth: Uint8Array, truthValue: number, got: number): number {
  let all = 0;
  let hit = 0;
  for (let i = 0; i < truth.length; i++) {
    if (truth[i] !== truthValue) continue;
    all++;
    if (classes[i] === got) hit++;
  }
  return hit / all;
}

const loseBetween = (
  gaze: { timestamp: Float64Array; x: Float32Array; y: Float32Array },
  from: number,
  to: number,
) => {
  for (let i = 0; i < gaze.timestamp.length; i++) {
    const t = (gaze.timestamp[i] as number) - (gaze.timestamp[0] as number);
    if (t >= from && t < to) {
      gaze.x[i] = Number.NaN;
      gaze.y[i] = Number.NaN;
    }
  }
};

describe('detectGazeEvents', () => {
  it.each([30, 60, 120, 300, 1000, 2000])('finds the fixations of a scanpath at %i Hz', (hz) => {
    const path = fixationPath(POINTS, 400, 40);
    const { gaze, truth } = angularGaze(G, path.at, hz, path.durationMs, 0.05);
    const result = detectGazeEvents(gaze);
    expect(result.fixations).toHaveLength(POINTS.length);
    result.fixations.forEach((f, k) => {
      const p = POINTS[k] as [number, number];
      const d = pixelsToDegrees(G, f.x, f.y);
      expect(Math.hypot(d.xDeg - p[0], d.yDeg - p[1])).toBeLessThan(0.1);
      expect(f.duration).toBeGreaterThan(250);
    });
    // Below 100 Hz a 40 ms saccade spans one or two samples, and the central difference around it
    // one more on each side (33 ms each at 30 Hz).
    expect(cohensKappa(result.isFixation, truth)).toBeGreaterThan(hz <= 30 ? 0.4 : hz < 100 ? 0.6 : 0.75);
    expect(result.saccades.length).toBe(POINTS.length - 1);
    expect(result.settings.sampleIntervalMs).toBeCloseTo(1000 / hz, 3);
  });

  it('gives the same events for the same angles on another screen and viewing distance', () => {
    const path = fixationPath(POINTS, 300, 40);
    const other: ScreenGeometry = {
      widthPx: 2560,
      heightPx: 1440,
      widthMm: 597,
      heightMm: 336,
      distanceMm: 700,
    };
    const a = angularGaze(G, path.at, 500, path.durationMs, 0.1, 3);
    const b = angularGaze(other, path.at, 500, path.durationMs, 0.1, 3);
    const ra = detectGazeEvents(a.gaze, { geometry: G });
    const rb = detectGazeEvents(b.gaze, { geometry: other });
    expect(rb.fixations.map((f) => [f.start, f.end])).toEqual(ra.fixations.map((f) => [f.start, f.end]));
    expect(rb.settings.noiseDeg).toBeCloseTo(ra.settings.noiseDeg, 2);
    rb.saccades.forEach((s, k) => {
      expect(s.amplitudeDeg).toBeCloseTo((ra.saccades[k] as { amplitudeDeg: number }).amplitudeDeg, 1);
      expect(s.peakVelocityDegPerS).toBeCloseTo(
        (ra.saccades[k] as { peakVelocityDegPerS: number }).peakVelocityDegPerS,
        -1,
      );
    });
    // The same pixels read with the wrong geometry are other angles: the saccades look smaller.
    const wrong = detectGazeEvents(b.gaze, { geometry: G });
    expect(wrong.saccades[0]?.amplitudeDeg).not.toBeCloseTo(rb.saccades[0]?.amplitudeDeg ?? 0, 0);
  });

  it('does not cut fixations into pieces on noisy 300 Hz data (1° RMS): the window and threshold adapt', () => {
    const points = Array.from({ length: 20 }, (_, k) => POINTS[k % POINTS.length] as [number, number]);
    const path = fixationPath(points, 400, 40);
    const { gaze, truth } = angularGaze(G, path.at, 300, path.durationMs, 1, 5);
    const result = detectGazeEvents(gaze);
    expect(result.settings.halfWindowMs).toBeGreaterThan(30);
    expect(result.fixations.length).toBeGreaterThanOrEqual(points.length - 1);
    expect(result.fixations.length).toBeLessThanOrEqual(points.length + 1);
    // The end of each saccade stays spread by the wide window (human coders count the wobble after
    // a saccade with it; this synthetic truth has none).
    expect(cohensKappa(result.isFixation, truth)).toBeGreaterThan(0.6);
  });

  it('reports the noise it measured and a window that grows with it', () => {
    const path = fixationPath(POINTS, 400, 40);
    const clean = detectGazeEvents(angularGaze(G, path.at, 1000, path.durationMs, 0.02).gaze);
    const noisy = detectGazeEvents(angularGaze(G, path.at, 1000, path.durationMs, 0.5).gaze);
    // RMS 0.5° is 0.354° per axis.
    expect(noisy.settings.noiseDeg).toBeGreaterThan(0.3);
    expect(noisy.settings.noiseDeg).toBeLessThan(0.42);
    expect(clean.settings.halfWindowMs).toBe(DEFAULT_GAZE_EVENT_OPTIONS.minHalfWindowMs);
    expect(noisy.settings.halfWindowMs).toBeGreaterThan(20);
  });

  it('bridges a short loss inside a fixation: one fixation spanning it, lost samples included', () => {
    const path = fixationPath([[3, 2]], 1000, 40);
    const { gaze } = angularGaze(G, path.at, 250, path.durationMs, 0.05);
    loseBetween(gaze, 400, 460);
    const result = detectGazeEvents(gaze);
    expect(result.fixations).toHaveLength(1);
    expect(result.fixations[0]?.duration).toBeGreaterThan(950);
    const lost = Math.round(0.4 * 250);
    expect(result.isFixation[lost + 2]).toBe(1);
    expect(result.classes[lost + 2]).toBe(GAZE_CLASS.fixation);
  });

  it('does not bridge a loss longer than maxGapMs, nor one across which the gaze moved', () => {
    const path = fixationPath([[3, 2]], 1000, 40);
    const long = angularGaze(G, path.at, 250, path.durationMs, 0.05).gaze;
    loseBetween(long, 400, 500);
    const result = detectGazeEvents(long);
    expect(result.fixations).toHaveLength(2);
    expect(result.classes[Math.round(0.45 * 250)]).toBe(GAZE_CLASS.loss);
    // A 3° saccade hidden in a 50 ms loss: two fixations.
    const moved = fixationPath(
      [
        [3, 2],
        [6, 2],
      ],
      500,
      20,
    );
    const gaze = angularGaze(G, moved.at, 250, moved.durationMs, 0.05).gaze;
    loseBetween(gaze, 490, 540);
    expect(detectGazeEvents(gaze).fixations).toHaveLength(2);
  });

  it('merges a fixation cut by a noise spike, but not across a real 0.3° saccade', () => {
    const path = fixationPath([[0, 0]], 800, 40);
    const spiked = angularGaze(G, path.at, 1000, path.durationMs, 0.02).gaze;
    for (let i = 400; i < 403; i++) spiked.x[i] = (spiked.x[i] as number) + 60;
    const one = detectGazeEvents(spiked);
    expect(one.fixations).toHaveLength(1);
    expect(one.classes[401]).toBe(GAZE_CLASS.fixation);
    const small = fixationPath(
      [
        [0, 0],
        [0.3, 0],
      ],
      400,
      15,
    );
    const two = detectGazeEvents(angularGaze(G, small.at, 1000, small.durationMs, 0.01).gaze);
    expect(two.fixations).toHaveLength(2);
  });

  it('merges nothing with mergeMaxDeg 0 and bridges nothing with maxGapMs 0', () => {
    const path = fixationPath([[3, 2]], 1000, 40);
    const { gaze } = angularGaze(G, path.at, 250, path.durationMs, 0.05);
    loseBetween(gaze, 400, 440);
    expect(detectGazeEvents(gaze, { mergeMaxDeg: 0 }).fixations).toHaveLength(2);
    expect(detectGazeEvents(gaze, { maxGapMs: 0 }).fixations).toHaveLength(2);
  });

  it.each([
    [300, 10, 0.05],
    [1000, 10, 1],
    [300, 5, 0.5],
    [60, 20, 0.5],
  ])('calls smooth pursuit pursuit, not fixation (%i Hz, %i°/s, noise %f°)', (hz, speed, noise) => {
    const path = stepRampPath(speed, 8, 2);
    const { gaze, truth } = angularGaze(G, path.at, hz, path.durationMs, noise, 4);
    const result = detectGazeEvents(gaze);
    expect(share(result.classes, truth, 3, GAZE_CLASS.pursuit)).toBeGreaterThan(0.8);
    expect(share(result.classes, truth, 3, GAZE_CLASS.fixation)).toBeLessThan(0.15);
    expect(share(result.classes, truth, 1, GAZE_CLASS.fixation)).toBeGreaterThan(0.85);
    expect(result.pursuits.length).toBeGreaterThanOrEqual(8);
    for (const p of result.pursuits.filter((q) => q.duration > 500))
      expect(p.speedDegPerS).toBeGreaterThan(speed * 0.6);
  });

  it('calls pursuit fixation when asked not to detect it', () => {
    const path = stepRampPath(10, 4, 2);
    const { gaze, truth } = angularGaze(G, path.at, 300, path.durationMs, 0.05);
    const result = detectGazeEvents(gaze, { detectPursuit: false });
    expect(share(result.classes, truth, 3, GAZE_CLASS.pursuit)).toBe(0);
    expect(result.pursuits).toEqual([]);
  });

  it('takes a fixed threshold in degrees/s (the classic I-VT) instead of the adaptive one', () => {
    const path = fixationPath(POINTS, 300, 40);
    const { gaze } = angularGaze(G, path.at, 500, path.durationMs, 0.05);
    const fixed = detectGazeEvents(gaze, { saccadeThreshold: 30, halfWindowMs: 10 });
    expect(fixed.settings.saccadeThresholdXDegPerS).toBe(30);
    expect(fixed.settings.saccadeThresholdYDegPerS).toBe(30);
    expect(fixed.settings.halfWindowMs).toBe(10);
    expect(fixed.fixations).toHaveLength(POINTS.length);
    // A threshold above every saccade's speed finds one long "fixation".
    const none = detectGazeEvents(gaze, { saccadeThreshold: 5000, detectPursuit: false });
    expect(none.fixations).toHaveLength(1);
    expect(none.saccades).toEqual([]);
  });

  it('handles empty, single-sample and all-lost input', () => {
    const empty = { timestamp: new Float64Array(0), x: new Float32Array(0), y: new Float32Array(0) };
    const r0 = detectGazeEvents(empty);
    expect(r0.fixations).toEqual([]);
    expect(r0.classes).toHaveLength(0);
    const one = { timestamp: Float64Array.of(0), x: Float32Array.of(900), y: Float32Array.of(500) };
    expect(Array.from(detectGazeEvents(one).classes)).toEqual([GAZE_CLASS.loss]);
    const lost = {
      timestamp: Float64Array.of(0, 4, 8),
      x: new Float32Array(3).fill(Number.NaN),
      y: new Float32Array(3).fill(Number.NaN),
    };
    expect(Array.from(detectGazeEvents(lost).classes)).toEqual([4, 4, 4]);
  });

  it('gives the same classes on regular and on slightly jittered sampling', () => {
    const path = fixationPath(POINTS, 300, 40);
    const { gaze } = angularGaze(G, path.at, 1000, path.durationMs, 0.05);
    const jittered = { ...gaze, timestamp: gaze.timestamp.map((t, i) => t + (((i * 7919) % 9) - 4) / 100) };
    const a = detectGazeEvents(gaze);
    const b = detectGazeEvents(jittered);
    let differ = 0;
    for (let i = 0; i < a.classes.length; i++) if (a.classes[i] !== b.classes[i]) differ++;
    expect(differ / a.classes.length).toBeLessThan(0.01);
    expect(b.fixations).toHaveLength(a.fixations.length);
  });

  it('keeps classes, the fixation flag and the event lists consistent (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: -15, max: 15, noNaN: true }),
            fc.double({ min: -8, max: 8, noNaN: true }),
          ),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        fc.constantFrom(30, 60, 250, 1000),
        fc.constantFrom(0, 0.3, 1),
        fc.double({ min: 0, max: 0.15, noNaN: true }),
        fc.integer({ min: 1, max: 1000 }),
        (points, hz, noise, lossShare, seed) => {
          const path = fixationPath(points, 250, 40);
          const { gaze } = angularGaze(G, path.at, hz, path.durationMs, noise, seed);
          const n = gaze.timestamp.length;
          for (let i = 0; i < n; i++) {
            if (((i * 104729 + seed) % 1000) / 1000 < lossShare) {
              gaze.x[i] = Number.NaN;
              gaze.y[i] = Number.NaN;
            }
          }
          const r = detectGazeEvents(gaze);
          // Samples that break a rule, by rule (one expect each: expect per sample is slow).
          const broken = { flag: 0, classValue: 0, lostOutsideFixation: 0, uncovered: 0 };
          for (let i = 0; i < n; i++) {
            const c = r.classes[i] as number;
            if ((r.isFixation[i] === 1) !== (c === GAZE_CLASS.fixation)) broken.flag++;
            if (!(c >= 1 && c <= 4)) broken.classValue++;
            // A lost sample is loss unless a fixation spans it.
            if (Number.isNaN(gaze.x[i] as number) && c !== GAZE_CLASS.loss && c !== GAZE_CLASS.fixation)
              broken.lostOutsideFixation++;
          }
          // Fixations ascend in time: one pointer walks the samples they span.
          let covered = 0;
          let i = 0;
          for (const f of r.fixations) {
            expect(f.duration).toBeGreaterThanOrEqual(DEFAULT_GAZE_EVENT_OPTIONS.minFixationMs);
            expect(Number.isFinite(f.x) && Number.isFinite(f.y)).toBe(true);
            while (i < n && (gaze.timestamp[i] as number) < f.start) i++;
            for (; i < n && (gaze.timestamp[i] as number) <= f.end; i++) {
              if (r.isFixation[i] !== 1) broken.uncovered++;
              covered++;
            }
          }
          expect(broken).toEqual({ flag: 0, classValue: 0, lostOutsideFixation: 0, uncovered: 0 });
          expect(covered).toBe(r.isFixation.reduce((a, b) => a + b, 0));
          for (const s of r.saccades) expect(s.peakVelocityDegPerS).toBeGreaterThan(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('puts pixels on the screen it is told about', () => {
    const p = degreesToPixels(G, 0, 0);
    expect(p).toEqual({ xPx: 960, yPx: 540 });
  });
});
