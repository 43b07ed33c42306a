import type { ExpressionSamples } from '@limbus/analytics';

export const EXPRESSIONS_START_MS = 1_700_000_000_000;

/**
 * A webcam participant's expressions at these times (ms after EXPRESSIONS_START_MS), each sample
 * happy 0.5, angry 0.1, disgust 0.05, sad 0.15 (frowns 0.3), the rest 0.2 together.
 */
export function makeExpressions(times: number[]): ExpressionSamples {
  const column = (value: number) => new Float32Array(times.length).fill(value);
  return {
    timestamp: Float64Array.from(times, (time) => EXPRESSIONS_START_MS + time),
    happy: column(0.5),
    surprise: column(0.05),
    angry: column(0.1),
    disgust: column(0.05),
    fear: column(0.05),
    sad: column(0.15),
    neutral: column(0.1),
  };
}
