import type { Insight } from '@limbus/contract';
import { toSignificantPoint } from '../participants/participants.mappers.js';
import type { SignificantPointRow } from '../participants/participants.service.js';
import type { InsightRow } from './insights.repository.js';

/** A significant point linked to an insight, with its tags. */
export type LinkedPointRow = SignificantPointRow & { insightId: number };

export function toInsightAnswer(row: InsightRow, points: LinkedPointRow[]): Insight {
  return {
    id: row.id,
    test_id: row.testId,
    assigned_id: row.assignedId,
    title: row.title,
    behavior_comment: row.behaviorComment,
    eeg_comment: row.eegComment,
    eye_tracking_comment: row.eyeTrackingComment,
    touch_tracking_comment: row.touchTrackingComment,
    explanation: row.explanation,
    summary: row.summary,
    suggestion: row.suggestion,
    focus_point: row.focusPoint,
    highlight_id: row.highlightId,
    // Highlight images are not uploaded yet (docs/decisions/insights-and-ai.md): there is never a
    // URL to give.
    highlight_url: null,
    significant_points_ids: points.map((point) => point.id),
    significant_points: points.map(toSignificantPoint),
    evidence_withdrawn_at:
      row.evidenceWithdrawnAt === null ? null : Math.floor(row.evidenceWithdrawnAt.getTime() / 1000),
  };
}
