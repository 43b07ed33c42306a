import { describe, expect, it } from 'vitest';
import { seededRandom as random } from './cohort-agreement.js';
import { DEFAULT_SCREEN_GEOMETRY, pixelsPerDegree } from './gaze-geometry.js';
import {
  type CalibrationSample,
  calibrationVerdict,
  checkpointDue,
  driftVerdict,
  fitGazeModel,
  MIN_VALIDATION_ESTIMATES,
  predictGaze,
  samplingRateHz,
  validationQuality,
  webcamScreenGeometry,
} from './webcam-gaze.js';

/** Standard normal numbers (Box–Muller). */
function normal(seed: number) {
  const next = random(seed);
  return () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}

/** The 9-point grid of a 1280×800 screen, 10 % from its edges. */
const GRID = [0.1, 0.5, 0.9].flatMap((fy) => [0.1, 0.5, 0.9].map((fx) => ({ x: 1280 * fx, y: 800 * fy })));

/**
 * Eye features a browser could compute while looking at (x, y): iris offsets that move linearly
 * with the gaze, two of them duplicated (collinear, as neighbouring landmarks are), a constant,
 * and noise.
 */
function features(x: number, y: number, noise: () => number, sd = 0) {
  const irisX = 0.01 * x + 3 + sd * noise();
  const irisY = -0.02 * y + 7 + sd * noise();
  return [irisX, irisY, 2 * irisX, 0.5 * irisY + 0.003 * x, 1];
}

describe('fitGazeModel and predictGaze', () => {
  it('recovers an exact linear mapping, also through collinear and constant features', () => {
    const noise = normal(1);
    const samples: CalibrationSample[] = GRID.flatMap((p) =>
      Array.from({ length: 10 }, () => ({ features: features(p.x, p.y, noise), x: p.x, y: p.y })),
    );
    const model = fitGazeModel(samples, { ridge: 1e-6 });
    for (const point of [
      { x: 300, y: 200 },
      { x: 1000, y: 650 },
    ]) {
      const predicted = predictGaze(model, features(point.x, point.y, noise));
      expect(predicted.x).toBeCloseTo(point.x, 1);
      expect(predicted.y).toBeCloseTo(point.y, 1);
    }
  });

  it('on noisy features, predicts unseen points with an error near the noise it was given', () => {
    const noise = normal(2);
    // 0.3 feature units of noise = 30 px in x (0.01 a px) and 15 px in y (0.02 a px)
    const samples = GRID.flatMap((p) =>
      Array.from({ length: 30 }, () => ({ features: features(p.x, p.y, noise, 0.3), x: p.x, y: p.y })),
    );
    const model = fitGazeModel(samples);
    const place = random(7);
    const errors = Array.from({ length: 200 }, () => {
      const x = 128 + 1024 * place();
      const y = 80 + 640 * place();
      const predicted = predictGaze(model, features(x, y, noise, 0.3));
      return Math.hypot(predicted.x - x, predicted.y - y);
    });
    const meanError = errors.reduce((a, b) => a + b, 0) / errors.length;
    expect(meanError).toBeGreaterThan(15);
    expect(meanError).toBeLessThan(45);
  });

  it('is a plain object that survives JSON', () => {
    const samples = GRID.map((p) => ({ features: [p.x / 100, p.y / 100], x: p.x, y: p.y }));
    const model = fitGazeModel(samples);
    const copy = JSON.parse(JSON.stringify(model));
    expect(copy).toEqual(model);
    expect(predictGaze(copy, [6.4, 4])).toEqual(predictGaze(model, [6.4, 4]));
    expect(model.ridge).toBe(1);
  });

  it('a larger ridge shrinks the prediction towards the mean position', () => {
    const samples = GRID.map((p) => ({ features: [p.x / 100, p.y / 100], x: p.x, y: p.y }));
    const light = predictGaze(fitGazeModel(samples, { ridge: 0.001 }), [12.8, 8]);
    const heavy = predictGaze(fitGazeModel(samples, { ridge: 1000 }), [12.8, 8]);
    expect(light.x).toBeCloseTo(1280, 0);
    expect(heavy.x).toBeLessThan(700);
    expect(heavy.x).toBeGreaterThan(640);
  });

  it('refuses what it cannot fit', () => {
    expect(() => fitGazeModel([])).toThrow(RangeError);
    expect(() => fitGazeModel([{ features: [], x: 1, y: 1 }])).toThrow(RangeError);
    expect(() =>
      fitGazeModel([
        { features: [1, 2], x: 1, y: 1 },
        { features: [1], x: 1, y: 1 },
      ]),
    ).toThrow(RangeError);
    expect(() => fitGazeModel([{ features: [Number.NaN], x: 1, y: 1 }])).toThrow(RangeError);
    expect(() => fitGazeModel([{ features: [1], x: 1, y: 1 }], { ridge: -1 })).toThrow(RangeError);
    const collinear = GRID.map((p) => ({ features: [p.x, 2 * p.x], x: p.x, y: p.y }));
    expect(() => fitGazeModel(collinear, { ridge: 0 })).toThrow(/collinear/);
    expect(() => predictGaze(fitGazeModel(collinear), [1])).toThrow(/takes 2 features/);
  });
});

