import {
  NORM_MINIMUM_TESTS,
  type ScoreMeans,
  type ScorePercentiles,
  type VideoNormGroup,
  type VideoScore,
} from '@limbus/contract';

const EMOTIONS = ['joy', 'attention', 'frustration'] as const;
/** Scores closer than this are equal (scores are 0 to 1, answered to 0.001). */
const TIE = 1e-9;

/** The mean of each emotion over the steps; null without steps. */
export function meanScores(scores: readonly VideoScore[]): ScoreMeans | null {
  if (scores.length === 0) return null;
  const mean = (emotion: (typeof EMOTIONS)[number]) =>
    scores.reduce((sum, score) => sum + score[emotion], 0) / scores.length;
  return { joy: mean('joy'), attention: mean('attention'), frustration: mean('frustration') };
}

/**
 * The percentile rank of `value` among `reference` (mid-rank: the share below it plus half the
 * share equal to it, 0 to 100, whole numbers). With one value equal to every other it is 50.
 */
export function percentileRank(value: number, reference: readonly number[]): number {
  // Means of the same values summed in another order differ in the last bits: those are ties.
  const equal = reference.filter((other) => Math.abs(other - value) <= TIE).length;
  const below = reference.filter((other) => other < value - TIE).length;
  return Math.round((100 * (below + equal / 2)) / reference.length);
}

function percentilesOf(means: ScoreMeans, peers: readonly ScoreMeans[]): ScorePercentiles {
  const rank = (emotion: (typeof EMOTIONS)[number]) =>
    percentileRank(
      means[emotion],
      peers.map((peer) => peer[emotion]),
    );
  return { joy: rank('joy'), attention: rank('attention'), frustration: rank('frustration') };
}

export type SceneWindow = { section_id: number; start_ms: number; end_ms: number };

/**
 * Norms of one group of other tests (the company's or the category's video tests): the whole
 * video's and each scene's mean scores as percentiles of those tests' whole-video means. Below
 * NORM_MINIMUM_TESTS tests no percentile is given: a rank among three tests says little.
 */
export function normGroup(
  scores: readonly VideoScore[],
  scenes: readonly SceneWindow[],
  peers: readonly ScoreMeans[],
): VideoNormGroup {
  const video = meanScores(scores);
  if (peers.length < NORM_MINIMUM_TESTS || !video) return { tests: peers.length, video: null, scenes: [] };
  return {
    tests: peers.length,
    video: percentilesOf(video, peers),
    scenes: scenes.map((scene) => {
      const inside = meanScores(
        scores.filter((score) => score.t >= scene.start_ms && score.t <= scene.end_ms),
      );
      return { section_id: scene.section_id, percentiles: inside ? percentilesOf(inside, peers) : null };
    }),
  };
}
