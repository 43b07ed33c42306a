/** Where the calibration's 9 points and the validation's 5 other points stand, as shares of the screen. */
export const CALIBRATION_POINTS = [0.1, 0.5, 0.9].flatMap((y) => [0.1, 0.5, 0.9].map((x) => ({ x, y })));
export const VALIDATION_POINTS = [
  { x: 0.3, y: 0.25 },
  { x: 0.7, y: 0.25 },
  { x: 0.5, y: 0.5 - 0.12 },
  { x: 0.3, y: 0.75 },
  { x: 0.7, y: 0.75 },
];

/** A calibration point is read from shortly after its press (the eyes settle) to a second later. */
export const CALIBRATION_READ_MS = { from: 150, to: 1000 } as const;
/** A validation point shows this long; its estimates are read from `from`, when the eyes have landed. */
export const VALIDATION_SHOW_MS = 1600;
export const VALIDATION_READ_FROM_MS = 500;
/** A calibration point with fewer frames than this (the face lost) is asked again. */
export const LEAST_FRAMES_A_POINT = 3;
