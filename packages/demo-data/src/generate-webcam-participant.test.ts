import {
  calibrationVerdict,
  correlationCoefficient,
  EXPRESSIONS,
  gazeQuality,
  pixelsPerDegree,
  samplingRateHz,
  validationQuality,
  webcamScreenGeometry,
} from '@limbus/analytics';
import { describe, expect, it } from 'vitest';
import { generateWebcamCohort } from './generate-cohort.js';
import { generateParticipant } from './generate-participant.js';
import { generateWebcamParticipant } from './generate-webcam-participant.js';
import { normalizeSeed } from './random.js';

const START = Date.UTC(2026, 9, 5, 18, 0);

describe('generateWebcamParticipant', () => {
  const desktop = generateWebcamParticipant({ seed: 11, kind: 'desktop', startTime: START });

  it('samples gaze at 15–30 Hz with face-lost intervals as lost samples, and keeps the mouse', () => {
    const rate = samplingRateHz(desktop.eyes.timestamp);
    expect(rate).toBeGreaterThanOrEqual(14);
    expect(rate).toBeLessThanOrEqual(31);
    expect(Math.abs(rate - desktop.webcam.rateHz)).toBeLessThan(1);
    const ratio = gazeQuality(desktop.eyes).trackingRatio;
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1);
    expect(desktop.mice.timestamp.length).toBeGreaterThan(100);
    expect(desktop).not.toHaveProperty('emotions');
    expect(desktop).not.toHaveProperty('comments');
  });

  it('is the lab behaviour shifted by a constant offset of 1.5–4° plus jitter', () => {
    const lab = generateParticipant({
      seed: normalizeSeed(11),
      platform: 'desktop',
      startTime: START,
      rates: { eyeHz: 30, mouseHz: 30, mouseIdleHz: 5, emotionHz: 5 },
    });
    expect(desktop.mice).toEqual(lab.mice);
    const shifts: number[] = [];
    for (let i = 0; i < desktop.eyes.timestamp.length; i++) {
      const j = Math.round(((desktop.eyes.timestamp[i] as number) - START) / (1000 / 30));
      const dx = (desktop.eyes.x[i] as number) - (lab.eyes.x[j] as number);
      const dy = (desktop.eyes.y[i] as number) - (lab.eyes.y[j] as number);
      if (Number.isFinite(dx) && Number.isFinite(dy)) shifts.push(Math.hypot(dx, dy));
    }
    const meanShiftDeg = shifts.reduce((sum, s) => sum + s, 0) / shifts.length / 37.9;
    expect(meanShiftDeg).toBeGreaterThan(1.3);
    expect(meanShiftDeg).toBeLessThan(4.5);
  });

  it('reads facial expressions at 5 Hz that sum to 1, smile with the latent joy, and stop while the face is out of view', () => {
    const { expressions, eyes } = desktop;
    const rate = samplingRateHz(expressions.timestamp);
    expect(rate).toBeGreaterThan(4.5);
    expect(rate).toBeLessThan(5.5);
    for (let i = 0; i < expressions.timestamp.length; i += 17) {
      const sum = EXPRESSIONS.reduce((total, name) => total + (expressions[name][i] as number), 0);
      expect(sum).toBeCloseTo(1, 5);
    }
    // The gaps in the expressions are the face-lost intervals: the gaze inside each is lost too.
    const gaps: [number, number][] = [];
    for (let i = 1; i < expressions.timestamp.length; i++) {
      const [before, after] = [expressions.timestamp[i - 1] as number, expressions.timestamp[i] as number];
      if (after - before > 800) gaps.push([before, after]);
    }
    expect(gaps.length).toBeGreaterThan(0);
    for (const [before, after] of gaps) {
      const inside = Array.from(eyes.timestamp.keys()).filter((i) => {
        const t = eyes.timestamp[i] as number;
        return t > before + 250 && t < after - 250;
      });
      expect(inside.length).toBeGreaterThan(0);
      expect(inside.every((i) => Number.isNaN(eyes.x[i] as number))).toBe(true);
    }

    const lab = generateParticipant({
      seed: normalizeSeed(11),
      platform: 'desktop',
      startTime: START,
      rates: { eyeHz: 30, mouseHz: 30, mouseIdleHz: 5, emotionHz: 5 },
    });
    const joyAt = new Map(Array.from(lab.emotions.timestamp, (t, i) => [t, lab.emotions.joy[i] as number]));
    const joy = Array.from(expressions.timestamp, (t) => joyAt.get(t) ?? Number.NaN);
    expect(joy.every(Number.isFinite)).toBe(true);
    expect(correlationCoefficient(joy, Array.from(expressions.happy))).toBeGreaterThan(0.3);
  });

  it('validates on 5 points with figures that pass a 4° threshold at the last attempt', () => {
    for (const participant of generateWebcamCohort({
      seed: 3,
      count: 12,
      kind: 'video',
      videoDurationMs: 20_000,
      startTime: START,
      realIdPrefix: 'remote-4-',
    })) {
      const pxPerDegree = pixelsPerDegree(webcamScreenGeometry(participant.webcam.screen));
      const measured = participant.webcam.validations.map((validation) => {
        expect(validation.targets).toHaveLength(5);
        return validationQuality(validation.targets, pxPerDegree);
      });
      const last = measured.at(-1);
      expect(last?.accuracy_deg).toBeGreaterThan(1.2);
      expect(last?.accuracy_deg).toBeLessThan(4);
      expect(last?.precision_deg).toBeGreaterThan(0.3);
      const verdicts = measured.map((quality, i) =>
        calibrationVerdict({
          accuracy_deg: quality.accuracy_deg,
          attempt: i + 1,
          threshold_deg: 4,
          max_recalibrations: 2,
          on_failure: 'continue_without_gaze',
        }),
      );
      expect(verdicts.at(-1)).toBe('passed');
      expect(verdicts.slice(0, -1).every((verdict) => verdict === 'recalibrate')).toBe(true);
    }
  });

  it('numbers a cohort as a remote cohort names its participants, and is the same for the same seed', () => {
    const options = {
      seed: 8,
      count: 2,
      kind: 'mobile',
      startTime: START,
      realIdPrefix: 'remote-9-',
    } as const;
    const cohort = [...generateWebcamCohort(options)];
    expect(cohort.map((p) => p.realId)).toEqual(['remote-9-0001', 'remote-9-0002']);
    expect([...generateWebcamCohort(options)]).toEqual(cohort);
  });
});
