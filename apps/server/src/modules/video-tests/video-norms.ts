import { meanConfidenceInterval } from '@limbus/analytics';
import {
  NORM_MINIMUM_TESTS,
  type ScoreMeans,
  type ScorePercentileRanges,
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

/** One viewer's emotions on the video's timeline (timestamps in ms from the video's start). */
export type ViewerEmotions = { timestamp: ArrayLike<number> } & Record<
  (typeof EMOTIONS)[number],
  ArrayLike<number>
>;

/** The viewer's mean of one emotion from `from` to `to` (ms on the video); NaN without samples there. */
function viewerMean(viewer: ViewerEmotions, emotion: (typeof EMOTIONS)[number], from: number, to: number) {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < viewer.timestamp.length; i++) {
    const time = viewer.timestamp[i] as number;
    const value = viewer[emotion][i] as number;
    if (time < from || time > to || !Number.isFinite(value)) continue;
    sum += value;
    count++;
  }
  return count > 0 ? sum / count : Number.NaN;
}

/**
 * Where each percentile could lie (issue 26): the percentiles of the ends of the 95 % interval of
 * the viewers' mean over the window, so that '62nd' comes with the range its viewers allow, such
 * as '40th–81st'. Null when fewer than two viewers have scores there.
 */
export function percentileRanges(
  viewers: readonly ViewerEmotions[],
  window: { from: number; to: number },
  peers: readonly ScoreMeans[],
): ScorePercentileRanges | null {
  const rangeOf = (emotion: (typeof EMOTIONS)[number]): [number, number] | null => {
    const interval = meanConfidenceInterval(
      viewers.map((viewer) => viewerMean(viewer, emotion, window.from, window.to)),
    );
    if (interval.lower === null || interval.upper === null) return null;
    const reference = peers.map((peer) => peer[emotion]);
    return [percentileRank(interval.lower, reference), percentileRank(interval.upper, reference)];
  };
  const [joy, attention, frustration] = EMOTIONS.map(rangeOf);
  return joy && attention && frustration ? { joy, attention, frustration } : null;
}

/**
 * The range widened to hold the percentile shown with it: the percentile comes from the scores the
 * processing stored, the range from the viewers' samples now, and viewers who arrived after the
 * processing can move the interval off the stored mean ('0th, 20th–40th' would contradict itself).
 */
function rangeHolding(
  range: ScorePercentileRanges | null,
  percentiles: ScorePercentiles,
): ScorePercentileRanges | null {
  if (!range) return null;
  const hold = (emotion: (typeof EMOTIONS)[number]): [number, number] => [
    Math.min(range[emotion][0], percentiles[emotion]),
    Math.max(range[emotion][1], percentiles[emotion]),
  ];
  return { joy: hold('joy'), attention: hold('attention'), frustration: hold('frustration') };
}

/**
 * Norms of one group of other tests (the company's or the category's video tests): the whole
 * video's and each scene's mean scores as percentiles of those tests' whole-video means, each with
 * the range its viewers' interval allows. Below NORM_MINIMUM_TESTS tests no percentile is given:
 * a rank among three tests says little.
 */
export function normGroup(
  scores: readonly VideoScore[],
  scenes: readonly SceneWindow[],
  peers: readonly ScoreMeans[],
  viewers: readonly ViewerEmotions[] = [],
): VideoNormGroup {
  const video = meanScores(scores);
  if (peers.length < NORM_MINIMUM_TESTS || !video)
    return { tests: peers.length, video: null, video_range: null, scenes: [] };
  const videoPercentiles = percentilesOf(video, peers);
  return {
    tests: peers.length,
    video: videoPercentiles,
    video_range: rangeHolding(
      percentileRanges(viewers, { from: 0, to: Number.POSITIVE_INFINITY }, peers),
      videoPercentiles,
    ),
    scenes: scenes.map((scene) => {
      const inside = meanScores(
        scores.filter((score) => score.t >= scene.start_ms && score.t <= scene.end_ms),
      );
      if (!inside) return { section_id: scene.section_id, percentiles: null, range: null };
      const percentiles = percentilesOf(inside, peers);
      const window = { from: scene.start_ms, to: scene.end_ms };
      return {
        section_id: scene.section_id,
        percentiles,
        range: rangeHolding(percentileRanges(viewers, window, peers), percentiles),
      };
    }),
  };
}
