import { describe, expect, it } from 'vitest';
import { faceCheckOf, smallestWindowFor } from './face-check';
import type { FaceObservation } from './tracking-messages';

const FEATURES = Array.from({ length: 12 }, () => 0);

function seen(face: Partial<NonNullable<FaceObservation['face']>> | null): FaceObservation {
  return {
    at: 0,
    detectMs: 30,
    face:
      face === null
        ? null
        : {
            score: 0.95,
            box: { x: 0.3, y: 0.2, width: 0.3, height: 0.4 },
            features: FEATURES,
            lighting: { brightness: 0.5, evenness: 0.9 },
            expressions: {},
            ...face,
          },
  };
}

describe('faceCheckOf', () => {
  it('waits for observations', () => {
    expect(faceCheckOf([])).toBeNull();
  });

  it('passes a large, evenly lit face', () => {
    expect(faceCheckOf([seen({}), seen({}), seen({})])).toEqual({ face: 'ok', light: 'ok' });
  });

  it('goes by most frames, so that one lost frame does not fail the check', () => {
    expect(faceCheckOf([seen({}), seen(null), seen({})])).toEqual({ face: 'ok', light: 'ok' });
    expect(faceCheckOf([seen(null), seen(null), seen({})])).toEqual({ face: 'noFace', light: null });
  });

  it('says a face is too far, or unsure, or without readable eyes', () => {
    expect(faceCheckOf([seen({ box: { x: 0.4, y: 0.4, width: 0.1, height: 0.12 } })])?.face).toBe(
      'faceSmall',
    );
    expect(faceCheckOf([seen({ score: 0.3 })])?.face).toBe('noFace');
    expect(faceCheckOf([seen({ features: null })])?.face).toBe('noFace');
  });

  it('names what is wrong with the light', () => {
    expect(faceCheckOf([seen({ lighting: { brightness: 0.1, evenness: 1 } })])?.light).toBe('tooDark');
    expect(faceCheckOf([seen({ lighting: { brightness: 0.97, evenness: 1 } })])?.light).toBe('tooBright');
    expect(faceCheckOf([seen({ lighting: { brightness: 0.5, evenness: 0.4 } })])?.light).toBe('uneven');
  });
});

describe('smallestWindowFor', () => {
  it("asks a desktop layout's window for website and video tests, a phone's for mobile tests", () => {
    expect(smallestWindowFor('desktop')).toEqual({ width: 1024, height: 600 });
    expect(smallestWindowFor('video')).toEqual({ width: 1024, height: 600 });
    expect(smallestWindowFor('mobile')).toEqual({ width: 360, height: 560 });
  });
});
