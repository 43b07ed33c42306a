import { meanConfidenceInterval } from './confidence-interval.js';
import { pairedPValue, type RankedTierItem, rankTiers } from './rank-tiers.js';
import { EMOTIONS, type Emotion } from './samples.js';

/** A significant point as tag metrics need it. */
export type TaggedPoint = { id: number; emotion: string; participant_id: number; false_positive?: boolean };

/** A tag with its points (spec 3 §3 Tag). */
export type TagInput<P extends TaggedPoint = TaggedPoint> = {
  id: number;
  name: string;
  significant_points: readonly P[];
};

/** Per emotion: the count of points, the points, and how many participants they come from. */
export type TagEmotionMetrics<P extends TaggedPoint = TaggedPoint> = {
  count: number;
  sps: P[];
  participants: number;
};

export type TagMetrics<P extends TaggedPoint = TaggedPoint> = {
  id: number;
  name: string;
  byEmotion: Record<Emotion, TagEmotionMetrics<P>>;
};

/**
 * Per tag and emotion (spec 3 §2 Tags, §3 Tag computed count, sps, participants): the tag's
 * significant points of that emotion, false positives excluded, their count and the number of
 * distinct participants. Points of other emotions (spread, fluency) are not counted. O(points).
 */
export function tagMetrics<P extends TaggedPoint>(tags: readonly TagInput<P>[]): TagMetrics<P>[] {
  return tags.map((tag) => {
    const byEmotion = {} as Record<Emotion, TagEmotionMetrics<P>>;
    for (const e of EMOTIONS) {
      const sps = tag.significant_points.filter((p) => p.emotion === e && !p.false_positive);
      byEmotion[e] = { count: sps.length, sps, participants: new Set(sps.map((p) => p.participant_id)).size };
    }
    return { id: tag.id, name: tag.name, byEmotion };
  });
}

/** The `count` (default 3) tags with most points of an emotion, most first (stable); tags without any are left out. */
export function topTags<P extends TaggedPoint>(
  metrics: readonly TagMetrics<P>[],
  emotion: Emotion,
  count = 3,
): TagMetrics<P>[] {
  return metrics
    .filter((m) => m.byEmotion[emotion].count > 0)
    .sort((a, b) => b.byEmotion[emotion].count - a.byEmotion[emotion].count)
    .slice(0, count);
}

/**
 * The tags with points of an emotion, most first, in tiers that can be told apart (rankTiers,
 * docs/decisions/results-screens.md): each adjacent pair is compared by the paired t-test of the
 * participants' counts of that tag's points (every participant of the test, 0 where they have
 * none, so n is the test's participants), Holm over the pairs.
 */
export function rankTagTiers<P extends TaggedPoint>(
  metrics: readonly TagMetrics<P>[],
  emotion: Emotion,
  participantIds: readonly number[],
): RankedTierItem<TagMetrics<P>>[] {
  const withPoints = metrics.filter((m) => m.byEmotion[emotion].count > 0);
  const perParticipant = new Map(
    withPoints.map((m) => {
      const counts = new Map<number, number>();
      for (const p of m.byEmotion[emotion].sps)
        counts.set(p.participant_id, (counts.get(p.participant_id) ?? 0) + 1);
      return [m.id, participantIds.map((id) => counts.get(id) ?? 0)];
    }),
  );
  return rankTiers(
    withPoints,
    (m) => m.byEmotion[emotion].count,
    (a, b) => pairedPValue(perParticipant.get(a.id) ?? [], perParticipant.get(b.id) ?? []),
  );
}

/** Ranking bar width in px (spec 3 §9): 2 per point. */
export const tagPointBarWidth = (points: number) => 2 * points;

/** Spec 3 §9: the compare chart stacks the first 9 tags. */
export const COMPARE_CHART_TAGS = 9;

/**
 * The 95 % interval of a count of points over the test's participants: n × the t-interval of the
 * participants' mean count (participants without a point count 0), the lower end at least 0; null
 * with fewer than two participants. What a tag's count could be in another sample of n.
 */
export function countInterval(
  points: readonly TaggedPoint[],
  participantIds: readonly number[],
): { lower: number; upper: number } | null {
  const perParticipant = meanConfidenceInterval(
    participantIds.map((id) => points.filter((point) => point.participant_id === id).length),
  );
  if (perParticipant.lower === null || perParticipant.upper === null) return null;
  const n = participantIds.length;
  return { lower: Math.max(0, perParticipant.lower * n), upper: perParticipant.upper * n };
}

/**
 * The tags of the compare chart: the first 9 in the given order, with counts per emotion and the
 * 95 % interval of their total over the test's participants (the chart's whiskers, issue 26).
 */
export function compareChartTags<P extends TaggedPoint>(
  metrics: readonly TagMetrics<P>[],
  participantIds: readonly number[] = [],
): {
  id: number;
  name: string;
  counts: Record<Emotion, number>;
  interval: { lower: number; upper: number } | null;
}[] {
  return metrics.slice(0, COMPARE_CHART_TAGS).map((m) => ({
    id: m.id,
    name: m.name,
    counts: {
      joy: m.byEmotion.joy.count,
      attention: m.byEmotion.attention.count,
      frustration: m.byEmotion.frustration.count,
    },
    interval: countInterval(
      EMOTIONS.flatMap((emotion) => m.byEmotion[emotion].sps),
      participantIds,
    ),
  }));
}
