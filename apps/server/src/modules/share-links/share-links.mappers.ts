import {
  type Emotion,
  type Insight,
  isAnnotatedPoint,
  type LabelWithMetrics,
  type SharedInsight,
  type SharedLink,
  type SharedPage,
  type SharedTag,
  type ShareLink,
  type ShareLinkState,
  type TagWithPoints,
} from '@limbus/contract';
import type { ShareLinkRow } from './share-links.repository.js';

const toUnixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function linkStateOf(row: Pick<ShareLinkRow, 'expiresAt' | 'revokedAt'>, now: Date): ShareLinkState {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

export function toShareLink(row: ShareLinkRow, now: Date): ShareLink {
  return {
    id: row.id,
    test: { id: row.testId, name: row.testName },
    scope: row.scope,
    insight:
      row.insightId !== null && row.insightAssignedId !== null
        ? { id: row.insightId, assigned_id: row.insightAssignedId, title: row.insightTitle ?? '' }
        : null,
    expires_at: toUnixSeconds(row.expiresAt),
    has_password: row.passwordHash !== null,
    allow_recordings: row.allowRecordings,
    created_by: row.createdBy,
    created_at: toUnixSeconds(row.createdAt),
    views: row.views,
    last_viewed_at: row.lastViewedAt ? toUnixSeconds(row.lastViewedAt) : null,
    revoked_at: row.revokedAt ? toUnixSeconds(row.revokedAt) : null,
    state: linkStateOf(row, now),
  };
}

/** The visitor's shell: the test's name and the insight's number only once the link is open. */
export function toSharedLink(
  row: ShareLinkRow,
  unlocked: boolean,
  cohorts: { lab: number; remote: number } | null,
): SharedLink {
  return {
    company: row.companyName,
    test: unlocked ? { name: row.testName, test_type: row.testType, cohorts } : null,
    scope: row.scope,
    insight_assigned_id: unlocked ? row.insightAssignedId : null,
    shared_by: row.createdBy,
    expires_at: toUnixSeconds(row.expiresAt),
    has_password: row.passwordHash !== null,
    locked: !unlocked,
    allow_recordings: row.allowRecordings,
  };
}

/** An insight without ids, its points of the participants shown only, each by pseudonym. */
export function toSharedInsight(
  insight: Insight,
  pseudonyms: ReadonlyMap<number, string>,
  pseudonymise: (text: string) => string,
  clip: SharedInsight['clip'],
): SharedInsight {
  const points = insight.significant_points.filter(
    (point) => pseudonyms.has(point.participant_id) && isAnnotatedPoint(point),
  );
  return {
    assigned_id: insight.assigned_id,
    title: pseudonymise(insight.title),
    behavior_comment: pseudonymise(insight.behavior_comment),
    eeg_comment: pseudonymise(insight.eeg_comment),
    eye_tracking_comment: pseudonymise(insight.eye_tracking_comment),
    touch_tracking_comment: pseudonymise(insight.touch_tracking_comment),
    explanation: pseudonymise(insight.explanation),
    summary: pseudonymise(insight.summary),
    suggestion: pseudonymise(insight.suggestion),
    focus_point: pseudonymise(insight.focus_point),
    highlight_url: points.some((point) => point.id === insight.highlight_id) ? insight.highlight_url : null,
    significant_points: points.map((point) => ({
      emotion: point.emotion,
      comment: pseudonymise(point.comment),
      translation: pseudonymise(point.translation),
      tags: point.tags.map((tag) => tag.name),
      participant: pseudonyms.get(point.participant_id) ?? '',
    })),
    participants: new Set(points.map((point) => point.participant_id)).size,
    clip,
  };
}

const peaksOf = (label: LabelWithMetrics, emotion: Emotion) =>
  label.significant_points.filter((point) => point.emotion === emotion).length;

export function toSharedPage(label: LabelWithMetrics): SharedPage {
  return {
    name: label.name,
    total_participants: label.total_participants,
    average_time: label.average_time,
    joy: label.joy,
    attention: label.attention,
    frustration: label.frustration,
    emotion_participants: label.emotion_participants,
    intervals: label.intervals,
    peaks: {
      joy: peaksOf(label, 'joy'),
      attention: peaksOf(label, 'attention'),
      frustration: peaksOf(label, 'frustration'),
    },
  };
}

export function toSharedTag(tag: TagWithPoints): SharedTag {
  return { name: tag.name, description: tag.description, count: tag.count, participants: tag.participants };
}
