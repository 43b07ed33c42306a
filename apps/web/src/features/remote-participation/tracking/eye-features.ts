/**
 * The features a webcam gaze model is fitted on, from one face's mesh (MediaPipe FaceMesh with
 * iris: 478 points in the frame's pixels) and its head rotation. Per eye, the iris centre in the
 * eye's own frame (along the corner-to-corner axis and across it, in eye widths) and how open the
 * lids are; then the head's yaw, pitch and roll, where the face is in the frame and its size. The
 * calibration fits these to the screen's pixels (`fitGazeModel`, in analytics).
 */

type Point = readonly number[];
export type HeadRotation = { yaw: number; pitch: number; roll: number };

/** Mesh indices of MediaPipe FaceMesh (with iris refinement), for the subject's right and left eye. */
const EYES = [
  { outer: 33, inner: 133, upper: 159, lower: 145, iris: 468 },
  { outer: 263, inner: 362, upper: 386, lower: 374, iris: 473 },
] as const;
const MESH_WITH_IRIS = 478;
export const EYE_FEATURE_COUNT = 12;

type XY = { x: number; y: number };

/** A mesh point's x and y, or null when the mesh lacks it. */
function pointOf(mesh: readonly Point[], index: number): XY | null {
  const point = mesh[index];
  const [x, y] = point ?? [];
  return x === undefined || y === undefined ? null : { x, y };
}

function eyeFeatures(mesh: readonly Point[], eye: (typeof EYES)[number]): [number, number, number] | null {
  const outer = pointOf(mesh, eye.outer);
  const inner = pointOf(mesh, eye.inner);
  const upper = pointOf(mesh, eye.upper);
  const lower = pointOf(mesh, eye.lower);
  const iris = pointOf(mesh, eye.iris);
  if (!outer || !inner || !upper || !lower || !iris) return null;
  const width = Math.hypot(inner.x - outer.x, inner.y - outer.y);
  if (width < 1e-6) return null;
  const ux = (inner.x - outer.x) / width;
  const uy = (inner.y - outer.y) / width;
  const dx = iris.x - (outer.x + inner.x) / 2;
  const dy = iris.y - (outer.y + inner.y) / 2;
  const opening = Math.hypot(upper.x - lower.x, upper.y - lower.y);
  return [(dx * ux + dy * uy) / width, (-dx * uy + dy * ux) / width, opening / width];
}

/** The face's gaze features, or null when the mesh lacks the eyes (no iris refinement, a partial face). */
export function gazeFeatures(
  mesh: readonly Point[],
  rotation: HeadRotation,
  frame: { width: number; height: number },
): number[] | null {
  if (mesh.length < MESH_WITH_IRIS) return null;
  const right = eyeFeatures(mesh, EYES[0]);
  const left = eyeFeatures(mesh, EYES[1]);
  const rightIris = pointOf(mesh, EYES[0].iris);
  const leftIris = pointOf(mesh, EYES[1].iris);
  if (!right || !left || !rightIris || !leftIris) return null;
  const eyeDistance = Math.hypot(leftIris.x - rightIris.x, leftIris.y - rightIris.y);
  return [
    ...right,
    ...left,
    rotation.yaw,
    rotation.pitch,
    rotation.roll,
    (rightIris.x + leftIris.x) / 2 / frame.width,
    (rightIris.y + leftIris.y) / 2 / frame.height,
    eyeDistance / frame.width,
  ];
}
