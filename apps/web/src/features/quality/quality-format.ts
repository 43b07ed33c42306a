import {
  accessOfUser,
  isResearcher,
  type ParticipantQuality,
  QUALITY_PROBLEM_NAMES,
  type QualityProblem,
  type QualityThresholds,
  type User,
} from '@limbus/contract';
import { formatCount, formatNumber, formatPercent } from '../../ui/format';

/** Data quality is the research area's (role admin or the research licence), as the server's access says. */
export const readsDataQuality = (user: Pick<User, 'role' | 'company'> | null | undefined) =>
  user ? isResearcher(accessOfUser(user)) : false;

/** A share 0–1 as a whole percent: 0.934 → '93 %'; '–' when not measured. */
export const formatShare = (share: number | null) => (share === null ? '–' : formatPercent(share));

/** Degrees of visual angle with two decimals: '0.12°'; '–' when not measured. */
export const formatDegrees = (value: number | null) =>
  value === null ? '–' : `${formatNumber(value, 2, 2)}°`;

/** A webcam's error, a few degrees, with one decimal: '2.4°'; '–' when not measured. */
export const formatWebcamDegrees = (value: number | null) =>
  value === null ? '–' : `${formatNumber(value, 1, 1)}°`;

/** A sampling rate in whole hertz: '22 Hz'; '–' when not measured. */
export const formatSamplingRate = (hz: number | null) =>
  hz === null ? '–' : `${formatCount(Math.round(hz))} Hz`;

/** What each threshold says, in words a researcher reads beside the measure. */
export function thresholdText(problem: QualityProblem, thresholds: QualityThresholds): string {
  switch (problem) {
    case 'tracking':
      return `under ${formatShare(thresholds.min_tracking_ratio)}`;
    case 'precision':
      return `over ${formatDegrees(thresholds.max_precision_rms_s2s_deg)}`;
    case 'accuracy':
      return `over ${formatDegrees(thresholds.max_accuracy_deg)}`;
    case 'eeg':
      return `under ${formatShare(thresholds.min_eeg_quality)}`;
  }
}

/** 'Below the quality thresholds: Tracking ratio, EEG signal', or '' when the data is good enough. */
export function problemsText(quality: Pick<ParticipantQuality, 'problems'>): string {
  if (quality.problems.length === 0) return '';
  return `Below the quality thresholds: ${quality.problems.map((p) => QUALITY_PROBLEM_NAMES[p]).join(', ')}`;
}
