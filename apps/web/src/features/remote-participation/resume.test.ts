import { REMOTE_GAZE_DEFAULTS, type RemoteSessionProgress } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { resumePlanOf } from './resume';

const progress = (overrides: Partial<RemoteSessionProgress> = {}): RemoteSessionProgress => ({
  test: { name: 'Checkout study', kind: 'desktop', language: 'English' },
  gaze: REMOTE_GAZE_DEFAULTS,
  streams: ['eyes', 'mice', 'answers'],
  validation: null,
  answered: false,
  next_seq: { eyes: 0, mice: 0, expressions: 0 },
  next_voice_take: 1,
  ended: false,
  expires_at: 1_800_000_000,
  ...overrides,
});
const verdict = (attempt: number, value: NonNullable<RemoteSessionProgress['validation']>['verdict']) => ({
  validation: { attempt, verdict: value },
});

describe('resumePlanOf', () => {
  it('after the consent alone: the camera check, then the calibration', () => {
    expect(resumePlanOf(progress(), false)).toEqual({ step: 'check', next: 'calibration' });
  });

  it('after a passed calibration: the check (to start the camera), then the study with the kept model', () => {
    expect(resumePlanOf(progress(verdict(2, 'passed')), true)).toEqual({ step: 'check', next: 'stimulus' });
    // without the model (another tab's storage lost it) the participant calibrates again
    expect(resumePlanOf(progress(verdict(2, 'passed')), false)).toEqual({
      step: 'check',
      next: 'calibration',
    });
  });

  it('after a calibration that asked for another: the check, then the calibration', () => {
    expect(resumePlanOf(progress(verdict(1, 'recalibrate')), true)).toEqual({
      step: 'check',
      next: 'calibration',
    });
  });

  it('without gaze (not consented to, or the cohort said to go on without it): the study at once', () => {
    expect(resumePlanOf(progress({ streams: ['mice'] }), false)).toEqual({ step: 'stimulus' });
    expect(resumePlanOf(progress(verdict(3, 'continue_without_gaze')), false)).toEqual({ step: 'stimulus' });
  });

  it('answers saved, a session ended, or a calibration that stopped it: the thank-you', () => {
    expect(resumePlanOf(progress({ answered: true, ...verdict(1, 'passed') }), true)).toEqual({
      step: 'finish',
      stopped: false,
    });
    expect(resumePlanOf(progress({ ended: true }), false)).toEqual({ step: 'finish', stopped: false });
    expect(resumePlanOf(progress(verdict(3, 'stop')), false)).toEqual({ step: 'finish', stopped: true });
    expect(resumePlanOf(progress({ ended: true, ...verdict(3, 'stop') }), false)).toEqual({
      step: 'finish',
      stopped: true,
    });
  });
});
