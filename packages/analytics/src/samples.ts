/**
 * Sample streams of one participant, columnar: one typed array per field, all of one length,
 * ordered by timestamp. Timestamps are epoch milliseconds (Float64); positions are pixels.
 */

/** EEG-derived emotion scores, each in [0, 1], typically 10 Hz. */
export type EmotionSamples = {
  timestamp: Float64Array;
  joy: Float32Array;
  attention: Float32Array;
  frustration: Float32Array;
};

/**
 * Gaze in the eye tracker's 1920×1080 reference frame (screen pixels, origin top left); on
 * mobile the phone's screen starts `MOBILE_OFFSET_X` pixels from the left of that frame.
 * Lost samples (blinks, tracking loss) are NaN in x and y.
 */
export type EyeSamples = {
  timestamp: Float64Array;
  x: Float32Array;
  y: Float32Array;
};

/**
 * Mouse or touch positions in page viewport pixels, with the page's scroll offset and height at
 * that moment, whether the sample is a click, and the page URL as an index into `urls`.
 */
export type MouseSamples = {
  timestamp: Float64Array;
  x: Float32Array;
  y: Float32Array;
  scrollY: Float32Array;
  pageHeight: Float32Array;
  click: Uint8Array;
  urlIndex: Uint16Array;
  urls: string[];
};

/**
 * The facial expressions a webcam participant's browser reads from its face, each a classifier's
 * score in [0, 1] (the seven classes of @vladmandic/human's emotion model), typically 5 Hz. They
 * are expressions on a face, not EEG emotions: never read as joy, attention or frustration.
 */
export const EXPRESSIONS = ['happy', 'surprise', 'angry', 'disgust', 'fear', 'sad', 'neutral'] as const;
export type Expression = (typeof EXPRESSIONS)[number];
export type ExpressionSamples = { timestamp: Float64Array } & Record<Expression, Float32Array>;

/** A smile at sample `i`: the happy score. */
export const smileScore = (samples: ExpressionSamples, i: number) => samples.happy[i] as number;

/** A frown at sample `i`: the angry, disgusted and sad scores together (the seven sum to 1, so this stays in [0, 1]). */
export const frownScore = (samples: ExpressionSamples, i: number) =>
  (samples.angry[i] as number) + (samples.disgust[i] as number) + (samples.sad[i] as number);

export const EMOTIONS = ['joy', 'attention', 'frustration'] as const;
export type Emotion = (typeof EMOTIONS)[number];

/** Spec 2 §9 and 3 §2: the eye tracker's reference frame and the mobile offset within it. */
export const REFERENCE_WIDTH = 1920;
export const REFERENCE_HEIGHT = 1080;
export const MOBILE_OFFSET_X = 710;
/** Spec 3 §2: fixation radius in pixels, also the heatmap's blur scale. */
export const FIXATION_RADIUS_PX = 15;
/** Spec 3 §2: a page visit ends after a gap of more than 1 s between mouse samples. */
export const PAGE_VISIT_GAP_MS = 1000;
