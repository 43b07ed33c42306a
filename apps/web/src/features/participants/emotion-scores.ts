import { EMOTIONS, type Emotion, type EmotionSamples } from '@limbus/analytics';
import { formatPercent } from '../../ui/format';

/** The chart's order of the emotions: frustration first, as everywhere in the product. */
export const CHART_EMOTIONS = ['frustration', 'joy', 'attention'] as const satisfies readonly Emotion[];

/** The index of the sample closest in time to `ms` (timestamps ascending); -1 without samples. */
export function nearestSampleIndex(timestamps: ArrayLike<number>, ms: number): number {
  if (timestamps.length === 0) return -1;
  let low = 0;
  let high = timestamps.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((timestamps[middle] ?? 0) < ms) low = middle + 1;
    else high = middle;
  }
  const before = low - 1;
  if (before >= 0 && ms - (timestamps[before] ?? 0) <= (timestamps[low] ?? 0) - ms) return before;
  return low;
}

/** Each emotion's mean over the recording, NaN samples left out (NaN when none has a value). */
export function emotionMeans(samples: EmotionSamples): Record<Emotion, number> {
  const means = {} as Record<Emotion, number>;
  for (const emotion of EMOTIONS) {
    let sum = 0;
    let count = 0;
    for (const value of samples[emotion]) {
      if (!Number.isFinite(value)) continue;
      sum += value;
      count += 1;
    }
    means[emotion] = count > 0 ? sum / count : Number.NaN;
  }
  return means;
}

/** A score in [0, 1] as a share: '33 %'; '–' without a value. */
export function formatEmotionShare(score: number | null | undefined): string {
  if (score === null || score === undefined || !Number.isFinite(score)) return '–';
  return formatPercent(score);
}
