import { type ExpressionSamples, frownScore, medianSampleIntervalMs, smileScore } from '@limbus/analytics';
import { EXPRESSION_PAIR_NAMES } from '@limbus/contract';

/**
 * The curves drawn of a webcam participant's facial expressions: a face classifier's scores, read
 * on the participant's own device, never EEG emotions. Frowns are the sum of the angry, disgusted
 * and sad scores (the agreement panel's frowns); the scores sum to 1, so the sum stays in 0–1.
 */
export const EXPRESSION_CURVES = [
  {
    key: 'smiles',
    label: EXPRESSION_PAIR_NAMES.smile_joy.expression,
    short: 'Smiles',
    score: smileScore,
  },
  {
    key: 'frowns',
    label: EXPRESSION_PAIR_NAMES.frown_frustration.expression,
    short: 'Frowns',
    score: frownScore,
  },
] as const;

/**
 * A pause between two samples longer than this many times the median interval is a gap (the face
 * out of view: the browser sends no sample then). At the demo's 5 Hz that is 0.6 s.
 */
export const GAP_FACTOR = 3;

/**
 * The rows a chart draws: seconds from `startMs` and each curve's score, with a row of nulls put in
 * each gap (halfway through it) so that the chart does not draw a line across it. `sampleIndex`
 * maps each row back to its sample (-1 for a gap's row). The scores are not interpolated.
 */
export type ExpressionSeries = {
  seconds: number[];
  curves: (number | null)[][];
  sampleIndex: number[];
};

export function expressionSeries(samples: ExpressionSamples, startMs: number): ExpressionSeries {
  const { timestamp } = samples;
  const limit = medianSampleIntervalMs(timestamp) * GAP_FACTOR;
  const series: ExpressionSeries = { seconds: [], curves: EXPRESSION_CURVES.map(() => []), sampleIndex: [] };
  for (let index = 0; index < timestamp.length; index += 1) {
    const at = timestamp[index] ?? 0;
    const before = timestamp[index - 1];
    if (before !== undefined && at - before > limit) {
      series.seconds.push(((before + at) / 2 - startMs) / 1000);
      for (const curve of series.curves) curve.push(null);
      series.sampleIndex.push(-1);
    }
    series.seconds.push((at - startMs) / 1000);
    EXPRESSION_CURVES.forEach((curve, which) => {
      const value = curve.score(samples, index);
      series.curves[which]?.push(Number.isFinite(value) ? value : null);
    });
    series.sampleIndex.push(index);
  }
  return series;
}
