import { EMOTIONS, type Emotion, type LabelWithMetrics } from '@limbus/contract';
import { formatPercent, formatPercentRange } from '../../../ui/format';

/** The sections overview shows ten (spec 3 §9). */
export const SECTIONS_SHOWN = 10;

/** A section group: the page title (label) its sections carry, with average emotions in percent. */
export type SectionGroup = {
  id: number;
  name: string;
  /** Participants with an emotion sample on the page: the n of the means; null for old metrics. */
  n: number | null;
  /** Each emotion's 95 % interval in percent (one decimal, within 0–100); null below 2 participants. */
  intervals: Record<Emotion, { lower: number; upper: number } | null>;
} & Record<Emotion, number>;

const percent = (value: number | null) => Math.round((value ?? 0) * 1000) / 10;
const percentInterval = (interval: { lower: number; upper: number } | null) =>
  interval
    ? { lower: percent(Math.max(0, interval.lower)), upper: percent(Math.min(1, interval.upper)) }
    : null;

/**
 * The groups of the Sections screen (spec 3 §2): one per page title (sections are labelled with
 * one), its emotions as percent; groups whose joy is 0 (or unmeasured) are dropped and the first
 * ten kept, in the test's page order.
 */
export function sectionGroups(labels: readonly LabelWithMetrics[]): SectionGroup[] {
  return labels
    .filter((label) => label.joy !== null && label.joy !== 0)
    .slice(0, SECTIONS_SHOWN)
    .map((label) => ({
      id: label.id,
      name: label.name,
      joy: percent(label.joy),
      attention: percent(label.attention),
      frustration: percent(label.frustration),
      n: label.emotion_participants,
      intervals: {
        joy: percentInterval(label.intervals.joy),
        attention: percentInterval(label.intervals.attention),
        frustration: percentInterval(label.intervals.frustration),
      },
    }));
}

/** The emotions the filter bubbles leave on: several at once, none meaning all. */
export function activeEmotions(selected: readonly Emotion[]): readonly Emotion[] {
  return selected.length === 0 ? EMOTIONS : EMOTIONS.filter((emotion) => selected.includes(emotion));
}

/** A bubble click: switch that emotion on or off. */
export function toggleEmotion(selected: readonly Emotion[], emotion: Emotion): Emotion[] {
  return selected.includes(emotion) ? selected.filter((e) => e !== emotion) : [...selected, emotion];
}

/** A section's mean with its certainty: '45.3 % (n = 12, 95 % CI 38.1–52.4 %)'. */
export function sectionCertainty(group: SectionGroup, emotion: Emotion): string {
  const mean = formatPercent(group[emotion] / 100, { decimals: 1 });
  const interval = group.intervals[emotion];
  if (group.n === null) return mean;
  if (!interval) return `${mean} (n = ${group.n}, too few for an interval)`;
  return `${mean} (n = ${group.n}, 95 % CI ${formatPercentRange(interval.lower / 100, interval.upper / 100, { decimals: 1 })})`;
}
