import {
  type Cohort,
  DEFAULT_TARGET_TEXT,
  type VideoNorms,
  type VideoResults,
  type VideoScore,
} from '@limbus/contract';
import { participantsHeading } from '../cohorts';
import { cohortResultLines } from './cohort-results';
import { percentileWithRange } from './norms';
import { type SceneRow, sceneRows } from './scene-table';

/** One figure of who watched; `note` says what the figure alone would leave out. */
export type WhoWatchedStat = { label: string; value: string; note?: string };

export type SummaryReport = {
  testName: string;
  companyName: string;
  /** When the report was made, as the app's one date format writes it. */
  date: string;
  /** Whose gaze and EEG the results are, with a cohort chosen (cohortResultLines). */
  about: string[];
  stats: WhoWatchedStat[];
  durationMs: number;
  scores: readonly VideoScore[];
  scenes: readonly (SceneRow & { startMs: number; endMs: number })[];
  /** Each scene's percentiles among other tests (in the scenes' order), with what they compare to. */
  norms: { against: string; ranks: (string | null)[] } | null;
};

/**
 * Who watched, as the summary screen and its PDF show it (one source for both): the gender split
 * says how many it does not count, and the ordered target group how many took part.
 */
export function whoWatched(stats: VideoResults['stats'], cohort: Cohort = 'all'): WhoWatchedStat[] {
  const isCustom = stats.target_group === 'custom' && stats.custom_target !== '';
  const unstated = stats.participants - stats.male - stats.female;
  const ordered = isCustom ? stats.custom_target : DEFAULT_TARGET_TEXT;
  return [
    {
      label: participantsHeading(cohort),
      value: String(stats.participants),
    },
    {
      label: 'Male / Female',
      value: `${stats.male} / ${stats.female}`,
      ...(unstated > 0 ? { note: `${unstated} other or not stated` } : {}),
    },
    { label: 'Average age', value: stats.average_age === null ? '–' : `${stats.average_age} years` },
    {
      label: 'Target group',
      value: isCustom ? 'Custom' : 'Default',
      note: `Ordered: ${ordered}. ${stats.participants} took part.`,
    },
  ];
}

const PDF_NORM_EMOTIONS = [
  ['frustration', 'F'],
  ['joy', 'J'],
  ['attention', 'A'],
] as const;

/** The company's norms when they are given, else the category's, else none. */
function normsOf(results: VideoResults, norms: VideoNorms | undefined, companyName: string) {
  if (!norms) return null;
  const [group, against] = norms.company.video
    ? [norms.company, `${norms.company.tests} other video tests of ${companyName}`]
    : [norms.category, `${norms.category.tests} other video tests in ${norms.category.name}`];
  if (!group.video) return null;
  const bySection = new Map(group.scenes.map((scene) => [scene.section_id, scene]));
  const ranks = results.scenes.map((scene) => {
    const norm = bySection.get(scene.section_id);
    if (!norm?.percentiles) return null;
    const { percentiles, range } = norm;
    // with the range its viewers allow, as the screen writes it (issue 26): one line per emotion
    return PDF_NORM_EMOTIONS.map(
      ([emotion, letter]) =>
        `${letter} ${percentileWithRange(percentiles[emotion], range?.[emotion] ?? null)}`,
    ).join('\n');
  });
  return { against, ranks };
}

/** What the summary PDF shows, from the screens' data. */
export function summaryReport(
  results: VideoResults,
  norms: VideoNorms | undefined,
  test: { name: string; companyName: string; date: string },
  cohort: Cohort = 'all',
): SummaryReport {
  const rows = sceneRows(results);
  return {
    testName: test.name,
    companyName: test.companyName,
    date: test.date,
    about: cohortResultLines(results, cohort),
    stats: whoWatched(results.stats, cohort),
    durationMs: results.duration_ms,
    scores: results.scores,
    scenes: rows.map((row, index) => ({
      ...row,
      startMs: results.scenes[index]?.start_ms ?? 0,
      endMs: results.scenes[index]?.end_ms ?? 0,
    })),
    // a cohort without EEG has no scores to rank among other tests
    norms: results.emotions_cohort === null ? null : normsOf(results, norms, test.companyName),
  };
}
