/** What a gaze sample belongs to. Values fit a Uint8Array; 1 is fixation as in `FixationResult`. */
export const GAZE_CLASS = { fixation: 1, saccade: 2, pursuit: 3, loss: 4 } as const;
export type GazeClass = (typeof GAZE_CLASS)[keyof typeof GAZE_CLASS];
