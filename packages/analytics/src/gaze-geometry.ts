import { REFERENCE_HEIGHT, REFERENCE_WIDTH } from './samples.js';

/**
 * The screen gaze was recorded on and where the eyes were: its size in pixels (the frame the
 * gaze positions are in) and in millimetres, and the distance from the eyes to the screen (mm),
 * perpendicular to its centre. Turns pixels into visual angle.
 */
export type ScreenGeometry = {
  widthPx: number;
  heightPx: number;
  widthMm: number;
  heightMm: number;
  distanceMm: number;
};

/**
 * Defaults when a test setup or participant does not say: the eye tracker's 1920×1080 reference
 * frame on a 24-inch 16:9 monitor (531×299 mm, the common lab screen) viewed from 600 mm, the
 * middle of the 500–700 mm that remote trackers (Tobii, EyeLink Desktop Mount) ask for. One
 * degree is then ≈ 37.9 px at the centre.
 */
export const DEFAULT_SCREEN_GEOMETRY: ScreenGeometry = {
  widthPx: REFERENCE_WIDTH,
  heightPx: REFERENCE_HEIGHT,
  widthMm: 531,
  heightMm: 299,
  distanceMm: 600,
};

const DEGREES_PER_RADIAN = 180 / Math.PI;

/**
 * Visual angle per axis (degrees from the screen centre, y down as in pixels) of a screen position
 * in pixels: atan(offset in mm ÷ distance), the way EyeLink and the labelled data sets report
 * degrees. NaN stays NaN.
 */
export function pixelsToDegrees(
  geometry: ScreenGeometry,
  xPx: number,
  yPx: number,
): { xDeg: number; yDeg: number } {
  const mmX = geometry.widthMm / geometry.widthPx;
  const mmY = geometry.heightMm / geometry.heightPx;
  return {
    xDeg: DEGREES_PER_RADIAN * Math.atan(((xPx - geometry.widthPx / 2) * mmX) / geometry.distanceMm),
    yDeg: DEGREES_PER_RADIAN * Math.atan(((yPx - geometry.heightPx / 2) * mmY) / geometry.distanceMm),
  };
}

/** The inverse of {@link pixelsToDegrees}: pixels of a per-axis visual angle (degrees). */
export function degreesToPixels(
  geometry: ScreenGeometry,
  xDeg: number,
  yDeg: number,
): { xPx: number; yPx: number } {
  const pxX = geometry.widthPx / geometry.widthMm;
  const pxY = geometry.heightPx / geometry.heightMm;
  return {
    xPx: geometry.widthPx / 2 + Math.tan(xDeg / DEGREES_PER_RADIAN) * geometry.distanceMm * pxX,
    yPx: geometry.heightPx / 2 + Math.tan(yDeg / DEGREES_PER_RADIAN) * geometry.distanceMm * pxY,
  };
}

/** Pixels per degree at the screen centre along x (≈ along y on square pixels). */
export function pixelsPerDegree(geometry: ScreenGeometry): number {
  const pxX = geometry.widthPx / geometry.widthMm;
  return Math.tan(1 / DEGREES_PER_RADIAN) * geometry.distanceMm * pxX;
}

/**
 * Visual angle (degrees) between two screen positions (px), per-axis angles combined as
 * √(Δθx² + Δθy²): within 1 % of the true angle between the two lines of sight for the
 * separations that matter here (a few degrees, inside ±30° of the centre).
 */
export function degreesBetween(
  geometry: ScreenGeometry,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
): number {
  const mmX = geometry.widthMm / geometry.widthPx;
  const mmY = geometry.heightMm / geometry.heightPx;
  const cx = geometry.widthPx / 2;
  const cy = geometry.heightPx / 2;
  const d = geometry.distanceMm;
  const dx = Math.atan(((x2 - cx) * mmX) / d) - Math.atan(((x1 - cx) * mmX) / d);
  const dy = Math.atan(((y2 - cy) * mmY) / d) - Math.atan(((y1 - cy) * mmY) / d);
  return DEGREES_PER_RADIAN * Math.sqrt(dx * dx + dy * dy);
}

/**
 * Constants for turning a pixel displacement at a screen position into degrees without a
 * trigonometric call per sample: for an offset u (mm) from the centre, dθ/du = D ÷ (D² + u²)
 * radians per mm (the derivative of atan(u ÷ D)). {@link degreesPerPixelAt} uses them.
 */
export type AngleScale = {
  centreX: number;
  centreY: number;
  mmPerPxX: number;
  mmPerPxY: number;
  distanceMm: number;
  /** D² (mm²). */
  distance2: number;
  /** (180/π) · D · mm per px, per axis: degrees per pixel at the centre times D². */
  numeratorX: number;
  numeratorY: number;
};

export function angleScale(geometry: ScreenGeometry): AngleScale {
  const mmPerPxX = geometry.widthMm / geometry.widthPx;
  const mmPerPxY = geometry.heightMm / geometry.heightPx;
  const d = geometry.distanceMm;
  return {
    centreX: geometry.widthPx / 2,
    centreY: geometry.heightPx / 2,
    mmPerPxX,
    mmPerPxY,
    distanceMm: d,
    distance2: d * d,
    numeratorX: DEGREES_PER_RADIAN * d * mmPerPxX,
    numeratorY: DEGREES_PER_RADIAN * d * mmPerPxY,
  };
}

/** Degrees per pixel along x at horizontal position xPx (exact derivative of the per-axis angle). */
export function degreesPerPixelX(scale: AngleScale, xPx: number): number {
  const u = (xPx - scale.centreX) * scale.mmPerPxX;
  return scale.numeratorX / (scale.distance2 + u * u);
}

/** Degrees per pixel along y at vertical position yPx. */
export function degreesPerPixelY(scale: AngleScale, yPx: number): number {
  const v = (yPx - scale.centreY) * scale.mmPerPxY;
  return scale.numeratorY / (scale.distance2 + v * v);
}
