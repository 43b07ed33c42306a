import { type EmotionSamples, EXPRESSIONS, type Expression, type ExpressionSamples } from '@limbus/analytics';
import type { Random } from './random.js';

/** A face's share of expression when nothing moves it: mostly neutral, as webcam classifiers read a viewer. */
const RESTING: Record<Expression, number> = {
  happy: 0.05,
  surprise: 0.03,
  angry: 0.02,
  disgust: 0.01,
  fear: 0.01,
  sad: 0.04,
  neutral: 0.84,
};

/** How far a webcam classifier's scores waver from frame to frame (sd before normalising). */
const FRAME_NOISE = 0.025;

/**
 * What a face-expression classifier in the participant's browser reads while its latent emotions
 * (the generator's, which the lab's EEG would measure) move: a smile with joy above the
 * participant's own median, a frown (angry, disgusted, sad) with frustration, surprise with
 * attention, each through the participant's own expressiveness (some people hardly smile at a
 * screen), plus frame noise, normalised to sum to 1 as the classifier's softmax does. Nothing is
 * read while the face is out of view (`lost`): those moments have no sample.
 */
export function renderExpressions(
  emotions: EmotionSamples,
  lost: readonly [number, number][],
  rng: Random,
): ExpressionSamples {
  const smile = rng.uniform(0.2, 1.3);
  const frown = rng.uniform(0.2, 1.0);
  const lifts = {
    joy: liftAboveMedian(emotions.joy),
    frustration: liftAboveMedian(emotions.frustration),
    attention: liftAboveMedian(emotions.attention),
  };
  const kept: number[] = [];
  for (let i = 0; i < emotions.timestamp.length; i++) {
    const t = emotions.timestamp[i] as number;
    if (!lost.some(([from, to]) => t >= from && t < to)) kept.push(i);
  }
  const samples = {
    timestamp: Float64Array.from(kept, (i) => emotions.timestamp[i] as number),
  } as ExpressionSamples;
  for (const name of EXPRESSIONS) samples[name] = new Float32Array(kept.length);
  kept.forEach((i, k) => {
    const joy = lifts.joy[i] as number;
    const frustration = lifts.frustration[i] as number;
    const raw: Record<Expression, number> = {
      happy: RESTING.happy + smile * 2.5 * joy,
      surprise: RESTING.surprise + 0.6 * (lifts.attention[i] as number),
      angry: RESTING.angry + frown * 1.2 * frustration,
      disgust: RESTING.disgust + frown * 0.5 * frustration,
      fear: RESTING.fear,
      sad: RESTING.sad + frown * 0.4 * frustration,
      neutral: RESTING.neutral,
    };
    let total = 0;
    for (const name of EXPRESSIONS) {
      raw[name] = Math.max(0.001, raw[name] + rng.normal(0, FRAME_NOISE));
      total += raw[name];
    }
    for (const name of EXPRESSIONS) samples[name][k] = raw[name] / total;
  });
  return samples;
}

/** Each value's rise above the series' median (0 at or below it). */
function liftAboveMedian(values: Float32Array): Float32Array {
  const sorted = Float32Array.from(values).sort();
  const median = sorted.length > 0 ? (sorted[Math.floor(sorted.length / 2)] as number) : 0;
  return values.map((value) => Math.max(0, value - median));
}
