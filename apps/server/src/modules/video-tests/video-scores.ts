import type { EmotionSamples } from '@limbus/analytics';
import type { VideoScore } from '@limbus/contract';

/** The scores are answered in steps of this many ms (means of the stored curve's samples). */
export const SCORE_STEP_MS = 250;

/** Means of the curve per step of SCORE_STEP_MS, from the video's start (`startMs`, epoch). */
export function scoresOf(curves: EmotionSamples, startMs: number, durationMs: number): VideoScore[] {
  const steps = Math.max(1, Math.ceil(durationMs / SCORE_STEP_MS));
  const sums = Array.from({ length: steps }, () => ({ joy: 0, attention: 0, frustration: 0, n: 0 }));
  for (let i = 0; i < curves.timestamp.length; i++) {
    const step = Math.floor(((curves.timestamp[i] as number) - startMs) / SCORE_STEP_MS);
    const sum = sums[step];
    if (!sum) continue;
    sum.joy += curves.joy[i] as number;
    sum.attention += curves.attention[i] as number;
    sum.frustration += curves.frustration[i] as number;
    sum.n += 1;
  }
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return sums.flatMap((sum, step) =>
    sum.n === 0
      ? []
      : [
          {
            t: step * SCORE_STEP_MS,
            joy: round(sum.joy / sum.n),
            attention: round(sum.attention / sum.n),
            frustration: round(sum.frustration / sum.n),
          },
        ],
  );
}
