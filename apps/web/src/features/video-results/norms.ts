import type { VideoNormGroup, VideoNorms, VideoScene } from '@limbus/contract';

/** 1 → '1st', 22 → '22nd', 13 → '13th': a percentile as it is read out. */
export function ordinal(rank: number): string {
  const lastTwo = rank % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${rank}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][rank % 10] ?? 'th';
  return `${rank}${suffix}`;
}

export type NormChoice = 'company' | 'category';

/** Why a group gives no percentiles, in words; null when it gives them. */
export function normGap(norms: VideoNorms, choice: NormChoice, companyName: string): string | null {
  const group: VideoNormGroup = norms[choice];
  if (group.video) return null;
  if (choice === 'category' && norms.category.name === null)
    return 'This test has no category, so there are no category norms.';
  if (group.tests < norms.minimum_tests) {
    const place = choice === 'company' ? `of ${companyName}` : `in the category ${norms.category.name}`;
    return `Norms need at least ${norms.minimum_tests} other processed video tests ${place}; ${group.tests} so far.`;
  }
  return 'Norms are given once this test has emotion scores.';
}

export type NormRow = {
  key: string;
  name: string;
  percentiles: VideoNormGroup['video'];
  /** Where each percentile could lie given the viewers' spread; null with too few viewers. */
  range: VideoNormGroup['video_range'];
};

/** The whole video, then each scene in order, with its percentiles in the group. */
export function normRows(group: VideoNormGroup, scenes: readonly VideoScene[]): NormRow[] {
  const byScene = new Map(group.scenes.map((scene) => [scene.section_id, scene]));
  return [
    { key: 'video', name: 'Whole video', percentiles: group.video, range: group.video_range },
    ...scenes.map((scene) => ({
      key: String(scene.section_id),
      name: scene.name,
      percentiles: byScene.get(scene.section_id)?.percentiles ?? null,
      range: byScene.get(scene.section_id)?.range ?? null,
    })),
  ];
}

/** A percentile with the range its viewers allow: '62nd (40th–81st)'; '62nd' without a range. */
export function percentileWithRange(percentile: number, range: readonly [number, number] | null): string {
  if (!range) return ordinal(percentile);
  return `${ordinal(percentile)} (${ordinal(range[0])}–${ordinal(range[1])})`;
}
