import { describe, expect, it } from 'vitest';
import { EYE_FEATURE_COUNT, gazeFeatures } from './eye-features';

const FRAME = { width: 640, height: 480 };
const LEVEL_HEAD = { yaw: 0, pitch: 0, roll: 0 };

/** A mesh of 478 points at the origin, with two level eyes 40 px wide and irises moved by `iris`. */
function meshWith(iris: { dx: number; dy: number }, tilt = 0) {
  const mesh: number[][] = Array.from({ length: 478 }, () => [0, 0, 0]);
  const place = (index: number, x: number, y: number) => {
    mesh[index] = [
      320 + x * Math.cos(tilt) - y * Math.sin(tilt),
      240 + x * Math.sin(tilt) + y * Math.cos(tilt),
      0,
    ];
  };
  // the subject's right eye on the image's left: outer corner at -80, inner at -40
  place(33, -80, 0);
  place(133, -40, 0);
  place(159, -60, -6);
  place(145, -60, 6);
  place(468, -60 + iris.dx, iris.dy);
  // the left eye: inner at 40, outer at 80
  place(362, 40, 0);
  place(263, 80, 0);
  place(386, 60, -6);
  place(374, 60, 6);
  place(473, 60 + iris.dx, iris.dy);
  return mesh;
}

describe('gazeFeatures', () => {
  it('gives each eye its iris offset in eye widths and its opening, then head and face position', () => {
    const features = gazeFeatures(meshWith({ dx: 4, dy: 2 }), LEVEL_HEAD, FRAME) ?? [];
    expect(features).toHaveLength(EYE_FEATURE_COUNT);
    const [rightAlong, rightAcross, rightOpen, leftAlong, leftAcross, leftOpen] = features;
    // the right eye's axis runs outer (−80) to inner (−40), to +x: an iris 4 px right is +0.1 widths
    expect(rightAlong).toBeCloseTo(0.1);
    expect(rightAcross).toBeCloseTo(0.05);
    expect(rightOpen).toBeCloseTo(0.3);
    // the left eye's axis runs outer (80) to inner (40), to −x: the same iris move reads −0.1
    expect(leftAlong).toBeCloseTo(-0.1);
    expect(leftAcross).toBeCloseTo(-0.05);
    expect(leftOpen).toBeCloseTo(0.3);
    expect(features.slice(9)).toEqual([
      expect.closeTo(324 / 640),
      expect.closeTo(242 / 480),
      expect.closeTo(120 / 640),
    ]);
  });

  it('reads the iris in the eye’s own frame, so a tilted head gives the same offsets', () => {
    const level = gazeFeatures(meshWith({ dx: 4, dy: 2 }), LEVEL_HEAD, FRAME) ?? [];
    const tilted = gazeFeatures(meshWith({ dx: 4, dy: 2 }, 0.3), LEVEL_HEAD, FRAME) ?? [];
    expect(tilted.slice(0, 6).map((value) => value.toFixed(6))).toEqual(
      level.slice(0, 6).map((value) => value.toFixed(6)),
    );
  });

  it('gives nothing for a mesh without iris points or with collapsed eyes', () => {
    expect(gazeFeatures(meshWith({ dx: 0, dy: 0 }).slice(0, 468), LEVEL_HEAD, FRAME)).toBeNull();
    const collapsed = meshWith({ dx: 0, dy: 0 });
    collapsed[133] = collapsed[33] ?? [];
    expect(gazeFeatures(collapsed, LEVEL_HEAD, FRAME)).toBeNull();
  });
});
