import type { Insight, SignificantPoint } from '@limbus/contract';
import { EMOTION_TEXT_COLORS } from '../../ui';
import { insightFacts } from './insight-facts';

type Numbered = Pick<Insight, 'assigned_id'>;

/** The insights numbered one below and one above, or null at the first and the last (spec 3 §2). */
export function insightNeighbours<T extends Numbered>(
  insights: readonly T[],
  current: Numbered,
): { previous: T | null; next: T | null } {
  const numbered = (number: number) => insights.find((insight) => insight.assigned_id === number) ?? null;
  return { previous: numbered(current.assigned_id - 1), next: numbered(current.assigned_id + 1) };
}

/** The colour of an insight's title: that of the emotion most of its points peak in, as text. */
export function insightColor(insight: Pick<Insight, 'significant_points'>): string {
  return EMOTION_TEXT_COLORS[insightFacts(insight).mainEmotion];
}

/** The point that illustrates the insight: its highlight, else its first commented point, else its first. */
export function highlightOf(
  insight: Pick<Insight, 'highlight_id' | 'significant_points'>,
): SignificantPoint | null {
  const points = insight.significant_points;
  return (
    points.find((point) => point.id === insight.highlight_id) ??
    points.find((point) => point.comment.trim() !== '') ??
    points[0] ??
    null
  );
}

// The clip of a point: the contract's, which a share link's clip uses too.
export { clipWindow } from '@limbus/contract';