describe('webcamScreenGeometry', () => {
  it('assumes 96 CSS px per inch and 600 mm unless told', () => {
    const geometry = webcamScreenGeometry({ widthPx: 1536, heightPx: 864 });
    expect(geometry.widthMm).toBeCloseTo(406.4, 6);
    expect(geometry.heightMm).toBeCloseTo(228.6, 6);
    expect(geometry.distanceMm).toBe(600);
    // tan(1°) · 600 mm · 96/25.4 px a mm
    expect(pixelsPerDegree(geometry)).toBeCloseTo(39.58, 2);
  });

  it('takes the size and distance the participant gave', () => {
    const geometry = webcamScreenGeometry({ widthPx: 1920, heightPx: 1080, widthMm: 531, distanceMm: 600 });
    expect(pixelsPerDegree(geometry)).toBeCloseTo(pixelsPerDegree(DEFAULT_SCREEN_GEOMETRY), 9);
    expect(geometry.heightMm).toBeCloseTo(298.6875, 6);
  });
});

describe('validationQuality', () => {
  const FIVE = [
    { x: 200, y: 150 },
    { x: 1080, y: 150 },
    { x: 640, y: 400 },
    { x: 200, y: 650 },
    { x: 1080, y: 650 },
  ];

  it('measures a known offset as accuracy and known jitter as precision', () => {
    // every estimate 30 px right and 40 px down (50 px off), alternating ±10 px in x: each step 20 px
    const targets = FIVE.map((t) => ({
      ...t,
      estimates: Array.from({ length: 20 }, (_, i) => ({
        x: t.x + 30 + (i % 2 === 0 ? 10 : -10),
        y: t.y + 40,
      })),
    }));
    const quality = validationQuality(targets, 40);
    expect(quality.accuracy_px).toBeCloseTo(50, 9);
    expect(quality.precision_px).toBeCloseTo(20, 9);
    expect(quality.accuracy_deg).toBeCloseTo(1.25, 9);
    expect(quality.precision_deg).toBeCloseTo(0.5, 9);
    expect(quality.targets_used).toBe(5);
  });

  it('on synthetic webcam gaze of a known bias and noise, finds them', () => {
    const noise = normal(3);
    const pxPerDegree = 39.58;
    const biasPx = 2.5 * pxPerDegree; // 2.5° off
    const sdPx = 20;
    const targets = FIVE.map((t) => ({
      ...t,
      estimates: Array.from({ length: 300 }, () => ({
        x: t.x + biasPx * Math.SQRT1_2 + sdPx * noise(),
        y: t.y + biasPx * Math.SQRT1_2 + sdPx * noise(),
      })),
    }));
    const quality = validationQuality(targets, pxPerDegree);
    expect(quality.accuracy_deg).toBeGreaterThan(2.4);
    expect(quality.accuracy_deg).toBeLessThan(2.6);
    // independent noise: a step's squared length has mean 2 · 2σ², so RMS-S2S = 2σ
    expect(quality.precision_px).toBeGreaterThan(37);
    expect(quality.precision_px).toBeLessThan(43);
  });

  it(`leaves out targets with fewer than ${MIN_VALIDATION_ESTIMATES} finite estimates`, () => {
    const on = (x: number, y: number, count: number) => Array.from({ length: count }, () => ({ x, y }));
    const quality = validationQuality(
      [
        { x: 100, y: 100, estimates: on(110, 100, 3) },
        { x: 500, y: 500, estimates: [...on(900, 900, 2), { x: Number.NaN, y: 1 }] },
        { x: 300, y: 300, estimates: [] },
      ],
      10,
    );
    expect(quality.targets_used).toBe(1);
    expect(quality.accuracy_px).toBe(10);
    expect(quality.precision_px).toBe(0);
  });

  it('is NaN throughout when no target could be used', () => {
    const quality = validationQuality([{ x: 1, y: 1, estimates: [{ x: 1, y: 1 }] }], 40);
    expect(quality).toEqual({
      accuracy_px: Number.NaN,
      precision_px: Number.NaN,
      accuracy_deg: Number.NaN,
      precision_deg: Number.NaN,
      targets_used: 0,
    });
  });
});

