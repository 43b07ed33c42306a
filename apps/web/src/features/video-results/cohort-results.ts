import type { Cohort, VideoResults } from '@limbus/contract';
import { participantsOfCohort } from '../cohorts';

/**
 * What a cohort's video results are made of, in words, for the screens and the summary PDF: whose
 * gaze the heatmap video and eye-movement moments show, and whose EEG the emotion curves average
 * (remote participants have none). Nothing for everyone's results.
 */
export function cohortResultLines(
  results: Pick<VideoResults, 'stats' | 'gaze_cohort' | 'emotions_cohort'>,
  cohort: Cohort,
): string[] {
  if (cohort === 'all') return [];
  const viewers = participantsOfCohort(results.stats.participants, cohort);
  const gaze =
    results.gaze_cohort === cohort
      ? `Gaze heatmap and eye-movement moments: the ${viewers} alone.`
      : 'Gaze heatmap and eye-movement moments: all participants. The video was processed before this test had lab and remote participants; processing it again makes each cohort its own.';
  return [gaze, emotionsLine(results.emotions_cohort, cohort)];
}

function emotionsLine(emotions: Cohort | null, cohort: Cohort): string {
  if (emotions === null)
    return `The ${cohort} participants were recorded without EEG, so there are no emotion curves, significant points or emotion moments for them: choose Lab or All to see those.`;
  if (emotions === cohort) return `Emotion curves and points: the EEG of the ${cohort} participants.`;
  return 'Emotion curves and points: the EEG of all participants who wore one.';
}
