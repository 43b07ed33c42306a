import { EMOTIONS, type Emotion, type LabelWithMetrics } from '@limbus/contract';

/** The sections overview shows ten (spec 3 §9). */
export const SECTIONS_SHOWN = 10;

/** A section group: the page title (label) its sections carry, with average emotions in percent. */
export type SectionGroup = { id: number; name: string } & Record<Emotion, number>;

const percent = (value: number | null) => Math.round((value ?? 0) * 1000) / 10;

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