describe('samplingRateHz', () => {
  it('is the rate of the typical interval, whatever the gaps', () => {
    // 30 Hz with a 2 s gap (the tab hidden) and jitter of ±2 ms
    const times = Array.from(
      { length: 90 },
      (_, i) => i * (1000 / 30) + (i % 2 === 0 ? 2 : -2) + (i >= 45 ? 2000 : 0),
    );
    const rate = samplingRateHz(times);
    expect(rate).toBeGreaterThan(29);
    expect(rate).toBeLessThan(31);
    expect(samplingRateHz([1000, 1016, 1016, 1032])).toBeCloseTo(62.5, 9);
  });

  it('is NaN without two samples', () => {
    expect(samplingRateHz([])).toBeNaN();
    expect(samplingRateHz([5])).toBeNaN();
    expect(samplingRateHz([5, 5])).toBeNaN();
  });
});

describe('calibrationVerdict', () => {
  const rule = { threshold_deg: 4, max_recalibrations: 2, on_failure: 'continue_without_gaze' } as const;

  it('passes below the threshold, on any attempt', () => {
    expect(calibrationVerdict({ ...rule, accuracy_deg: 3.9, attempt: 1 })).toBe('passed');
    expect(calibrationVerdict({ ...rule, accuracy_deg: 1, attempt: 3 })).toBe('passed');
  });

  it('recalibrates twice by default, then does what the test says', () => {
    const failing = { accuracy_deg: 4, on_failure: 'stop' } as const;
    expect([1, 2, 3].map((attempt) => calibrationVerdict({ ...failing, attempt }))).toEqual([
      'recalibrate',
      'recalibrate',
      'stop',
    ]);
    expect(calibrationVerdict({ ...rule, accuracy_deg: 6, attempt: 3 })).toBe('continue_without_gaze');
  });

  it('follows the test threshold and recalibrations, and fails an accuracy it could not measure', () => {
    expect(calibrationVerdict({ ...rule, threshold_deg: 1.5, accuracy_deg: 2, attempt: 1 })).toBe(
      'recalibrate',
    );
    expect(calibrationVerdict({ ...rule, max_recalibrations: 0, accuracy_deg: 5, attempt: 1 })).toBe(
      'continue_without_gaze',
    );
    expect(calibrationVerdict({ ...rule, accuracy_deg: Number.NaN, attempt: 1 })).toBe('recalibrate');
  });
});

describe('the drift checkpoints', () => {
  it('are due every 60 s of stimulus', () => {
    expect(checkpointDue(59_999, 0)).toBe(false);
    expect(checkpointDue(60_000, 0)).toBe(true);
    expect(checkpointDue(119_000, 60_000)).toBe(false);
    expect(checkpointDue(120_500, 60_000)).toBe(true);
    expect(checkpointDue(30_000, 0, 30_000)).toBe(true);
  });

  it('recalibrate on drift beyond the threshold, or drift not measured', () => {
    expect(driftVerdict(3.9, 4)).toBe('ok');
    expect(driftVerdict(4, 4)).toBe('ok');
    expect(driftVerdict(4.1, 4)).toBe('recalibrate');
    expect(driftVerdict(Number.NaN, 4)).toBe('recalibrate');
  });
});
