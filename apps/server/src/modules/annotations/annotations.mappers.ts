import type {
  Emotion,
  Label,
  LabelWithMetrics,
  SignificantPoint,
  Tag,
  TagWithPoints,
} from '@limbus/contract';
import type { LabelRow, TagRow } from './annotations.repository.js';

export function toTag(row: TagRow): Tag {
  return { id: row.id, test_id: row.testId, name: row.name, description: row.description };
}

/** A tag with its points: false positives do not count. */
export function toTagWithPoints(row: TagRow, points: readonly SignificantPoint[]): TagWithPoints {
  const counted = points.filter(
    (point) => !point.false_positive && point.tags.some((tag) => tag.id === row.id),
  );
  return {
    ...toTag(row),
    count: counted.length,
    sps: counted.map((point) => point.id),
    participants: new Set(counted.map((point) => point.participant_id)).size,
    significant_points: counted,
  };
}

export function toLabel(row: LabelRow): Label {
  return { id: row.id, test_id: row.testId, name: row.name, urls: row.urls, match_type: row.matchType };
}

/** What the recomputation stores per page (packages/analytics PageMetrics; NaN is stored as null). */
export type StoredPageMetrics = {
  id: number;
  total_participants: number;
  average_time: number;
  joy: number | null;
  attention: number | null;
  frustration: number | null;
  /** Absent in metrics stored before counts and intervals were kept. */
  emotion_participants?: number;
  intervals?: Partial<Record<Emotion, StoredInterval | null>>;
  significant_points: { id: number }[];
};
type StoredInterval = { lower: number | null; upper: number | null };

const finiteOrNull = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

const intervalOrNull = (interval: StoredInterval | null | undefined) => {
  const lower = finiteOrNull(interval?.lower);
  const upper = finiteOrNull(interval?.upper);
  return lower === null || upper === null ? null : { lower, upper };
};

/** A page with its stored metrics, its points as they read now; zeros before the first recomputation. */
export function toLabelWithMetrics(
  row: LabelRow,
  metrics: StoredPageMetrics | undefined,
  pointById: ReadonlyMap<number, SignificantPoint>,
): LabelWithMetrics {
  return {
    ...toLabel(row),
    total_participants: metrics?.total_participants ?? 0,
    average_time: metrics?.average_time ?? 0,
    joy: finiteOrNull(metrics?.joy),
    attention: finiteOrNull(metrics?.attention),
    frustration: finiteOrNull(metrics?.frustration),
    emotion_participants: metrics ? (metrics.emotion_participants ?? null) : 0,
    intervals: {
      joy: intervalOrNull(metrics?.intervals?.joy),
      attention: intervalOrNull(metrics?.intervals?.attention),
      frustration: intervalOrNull(metrics?.intervals?.frustration),
    },
    significant_points: (metrics?.significant_points ?? []).flatMap(({ id }) => {
      const point = pointById.get(id);
      return point && !point.false_positive ? [point] : [];
    }),
  };
}
