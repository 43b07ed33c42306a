import { describe, expect, it } from 'vitest';
import { formatDegrees, formatShare, problemsText, readsDataQuality, thresholdText } from './quality-format';

const thresholds = {
  min_tracking_ratio: 0.7,
  max_precision_rms_s2s_deg: 0.5,
  max_accuracy_deg: 1.5,
  min_eeg_quality: 0.7,
};

describe('quality formats', () => {
  it('writes shares as whole percents and angles with two decimals', () => {
    expect(formatShare(0.934)).toBe('93 %');
    expect(formatShare(null)).toBe('–');
    expect(formatDegrees(0.123)).toBe('0.12°');
    expect(formatDegrees(null)).toBe('–');
  });

  it('names the thresholds a participant misses', () => {
    expect(thresholdText('tracking', thresholds)).toBe('under 70 %');
    expect(thresholdText('accuracy', thresholds)).toBe('over 1.50°');
    expect(problemsText({ problems: ['tracking', 'eeg'] })).toBe(
      'Below the quality thresholds: Tracking ratio, EEG signal',
    );
    expect(problemsText({ problems: [] })).toBe('');
  });

  it('is shown to the research area only', () => {
    expect(readsDataQuality({ role: 'admin', company: null })).toBe(true);
    expect(readsDataQuality({ role: 'company_admin', company: null })).toBe(false);
  });
});
