import { DEFAULT_TARGET_TEXT, type VideoNorms, type VideoResults, type VideoScore } from '@limbus/contract';
import { ordinal } from './norms';
import { type SceneRow, sceneRows } from './scene-table';

export type SummaryReport = {
  testName: string;
  companyName: string;
  /** When the report was made, as the app's one date format writes it. */
  date: string;
  stats: { label: string; value: string }[];
  durationMs: number;
  scores: readonly VideoScore[];
  scenes: readonly (SceneRow & { startMs: number; endMs: number })[];
  /** Each scene's percentiles among other tests (in the scenes' order), with what they compare to. */
  norms: { against: string; ranks: (string | null)[] } | null;
};

/** The stats of the summary screen as label and value, the target group written out. */
function statsOf(stats: VideoResults['stats']): SummaryReport['stats'] {
  const isCustom = stats.target_group === 'custom' && stats.custom_target !== '';
  return [
    { label: 'Participants', value: String(stats.participants) },
    { label: 'Male / Female', value: `${stats.male} / ${stats.female}` },
    { label: 'Average age', value: stats.average_age === null ? '–' : `${stats.average_age} years` },
    { label: 'Target group', value: isCustom ? stats.custom_target : DEFAULT_TARGET_TEXT },
  ];
}

/** The company's norms when they are given, else the category's, else none. */
function normsOf(results: VideoResults, norms: VideoNorms | undefined, companyName: string) {
  if (!norms) return null;
  const [group, against] = norms.company.video
    ? [norms.company, `${norms.company.tests} other video tests of ${companyName}`]
    : [norms.category, `${norms.category.tests} other video tests in ${norms.category.name}`];
  if (!group.video) return null;
  const bySection = new Map(group.scenes.map((scene) => [scene.section_id, scene.percentiles]));
  const ranks = results.scenes.map((scene) => {
    const percentiles = bySection.get(scene.section_id);
    return percentiles
      ? `${ordinal(percentiles.frustration)} / ${ordinal(percentiles.joy)} / ${ordinal(percentiles.attention)}`
      : null;
  });
  return { against, ranks };
}

/** What the summary PDF shows, from the screens' data. */
export function summaryReport(
  results: VideoResults,
  norms: VideoNorms | undefined,
  test: { name: string; companyName: string; date: string },
): SummaryReport {
  const rows = sceneRows(results);
  return {
    testName: test.name,
    companyName: test.companyName,
    date: test.date,
    stats: statsOf(results.stats),
    durationMs: results.duration_ms,
    scores: results.scores,
    scenes: rows.map((row, index) => ({
      ...row,
      startMs: results.scenes[index]?.start_ms ?? 0,
      endMs: results.scenes[index]?.end_ms ?? 0,
    })),
    norms: normsOf(results, norms, test.companyName),
  };
}
