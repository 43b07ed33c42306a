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
};

/** The whole video, then each scene in order, with its percentiles in the group. */
export function normRows(group: VideoNormGroup, scenes: readonly VideoScene[]): NormRow[] {
  const byScene = new Map(group.scenes.map((scene) => [scene.section_id, scene.percentiles]));
  return [
    { key: 'video', name: 'Whole video', percentiles: group.video },
    ...scenes.map((scene) => ({
      key: String(scene.section_id),
      name: scene.name,
      percentiles: byScene.get(scene.section_id) ?? null,
    })),
  ];
}
