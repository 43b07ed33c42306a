import type { Platform, TestState } from '@limbus/contract';

const STATE_LABELS: Record<TestState, string> = {
  draft: 'Draft',
  requested: 'Requested',
  'in-progress': 'In progress',
  done: 'Done',
};

export const TEST_STATE_COLORS: Record<TestState, string> = {
  draft: 'gray',
  requested: 'blue',
  'in-progress': 'yellow',
  done: 'teal',
};

const PLATFORM_LABELS: Record<Platform, string> = { desktop: 'Desktop', mobile: 'Mobile', video: 'Video' };

export const stateLabel = (state: TestState) => STATE_LABELS[state];
export const platformLabel = (platform: Platform) => PLATFORM_LABELS[platform];
