import type { Insight } from '@limbus/contract';

/** An insight as GET /tests/{id}/insights lists it, with the server's '...' defaults, for component tests. */
export function makeInsight(overrides: Partial<Insight> = {}): Insight {
  return {
    id: 1,
    test_id: 4,
    assigned_id: 1,
    title: 'Insight',
    behavior_comment: '...',
    eeg_comment: '...',
    eye_tracking_comment: '...',
    touch_tracking_comment: '...',
    explanation: '...',
    summary: '...',
    suggestion: '',
    focus_point: '',
    highlight_id: null,
    highlight_url: null,
    evidence_withdrawn_at: null,
    significant_points_ids: [],
    significant_points: [],
    ...overrides,
  };
}
